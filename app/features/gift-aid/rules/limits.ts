/**
 * The lengths HMRC's Gift Aid schedule accepts (ADR 74: HMRC, "Schedule spreadsheet to claim
 * back tax on Gift Aid donations"): a title of at most 4 characters, first and last names of at
 * most 35 each. HMRC's page names no length for the house name or number; 40 is the length its
 * Charities Online claim allows (ADR 74), so a longer one is a problem to fix, never cut short.
 */
export const TITLE_MAX = 4;
export const NAME_MAX = 35;
export const HOUSE_MAX = 40;
