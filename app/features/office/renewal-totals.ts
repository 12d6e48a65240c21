import type { RenewalTotals } from "../../kernel/store/records";
import { MONTHS } from "./renewals-report";

/**
 * What differs between a year's running totals of the subscriptions report and their recount
 * (ADR 64), in words for `npm run totals:check`: none when they are equal.
 */
export function renewalTotalsDifferences(kept: RenewalTotals, recount: RenewalTotals): string[] {
  const found: string[] = [];
  if (kept.count !== recount.count) found.push(`renewals ${kept.count}, recount ${recount.count}`);
  if (kept.amount !== recount.amount) found.push(`amount ${kept.amount}p, recount ${recount.amount}p`);
  MONTHS.forEach((month, i) => {
    const [a, b] = [kept.perMonth[i] ?? 0, recount.perMonth[i] ?? 0];
    if (a !== b) found.push(`${month} ${a}, recount ${b}`);
  });
  return found;
}
