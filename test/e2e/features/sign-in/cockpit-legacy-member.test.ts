import { createHmac } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_NUMBER_NOT_GENERATED } from "~/kernel/store/member-number";
import { passwordHashKind, verifyPassword } from "~/kernel/auth/password.server";
import { DESKTOP, launchBrowser, newContext } from "../../../support/browser";
import { LEGACY_USERLIST_ENTRY } from "../../../support/cockpit-legacy";
import { MESSAGES } from "../../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * Cockpit run only (COCKPIT_ONLY_E2E in test/support/cockpit-e2e.ts): a member record the
 * legacy browser app left in Cockpit's userlist (flattened children, a keyed hash, no
 * memberId, loose values) signs in with JavaScript off, its hash is upgraded to PBKDF2 in
 * Cockpit, and the accountant's members table lists it with 'Not Generated'.
 */

const LEGACY_KEY = "e2e-legacy-key";
const PASSWORD = "OldSecret1!";
const legacyHash = createHmac("sha256", LEGACY_KEY).update(PASSWORD).digest("hex");

let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer({ vars: { LEGACY_PASSWORD_KEY: LEGACY_KEY } })]);
  if (!server.cockpit) throw new Error("This file needs the Cockpit run: E2E_STORE=cockpit (npm run test:e2e:cockpit)");
  server.cockpit.data.collections.userlist!.push({ ...LEGACY_USERLIST_ENTRY, password: legacyHash });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const legacyEntry = () => server.cockpit!.data.collections.userlist!.find((entry) => entry._id === LEGACY_USERLIST_ENTRY._id)!;

describe("A legacy Cockpit member (JavaScript off)", () => {
  it("signs in with the old password, gets a PBKDF2 hash, and is listed with 'Not Generated'", async () => {
    const member = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: false });
    const page = await member.newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill("legacy.member@example.org");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/mem-account");
    await page.locator(".toast").getByText(MESSAGES.loggedIn).waitFor();
    expect(await page.locator("main").innerText()).toContain("Legacy Member");

    const stored = legacyEntry().password as string;
    expect(stored).not.toBe(legacyHash);
    expect(passwordHashKind(stored)).toBe("pbkdf2");
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    // The rest of the record is as the legacy app left it: still no memberId.
    expect(legacyEntry().memberId ?? null).toBeNull();
    expect(legacyEntry().childName2).toBe("Second Child");
    await member.close();

    // The new hash signs in again (a fresh browser, no session).
    const again = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: false });
    const second = await again.newPage();
    await second.goto("/login");
    await second.getByLabel("E-mail").fill("Legacy.Member@Example.org");
    await second.getByLabel("Password").fill(PASSWORD);
    await second.getByRole("button", { name: "Sign In" }).click();
    await second.waitForURL((url) => url.pathname === "/mem-account");
    await again.close();

    const accountant = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled: false, signedInAs: demoAccount("treasurer").id });
    const table = await accountant.newPage();
    await table.goto("/accounts?q=Legacy");
    const row = table.locator("tbody tr", { has: table.locator(".member-name", { hasText: "Legacy Member" }) });
    expect(await row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(MEMBER_NUMBER_NOT_GENERATED);
    expect(text.toLowerCase()).toContain("legacy.member@example.org");
    await accountant.close();
  });
});
