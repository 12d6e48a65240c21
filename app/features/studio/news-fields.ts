import { parts } from "~/kernel/dates/dates";
import type { NewsItem, UnixSeconds } from "~/kernel/store/records";

/**
 * The studio's news item as the form shows it (docs/requirements.md §7.6): limits, the date as a calendar
 * day, the image as a path. Pure and free of zod, so the studio's pages can use it in the
 * browser without downloading the form schema (app/features/studio/news-form.ts, actions only).
 */

export const NEWS_LIMITS = { title: 200, image: 500, excerpt: 2_000, content: 200_000 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-24" is a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

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

/** Draft or Published, as the studio's list says it. */
export const newsStatus = (item: Pick<NewsItem, "published">) => (item.published ? "Published" : "Draft");
