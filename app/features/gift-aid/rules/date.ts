/** A UK day (YYYY-MM-DD) as HMRC's schedule writes dates: DD/MM/YY (ADR 74). */
export function scheduleDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  const [, year = "", month, date] = match;
  return `${date}/${month}/${year.slice(2)}`;
}
