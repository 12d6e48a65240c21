import type { AppLoadContext } from "@remix-run/cloudflare";
import { currentYear } from "../../kernel/dates/dates";
import { renewalTotalsDifferences } from "./renewal-totals";

export interface RenewalTotalsDisagreement {
  year: number;
  differences: string[];
}

/**
 * The daily run's check of the subscriptions report's running totals (ADR 64): this year's and
 * last year's (the years the report offers) against a recount of their paid renewals. A
 * difference is logged, never repaired silently: it means a write that did not keep them.
 */
export async function checkRenewalTotals(context: Pick<AppLoadContext, "store">, at: Date = new Date()): Promise<RenewalTotalsDisagreement[]> {
  const thisYear = currentYear(at);
  const found: RenewalTotalsDisagreement[] = [];
  for (const year of [thisYear, thisYear - 1]) {
    const [running, recounted] = await Promise.all([context.store.transactions.renewalTotals(year), context.store.transactions.recountRenewalTotals(year)]);
    const differences = renewalTotalsDifferences(running, recounted);
    if (differences.length > 0) found.push({ year, differences });
  }
  for (const d of found) console.error(`Renewal totals differ from a recount for ${d.year}: ${d.differences.join(", ")}`);
  return found;
}
