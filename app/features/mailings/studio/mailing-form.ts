import { z } from "zod";
import { asText, optionalText } from "~/kernel/forms/text-schemas";
import { linkAddress } from "~/kernel/forms/link-address";
import { MAILING_KINDS, type Audience } from "~/kernel/store/records";
import { AUDIENCE_CHOICES, MAILING_LIMITS, parseYears } from "./mailing-fields";

/**
 * The studio's mailing form (/studio/mailings/new and /studio/mailings/:id, docs/requirements.md
 * §13): its fields and messages. Only the routes' actions parse with it, so the browser never
 * downloads zod; what the pages need is in ./mailing-fields.ts.
 */

/**
 * The form's buttons: Save keeps the draft; Send and Schedule save it first, then send (after
 * the question) or schedule it; Test saves it and sends one copy to the sender.
 */
export const MAILING_INTENTS = ["save", "send", "schedule", "test"] as const;
export type MailingIntent = (typeof MAILING_INTENTS)[number];

export const MAILING_MESSAGES = {
  subject: "Please enter a subject",
  button: "Please give the button both its words and its address, or leave both empty",
  years: "Please type the years the children were born, like 2015, 2016",
  event: "Please choose the event",
  scheduleDay: "Please choose the day to send it",
  scheduleTime: "Please choose the time to send it (UK time)",
  scheduleInvalid: "That day and time do not exist in UK time. Please choose another.",
  schedulePast: "That time has passed. Please choose a day and time in the future (UK time).",
  emptyAudience: "Nobody in this audience would get it now, so it was not sent. Your draft is saved: choose another audience, or send it later.",
  emptyAudienceSchedule: "Nobody in this audience would get it now. Your draft is saved: choose another audience before scheduling it.",
} as const;

export const mailingFormSchema = z
  .object({
    intent: z.preprocess((v) => (v == null || v === "" ? "save" : v), z.enum(MAILING_INTENTS, { error: "Please use the form's buttons" })),
    kind: z.preprocess((v) => (v == null || v === "" ? "notice" : v), z.enum(MAILING_KINDS, { error: "Please choose notice or newsletter" })),
    subject: z.preprocess(
      asText,
      z
        .string()
        .trim()
        .min(1, { error: MAILING_MESSAGES.subject, abort: true })
        .max(MAILING_LIMITS.subject, { error: `The subject must be at most ${MAILING_LIMITS.subject} characters` }),
    ),
    preview: optionalText(MAILING_LIMITS.preview, "The preview line"),
    body: optionalText(MAILING_LIMITS.body, "The text"),
    buttonLabel: optionalText(MAILING_LIMITS.buttonLabel, "The button's words"),
    buttonUrl: optionalText(MAILING_LIMITS.buttonUrl, "The button's address"),
    audience: z.preprocess(
      (v) => (v == null || v === "" ? "active" : v),
      z.enum(AUDIENCE_CHOICES.map((choice) => choice.kind) as [Audience["kind"], ...Audience["kind"][]], { error: "Please choose who it goes to" }),
    ),
    years: optionalText(80, "The years"),
    eventId: optionalText(40, "The event"),
    publishNews: z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean()),
    scheduleDay: optionalText(10, "The day"),
    scheduleTime: optionalText(5, "The time"),
  })
  .superRefine((form, ctx) => {
    if (!form.buttonLabel !== !form.buttonUrl)
      ctx.addIssue({ code: "custom", path: [form.buttonLabel ? "buttonUrl" : "buttonLabel"], message: MAILING_MESSAGES.button });
    if (form.buttonUrl) {
      const link = linkAddress(form.buttonUrl);
      if (!link.ok) ctx.addIssue({ code: "custom", path: ["buttonUrl"], message: link.message });
    }
    if (form.audience === "children-born" && !parseYears(form.years)) ctx.addIssue({ code: "custom", path: ["years"], message: MAILING_MESSAGES.years });
    if (form.audience === "event-tickets" && !form.eventId) ctx.addIssue({ code: "custom", path: ["eventId"], message: MAILING_MESSAGES.event });
    if (form.intent === "schedule") {
      if (!form.scheduleDay) ctx.addIssue({ code: "custom", path: ["scheduleDay"], message: MAILING_MESSAGES.scheduleDay });
      if (!form.scheduleTime) ctx.addIssue({ code: "custom", path: ["scheduleTime"], message: MAILING_MESSAGES.scheduleTime });
    }
  })
  // The button keeps the address as a link is stored (docs/requirements.md §13.1, §7.11): "www.example.org"
  // typed as it was would be a relative link in the e-mail, which goes nowhere.
  .transform((form) => {
    const link = form.buttonUrl ? linkAddress(form.buttonUrl) : null;
    return { ...form, buttonUrl: link?.ok ? link.href : "" };
  });
export type MailingFormInput = z.output<typeof mailingFormSchema>;

/** The audience the form chose, with its years or its event. */
export function audienceFromForm(form: Pick<MailingFormInput, "audience" | "years" | "eventId">): Audience {
  switch (form.audience) {
    case "children-born":
      return { kind: "children-born", years: (parseYears(form.years) ?? []).slice(0, MAILING_LIMITS.years) };
    case "event-tickets":
      return { kind: "event-tickets", eventId: form.eventId };
    default:
      return { kind: form.audience };
  }
}

/** An opening tag: the only place a handler or a javascript: link can sit (prose such as "one = £5" is not one). */
const OPENING_TAG = /<[a-z][^>]*>/gi;

/**
 * Whether the posted text held something the sanitiser takes out (a script or frame element, an
 * on… handler, a javascript: link), so the toast can say so (docs/requirements.md §13.1). Only
 * tags are looked at, never the words of the text.
 */
export function hadScript(posted: string): boolean {
  if (/<(?:script|iframe)\b/i.test(posted)) return true;
  return [...posted.matchAll(OPENING_TAG)].some(([tag]) => /\son[a-z]+\s*=|javascript:/i.test(tag));
}

/** The buttons that post no fields: Send's confirmation (Yes), taking a schedule back, and "send the failed again". */
export const mailingButtonSchema = z.object({
  intent: z.enum(["send", "unschedule"], { error: "Please use the form's buttons" }),
  confirmed: z.literal("1").optional(),
});

/** Whether a post is one of those buttons: the confirmation's Yes carries `confirmed`, Cancel the schedule its intent. */
export const isMailingButtonPost = (form: FormData) => form.get("confirmed") === "1" || form.get("intent") === "unschedule";
