/**
 * Which browser test files the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts) has
 * (ADR 57). The store port's two adapters are proven to answer alike by the contract
 * suite (test/integration/contract), on the fake Cockpit and on a real Cockpit v1; a
 * browser flow that only reaches the store through the port is the same code on either
 * store, so it runs once, on D1. The Cockpit run has the flows whose code differs per
 * store outside the adapters: STORE_SPECIFIC_CODE lists that code, each file with the
 * browser tests that take it on Cockpit (none where no flow differs: `why` names the test
 * that proves it), and a unit test (test/unit/tooling/cockpit-e2e-rule.test.ts)
 * fails when a file in app/ starts to branch on the store without being listed here.
 * Read by vitest.config.ts, so no imports here.
 */
export const STORE_SPECIFIC_CODE: Record<string, { why: string; e2e: string[] }> = {
  "app/kernel/store/index.server.ts": {
    why: "chooses the Cockpit store when CMS_API_URL is set: one member's visit, end to end, on the Cockpit store",
    e2e: ["test/e2e/whole-site/member-journey.test.ts"],
  },
  "app/kernel/media/photo-store.server.ts": {
    why: "on Cockpit a photo's original goes into Cockpit's assets and its renditions into R2 (ADR 47)",
    e2e: ["test/e2e/features/studio/studio-galleries.test.ts", "test/e2e/features/studio/studio-people.test.ts"],
  },
  "app/features/studio/document-file-store.server.ts": {
    why: "on Cockpit a document's file goes into Cockpit's assets (ADR 47)",
    e2e: ["test/e2e/features/studio/studio-pages.test.ts"],
  },
  "app/kernel/auth/password.server.ts": {
    why: "a legacy keyed hash exists only in Cockpit's userlist; it is accepted once and re-hashed",
    e2e: ["test/e2e/features/sign-in/cockpit-legacy-member.test.ts"],
  },
  "app/kernel/http/security-headers.server.ts": {
    why: "on Cockpit the Content-Security-Policy lets in images from the Cockpit's hosts: the studio's photos, read back from Cockpit's assets",
    e2e: ["test/e2e/features/studio/studio-galleries.test.ts"],
  },
  "app/kernel/store/content/index.server.ts": {
    why: "the public content cache is keyed by the store it was read from: the member's visit reads content from Cockpit",
    e2e: ["test/e2e/whole-site/member-journey.test.ts"],
  },
  "app/kernel/http/env.server.ts": {
    why: "declares CMS_API_URL and CMS_API_TOKEN; no flow: test/unit/kernel/http/env.test.ts proves the pair is checked",
    e2e: [],
  },
  "app/features/gift-aid/sign-up-backfill.server.ts": {
    why: "on Cockpit the daily run gives consenting members their sign-up declarations (D1's came with migration 0031); no flow: test/integration/features/gift-aid/sign-up-backfill.test.ts runs it on both stores",
    e2e: [],
  },
};

/** The browser test files of the Cockpit run: those STORE_SPECIFIC_CODE names. */
export const COCKPIT_E2E: string[] = [...new Set(Object.values(STORE_SPECIFIC_CODE).flatMap((entry) => entry.e2e))].sort();

/** The browser test files only the Cockpit run has (they need the server's fake Cockpit). */
export const COCKPIT_ONLY_E2E = ["test/e2e/features/sign-in/cockpit-legacy-member.test.ts"];
