/**
 * HMRC's time limit (ADR 74): a Gift Aid repayment is claimed within 4 years of the end of the
 * accounting period the donation was received in. We take the tax year ending 5 April as the
 * period (a trust's period; the safer reading for a charity whose own year ends later), so a
 * payment received on day D can be claimed until 5 April four years after the 5 April ending
 * D's tax year.
 */

/** The 5 April (YYYY-MM-DD) ending the tax year a UK day falls in. */
export function taxYearEnd(day: string): string {
  const year = Number(day.slice(0, 4));
  return day.slice(5) <= "04-05" ? `${year}-04-05` : `${year + 1}-04-05`;
}

/** The last day a payment received on `day` can be claimed. */
export function lastClaimDay(day: string): string {
  const end = taxYearEnd(day);
  return `${Number(end.slice(0, 4)) + 4}${end.slice(4)}`;
}

/** Whether a payment received on `day` can still be claimed on `today`. */
export function withinClaimWindow(day: string, today: string): boolean {
  return today <= lastClaimDay(day);
}

/** The first day whose payments can still be claimed on `today` (6 April of the oldest open tax year). */
export function earliestClaimableDay(today: string): string {
  const end = taxYearEnd(today);
  return `${Number(end.slice(0, 4)) - 5}-04-06`;
}
