/**
 * The office feature's public entry for its server code: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { renewalReminderMessage } from "./renewals-report.server";
export { checkRenewalTotals } from "./renewal-totals.server";
// The back office's downloads (ADR 48), written for other features' reports.
export { csvDownload } from "./csv.server";
export { xlsxDownload } from "./xlsx.server";
