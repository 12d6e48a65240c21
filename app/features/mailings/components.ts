/**
 * The mailings feature's public entry for its components (ADR 58, docs/requirements.md §13).
 */
export { NewsletterField, RestartNoticesField } from "./consent/NewsletterField";
