import { parts } from "~/kernel/dates/dates";
import type { Audience, AudienceKind, Mailing, MailingKind, MailingStatus, UnixSeconds } from "~/kernel/store/records";

/**
 * The studio's member mailings as the screens show them (docs/requirements.md §13): limits,
 * the words for each kind, audience and status, and UK time for schedules. Pure and free of
 * zod, so the pages can use it in the browser without the form schema (mailing-form.ts).
 */

export const MAILING_LIMITS = { subject: 200, preview: 200, body: 200_000, buttonLabel: 60, buttonUrl: 500, years: 10 } as const;

/** Each kind with the sentence the form shows under it: who gets it and why. */
export const KIND_CHOICES: ReadonlyArray<{ kind: MailingKind; label: string; explains: string }> = [
  {
    kind: "notice",
    label: "Notice",
    explains: "About membership itself: the AGM, a fee change, the renewal. It goes to everyone in the audience, because members need to know.",
  },
  {
    kind: "newsletter",
    label: "Newsletter",
    explains: "News, events and everything else. It goes only to the members in the audience who agreed to receive newsletters.",
  },
];

export const AUDIENCE_CHOICES: ReadonlyArray<{ kind: AudienceKind; label: string }> = [
  { kind: "active", label: "All members whose membership is active" },
  { kind: "not-renewed", label: "Members who have not renewed this year" },
  { kind: "family", label: "Family members" },
  { kind: "children-born", label: "Members with a child born in chosen years" },
  { kind: "event-tickets", label: "The ticket holders of an event" },
  { kind: "applicants", label: "Applicants waiting for payment" },
];

export const isAudienceKind = (value: unknown): value is AudienceKind => AUDIENCE_CHOICES.some((choice) => choice.kind === value);

export const kindLabel = (kind: MailingKind) => KIND_CHOICES.find((choice) => choice.kind === kind)?.label ?? kind;

/** The audience in words, as the list and the confirmation say it. */
export function audienceLabel(audience: Audience, eventTitle?: string): string {
  if (audience.kind === "children-born") return `Members with a child born in ${audience.years.join(", ")}`;
  if (audience.kind === "event-tickets") return `The ticket holders of ${eventTitle ?? "an event"}`;
  return AUDIENCE_CHOICES.find((choice) => choice.kind === audience.kind)?.label ?? audience.kind;
}

export const STATUS_LABELS: Record<MailingStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** A mailing that started sending cannot be changed any more: its screen is read-only. */
export const hasStarted = (mailing: Pick<Mailing, "status">) => mailing.status === "sending" || mailing.status === "sent" || mailing.status === "cancelled";

/** "1 member", "42 members". */
export const membersCount = (count: number) => `${count.toLocaleString("en-GB")} ${count === 1 ? "member" : "members"}`;

/** Years typed as "2015, 2016" or "2015 2016": the years, or null when any part is not a year. */
export function parseYears(typed: string): number[] | null {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return null;
  const years: number[] = [];
  for (const part of parts) {
    if (!/^\d{4}$/.test(part)) return null;
    const year = Number(part);
    if (year < 1900 || year > 2100) return null;
    if (!years.includes(year)) years.push(year);
  }
  return years.sort((a, b) => a - b);
}

// ---- UK time (Europe/London) for schedules: the stored time is UTC seconds ----

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** An instant's parts in UK time, through the site's own cached formatters (kernel/dates). */
const londonParts = (at: UnixSeconds) => parts(at, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The UK day and time of an instant, as the date and time fields take them ("2026-12-01", "18:30"). */
export function ukDayAndTime(at: UnixSeconds): { day: string; time: string } {
  const p = londonParts(at);
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * A day and a time typed in UK time as UTC seconds; null when either is not a real day or time,
 * or the time does not exist that day (the hour skipped when the clocks go forward). An hour that
 * happens twice (the clocks going back) is its first, summer-time, instance.
 */
export function ukTimeToUnix(day: string, time: string): UnixSeconds | null {
  if (!DAY.test(day) || !TIME.test(time)) return null;
  const asUtc = Date.parse(`${day}T${time}:00Z`) / 1000;
  if (Number.isNaN(asUtc) || new Date(asUtc * 1000).toISOString().slice(0, 10) !== day) return null;
  // UK time is UTC or UTC+1: try the summer offset first, then winter; keep the one that reads back.
  for (const offset of [3600, 0]) {
    const at = asUtc - offset;
    const back = ukDayAndTime(at);
    if (back.day === day && back.time === time) return at;
  }
  return null;
}

/** "Tuesday 1 December 2026 at 18:30" in UK time. */
export function formatUkDateTime(at: UnixSeconds): string {
  const p = parts(at, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.weekday} ${p.day} ${p.month} ${p.year} at ${p.hour}:${p.minute}`;
}
