/**
 * Fixed facts about the association (the demo's fictional one): its names. How to reach it (postal
 * address, e-mail, phone) is the site settings' (docs/requirements.md §1.10, ADR 67): read through
 * `associationContact` (association-contact.ts, kept apart so no page's JavaScript carries it), never written here.
 */
export const ASSOCIATION = {
  name: "Manchester Mosaic Association",
  shortName: "MMA",
  appName: "MMA App",
} as const;
