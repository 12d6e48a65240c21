import { z } from "zod";
import { parts } from "./dates";
import type { MediaRef, NewsItem, UnixSeconds } from "./records";

/**
 * The studio's news form (/studio/news/new and /studio/news/:id, issue 18): its fields,
 * limits and messages, and the news item's date as a calendar day. Pure; only the routes'
 * actions parse with the schemas, so the browser never downloads zod.
 */

export const NEWS_LIMITS = { title: 200, image: 500, excerpt: 2_000, content: 200_000 } as const;

/** The form's buttons: Save keeps the item as it is (a new one a draft); the others also publish or take back. */
export const NEWS_INTENTS = ["save", "publish", "unpublish"] as const;
export type NewsIntent = (typeof NEWS_INTENTS)[number];

const asText = (value: unknown) => (typeof value === "string" ? value : "");
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-24" is a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An image path the site can show: one of ours ("/demo/…", "/media/…") or a web address. */
export function isImagePath(value: string): boolean {
  return (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\/[^\s]+$/i.test(value);
}

const optionalText = (max: number, label: string) =>
  z.preprocess(asText, z.string().trim().max(max, { error: `${label} must be at most ${max.toLocaleString("en-GB")} characters` }));

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
  image: optionalText(NEWS_LIMITS.image, "The image path").refine((v) => v === "" || isImagePath(v), {
    error: "Please enter a path that starts with / or a web address (https://…)",
  }),
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

/** Delete: only after the confirmation step (a post without `confirmed` shows the question). */
export const newsDeleteSchema = z.object({ intent: z.literal("delete"), confirmed: z.literal("1").optional() });

/** A news item's date as a calendar day in UK time ("2026-11-24"), for the date field. */
export function newsDay(createdAt: UnixSeconds): string {
  const { year, month, day } = parts(createdAt, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${year}-${month}-${day}`;
}

/**
 * The stored time for a day typed in the form: noon UTC, which is that same day in UK time
 * all year. An item whose day did not change keeps its time, so items of one day keep their order.
 */
export function newsTime(day: string, previous?: UnixSeconds): UnixSeconds {
  if (previous !== undefined && newsDay(previous) === day) return previous;
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

/** The image field: a bare path, as the studio types it (its other details are kept when the path is the same). */
export function newsImage(path: string, previous: MediaRef | null = null): MediaRef | null {
  if (!path) return null;
  return previous && previous.path === path ? previous : { path };
}

/** Draft or Published, as the studio's list says it. */
export const newsStatus = (item: Pick<NewsItem, "published">) => (item.published ? "Published" : "Draft");
