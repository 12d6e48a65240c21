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
