/**
 * The retention periods a fresh site starts with (docs/requirements.md §8.1, ADR 56): the settings'
 * schema defaults to them and the fresh-site settings start with them. Its own module so
 * that neither of those two imports the other.
 */
export const RETENTION_DEFAULTS = { paymentYears: 6, outboxDays: 365, contactDays: 730 };
