/** Dates as docs/requirements.md §1.1 shows them, in the association's own time zone. */
const TIME_ZONE = "Europe/London";

/** Formatters by their options: making one costs far more than using it (10,000 rows of the CSV export). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function parts(at: number, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(new Date(at * 1000)).map((part) => [part.type, part.value]));
}

/**
 * A news item's date: day of month plus one, short month name, year
 * ("31 Jan" shows as "32 Jan"). docs/requirements.md §1.7 keeps this quirk of the original site
 * on purpose; see docs/decisions/0008-news-date-quirk.md.
 */
export function formatNewsDate(createdAt: number): string {
  const { day, month, year } = parts(createdAt, { day: "numeric", month: "short", year: "numeric" });
  return `${Number(day) + 1} ${month} ${year}`;
}

/** The same instant as an ISO date (for `<time dateTime>` and Open Graph). */
export function isoDate(createdAt: number): string {
  return new Date(createdAt * 1000).toISOString();
}

/** A day as the back office shows it, in UK time: "05-03-2026" (a registration, a payment, a ticket). */
export function formatDay(at: number): string {
  const p = parts(at, { day: "2-digit", month: "2-digit", year: "numeric" });
  return `${p.day}-${p.month}-${p.year}`;
}

/** The year in the association's own time zone (a renewal made at 00:30 on 1 January counts for the new year). */
export function currentYear(now: Date = new Date()): number {
  return Number(parts(Math.floor(now.getTime() / 1000), { year: "numeric" }).year);
}

/** The month (1–12) in the association's own time zone: the free-subscription rule reads it. */
export function currentMonth(now: Date = new Date()): number {
  return Number(parts(Math.floor(now.getTime() / 1000), { month: "numeric" }).month);
}
