/**
 * A stored calendar day ("2026-11-22", the settings' form) as the site shows days:
 * day-month-year, "22-11-2026" (like the registration dates, member-table's formatDay).
 * Anything that is not such a day is shown as it is. Its own module, not dates.ts: the
 * booking page needs it in the browser, and sharing dates.ts with a public page's chunk
 * would split that off into one more file for visitors.
 */
export function formatIsoDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : isoDay;
}
