/**
 * The donations feature's public entry for its pure rules and types (ADR 58): what other features
 * and the kernels may use of it (docs/requirements.md §14).
 */
export { DONATE_PATH, DONATIONS_REPORT_PATH, DONATION_TITLE, donateThanksPath } from "./donations";
