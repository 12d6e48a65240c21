/**
 * The office feature's public entry for its pure rules and types: what other features and the kernels may
 * use of it (ADR 58). Anything not exported from index.ts, components.ts or index.server.ts is the
 * feature's own; lint refuses a reach past them.
 */
export { NO_INBOX_STATE } from "./contact-inbox";
export type { InboxMessage, InboxState } from "./contact-inbox";
export { pendingMembersQuery, renewalMatches } from "./renewals-report";
export { memberPagePath } from "./member-page-actions";
// The back office's downloads (ADR 48): one column model for the CSV and the Excel file, for other features' reports.
export { exportFile } from "./export-columns";
export type { ExportColumn, ExportFile } from "./export-columns";
export { csvFilename } from "./csv-filename";
