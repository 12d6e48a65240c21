/**
 * How long an erased member's Gift Aid declarations keep their name and address
 * (docs/requirements.md §14, ADR 74, docs/privacy.md): HMRC may check a claim for 6 years after
 * the end of the accounting period it falls in, and the declaration is the evidence for each
 * claimed payment. We take the accounting period as the tax year ending 5 April (as the claim
 * window does, ADR 74). A member whose payments were never claimed leaves nothing to check:
 * their declarations are pseudonymised at once. Pure, and unit-tested.
 */

/** Years HMRC may check a claim after the end of its accounting period. */
export const HMRC_RECORDS_YEARS = 6;

/** The last day of the accounting period (tax year) of a UK day (YYYY-MM-DD): the 5 April on or after it. */
export function accountingPeriodEnd(day: string): string {
  const year = Number(day.slice(0, 4));
  return day.slice(5) <= "04-05" ? `${year}-04-05` : `${year + 1}-04-05`;
}

/**
 * The last day the declarations must keep the name and address: 6 years after the end of the
 * accounting period of the latest claimed payment (`claimedDays`: each claimed payment's day);
 * null when none was ever claimed.
 */
export function declarationsKeptUntil(claimedDays: string[]): string | null {
  if (claimedDays.length === 0) return null;
  const latest = claimedDays.reduce((a, b) => (a > b ? a : b));
  const end = accountingPeriodEnd(latest);
  return `${Number(end.slice(0, 4)) + HMRC_RECORDS_YEARS}${end.slice(4)}`;
}

/** Whether an erasure on `today` replaces the declarations' name and address with the pseudonym. */
export function mayPseudonymiseDeclarations(claimedDays: string[], today: string): boolean {
  const until = declarationsKeptUntil(claimedDays);
  return until === null || today > until;
}
