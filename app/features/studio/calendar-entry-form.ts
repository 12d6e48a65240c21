import { z } from "zod";
import { dayNumber, monthNumber } from "~/features/site";
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, type CalendarField } from "./calendar-entry-fields";
import { safeHref } from "~/kernel/http/safe-href";

export { CALENDAR_LIMITS, CALENDAR_MESSAGES, type CalendarField };

/** The studio's calendar entry form (/studio/calendar): server-only (the action parses), so no public page loads zod. */

/**
 * conform's parseWithZod turns an empty field into undefined before these schemas see it:
 * a required field's own type error is its "Please enter" message, an optional one defaults to "".
 */
const required = (field: CalendarField, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(CALENDAR_LIMITS[field], { error: `At most ${CALENDAR_LIMITS[field]} characters` });

/** A calendar entry as the studio saves it: month and day must be readable (so "Past" can be worked out), the link safe. */
export const calendarEntrySchema = z.object({
  month: required("month", CALENDAR_MESSAGES.month).refine((v) => monthNumber(v) !== null, { error: CALENDAR_MESSAGES.month }),
  date: required("date", CALENDAR_MESSAGES.date).refine((v) => dayNumber(v) !== null, { error: CALENDAR_MESSAGES.date }),
  name: required("name", CALENDAR_MESSAGES.name),
  url: z
    .string()
    .trim()
    .max(CALENDAR_LIMITS.url, { error: `At most ${CALENDAR_LIMITS.url} characters` })
    .default("")
    .refine((v) => !v || (safeHref(v) !== null && (v.startsWith("/") || /^https?:\/\//i.test(v))), {
      error: CALENDAR_MESSAGES.url,
    }),
});
export type CalendarEntryInput = z.infer<typeof calendarEntrySchema>;
