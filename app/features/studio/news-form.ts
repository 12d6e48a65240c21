import { z } from "zod";
import { asText, optionalText } from "~/kernel/forms/text-schemas";
import { NEWS_LIMITS, isCalendarDay } from "./news-fields";

/**
 * The studio's news form (/studio/news/new and /studio/news/:id, docs/requirements.md §7.6): its fields and
 * messages. Only the routes' actions parse with these schemas, so the browser never
 * downloads zod; what the pages need is in ./news-fields.ts.
 */

/** The form's buttons: Save keeps the item as it is (a new one a draft); Publish saves and publishes. */
export const NEWS_INTENTS = ["save", "publish"] as const;
export type NewsIntent = (typeof NEWS_INTENTS)[number];

export const newsFormSchema = z.object({
  intent: z.preprocess((v) => (v == null || v === "" ? "save" : v), z.enum(NEWS_INTENTS, { error: "Please use the form's buttons" })),
  title: z.preprocess(
    asText,
    z
      .string({ error: "Please enter a title" })
      .trim()
      .min(1, { error: "Please enter a title", abort: true })
      .max(NEWS_LIMITS.title, { error: `The title must be at most ${NEWS_LIMITS.title} characters` }),
  ),
  date: z.preprocess(asText, z.string({ error: "Please enter the date" }).trim().refine(isCalendarDay, { error: "Please enter the date" })),
  excerpt: optionalText(NEWS_LIMITS.excerpt, "The summary"),
  content: z.preprocess(
    asText,
    z
      .string({ error: "Please write the news item" })
      .trim()
      .min(1, { error: "Please write the news item", abort: true })
      .max(NEWS_LIMITS.content, { error: "The news item is too long" }),
  ),
});
export type NewsFormInput = z.output<typeof newsFormSchema>;

/**
 * The buttons that post no fields: Unpublish, and Delete, which changes anything only with
 * `confirmed` (the confirmation step's Yes); without it the page asks first.
 */
export const newsButtonSchema = z.object({
  intent: z.enum(["unpublish", "delete"], { error: "Please use the form's buttons" }),
  confirmed: z.literal("1").optional(),
});

/** Which schema a post is for, by its button. */
export const isNewsButtonPost = (intent: FormDataEntryValue | null) => intent === "unpublish" || intent === "delete";
