/**
 * The browser test files the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts) leaves
 * out, with why: their setup or checks read or write the spec's records in the server's
 * D1 while it runs, which the Cockpit store never reads. Each file says so at its top too.
 * (What a test's `prepare` writes before the worker starts is copied to the fake Cockpit,
 * so those files run in both.) Read by vitest.config.ts, so no imports here.
 */
export const D1_ONLY_E2E: Record<string, string> = {
  "test/e2e/every-page.test.ts": "store-independent checks; runs once",
};

/** The browser test files only the Cockpit run has (they need the server's fake Cockpit). */
export const COCKPIT_ONLY_E2E = ["test/e2e/cockpit-legacy-member.test.ts"];
