/**
 * Which browser test files the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts) has.
 * The Cockpit run repeats the flows where the store matters: whatever reads or writes
 * members, transactions, tickets, content, contact messages or the outbox through the
 * store port. It leaves out files whose checks do not depend on the store (the contract
 * suite, test/integration/contract, proves the port itself on both stores), each with why
 * here (ADR 0030); each file says so at its top too. Read by vitest.config.ts, so no imports here.
 */
export const D1_ONLY_E2E: Record<string, string> = {
  "test/e2e/every-page.test.ts": "axe and phone width on every route: what is drawn, not where it was read from",
  "test/e2e/accessibility.test.ts": "axe on interface states (cookie notice, menu, door card, form errors, video modal): store-independent",
  "test/e2e/csp.test.ts": "the Content-Security-Policy and hydration are the Worker's, the same whichever store answers",
  "test/e2e/screen-layouts.test.ts": "CSS layouts at two widths, JavaScript off: store-independent",
  "test/e2e/shell.test.ts": "the header, menu and footer; reading the signed-in member from each store is in login/account, which run in both",
  "test/e2e/cockpit-faults.test.ts": "brings its own fake Cockpit (CMS_API_URL) in either run: the Cockpit run would repeat it exactly",
};

/** The browser test files only the Cockpit run has (they need the server's fake Cockpit). */
export const COCKPIT_ONLY_E2E = ["test/e2e/cockpit-legacy-member.test.ts"];
