import { parts } from "../../kernel/dates/dates";

/**
 * The event calendar (/event, docs/requirements.md §1.6, §7.7): an entry has a month and a
 * date as text (the demo's "JAN" and "14"), a name and an optional link; the record has no
 * year. Whether an entry is past, and what the studio accepts for it, is decided here
 * (pure, unit-tested).
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** 1–12 from "JAN", "January", "sept" or "3"; null when it is not a month. */
export function monthNumber(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (/^\d{1,2}$/.test(value)) {
    const n = Number(value);
    return n >= 1 && n <= 12 ? n : null;
  }
  const index = MONTHS.indexOf(value.slice(0, 3));
  return index >= 0 && /^[a-z]+\.?$/.test(value) ? index + 1 : null;
}

/** The day of the month from "14", "14th" or a range "14-15" (its last day); null when there is none. */
export function dayNumber(text: string): number | null {
  const numbers = text.match(/\d+/g);
  if (!numbers) return null;
  const n = Number(numbers[numbers.length - 1]);
  return n >= 1 && n <= 31 ? n : null;
}

/** A year the name gives ("Onam Festival 2026"), if any. */
function yearInName(name: string): number | null {
  const match = /\b(19|20)\d{2}\b/.exec(name);
  return match ? Number(match[0]) : null;
}

/** [year, month, day] of an instant in UK time. */
function ukDay(at: number): [number, number, number] {
  const { year, month, day } = parts(at, { year: "numeric", month: "2-digit", day: "2-digit" });
  return [Number(year), Number(month), Number(day)];
}

const key = (year: number, month: number, day: number) => year * 10000 + month * 100 + day;

export interface CalendarDayInput {
  month: string;
  date: string;
  name: string;
  createdAt: number;
}

/**
 * The entry's day as a sortable number (yyyymmdd), or null when its month or date cannot be
 * read. Its year: the one its name gives, else the first time that month and day come on or
 * after the day it was added (an entry added in December for "JAN 14" means next January).
 */
export function calendarDayKey(entry: CalendarDayInput): number | null {
  const month = monthNumber(entry.month);
  const day = dayNumber(entry.date);
  if (month === null || day === null) return null;
  const named = yearInName(entry.name);
  if (named !== null) return key(named, month, day);
  const [year, addedMonth, addedDay] = ukDay(entry.createdAt);
  return key(key(0, month, day) < key(0, addedMonth, addedDay) ? year + 1 : year, month, day);
}

/**
 * The entry's day as "YYYY-MM-DD", its year worked out as calendarDayKey does (the record has
 * none: /event shows the year so nobody reads last January's entry as next January's), or
 * null when its month or date cannot be read.
 */
export function calendarDay(entry: CalendarDayInput): string | null {
  const day = calendarDayKey(entry);
  if (day === null) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(day / 10000)}-${pad(Math.floor(day / 100) % 100)}-${pad(day % 100)}`;
}

/** Whether the entry's day is before today in UK time (`now` in Unix seconds); an entry whose day cannot be read is never past. */
export function isPastEvent(entry: CalendarDayInput, now: number): boolean {
  const day = calendarDayKey(entry);
  return day !== null && day < key(...ukDay(now));
}

/** What /event shows on a past entry, and what a screen reader hears. */
export const PAST_EVENT_TEXT = "Past";
export const PAST_EVENT_LABEL = "This event has already taken place";
