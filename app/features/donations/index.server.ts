/**
 * The donations feature's public entry for its server code (ADR 58): what other features may use of it.
 */
// The settlement calls it once a donation is paid (docs/requirements.md §14).
export { onDonationPaid } from "./donation-paid.server";
