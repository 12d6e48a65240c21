import { parseArgs } from "node:util";
import { checkEventTotals } from "../app/features/tickets/events.server";
import { createD1Store } from "../app/kernel/store/d1/index.server";
import { renewalYears } from "../app/kernel/store/d1/renewal-totals.server";
import { renewalTotalsDifferences } from "../app/features/office/renewal-totals";
import { openLocalD1 } from "../seed/platform";
import { DEFAULT_PERSIST_TO } from "./lib";

/**
 * npm run totals:check [-- --persist-to DIR]
 *
 * Compares every event's running totals (places held, the events report's figures) with a
 * full recount of its tickets and refunds (docs/decisions/0062-running-totals-per-event.md),
 * on the local D1 that `npm start` uses. The daily run does the same for the events not
 * over, in production. Prints each difference and exits 1 when there is one; the expired
 * holds are given back first, as a booking would. Then every year's running totals of the
 * subscriptions report (docs/decisions/0064-running-totals-per-year.md) with a recount of
 * its paid renewals.
 */

const { values } = parseArgs({ options: { "persist-to": { type: "string", default: DEFAULT_PERSIST_TO } } });
const platform = await openLocalD1(values["persist-to"]);
try {
  const store = createD1Store(platform.db);
  const events = await store.events.list();
  const differences = await checkEventTotals({ store }, undefined, true);
  for (const d of differences) console.log(`✘ ${d.title} (${d.eventId}): ${d.differences.join(", ")}`);
  console.log(
    differences.length === 0 ? `✔ ${events.length} events: every total equals its recount.` : `${differences.length} of ${events.length} events differ.`,
  );
  const years = await renewalYears(platform.db);
  let yearsDiffering = 0;
  for (const year of years) {
    const found = renewalTotalsDifferences(await store.transactions.renewalTotals(year), await store.transactions.recountRenewalTotals(year));
    if (found.length === 0) continue;
    yearsDiffering++;
    console.log(`✘ renewals of ${year}: ${found.join(", ")}`);
  }
  console.log(
    yearsDiffering === 0
      ? `✔ ${years.length} years of renewals: every total equals its recount.`
      : `${yearsDiffering} of ${years.length} years of renewals differ.`,
  );
  process.exitCode = differences.length === 0 && yearsDiffering === 0 ? 0 : 1;
} finally {
  await platform.dispose();
}
