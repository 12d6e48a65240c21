import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { sealSecret } from "~/features/two-step/secret-box.server";
import { newTotpSecret, totpAt } from "~/features/two-step/totp";
import { TWO_STEP_MESSAGES } from "~/features/two-step/two-step";
import { PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { devEnv } from "../../../support/session";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * Two-step verification in chromium at 360 px, JavaScript on and off (docs/requirements.md §2.10,
 * docs/decisions/0071), on a private server with "Staff must use two-step verification" on: an
 * accountant is made to set it up (the code computed from the key read off the page), signs out,
 * signs in with password and app code, then with a recovery code that fails the second time;
 * then a second accountant (set up already) resets the first one's two-step with a reason.
 */
const VARIANTS = [
  { javaScriptEnabled: true, key: "js" },
  { javaScriptEnabled: false, key: "nojs" },
] as const;
const PASSWORD = "e2e-two-step-password";
const accountantEmail = (key: string) => `e2e-two-step-${key}@example.com`;
const resetterEmail = (key: string) => `e2e-resetter-${key}@example.com`;

let browser: Browser;
let server: SeededServer;
const ids: Record<string, string> = {};
/** The second accountants' secrets (their set-up made directly in D1, sealed as the site seals them). */
const resetterSecrets: Record<string, string> = {};

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      store: "d1",
      prepare: async (db) => {
        const members = d1Members(db);
        for (const { key } of VARIANTS) {
          const accountant = await members.register(
            newMember({ email: accountantEmail(key), fullName: `Tess Two-Step ${key}`, passwordHash, active: true, role: "accountant" }),
          );
          ids[key] = accountant.id;
          const resetter = await members.register(newMember({ email: resetterEmail(key), passwordHash, active: true, role: "accountant" }));
          resetterSecrets[key] = newTotpSecret();
          const sealed = await sealSecret(devEnv.SESSION_SECRET, resetter.id, resetterSecrets[key]);
          await db.prepare("INSERT INTO two_step (member_id, secret_sealed, created_at, confirmed_at) VALUES (?1, ?2, 0, 0)").bind(resetter.id, sealed).run();
        }
        await db.prepare("INSERT INTO security_settings (name, value, changed_at) VALUES ('staff_two_step', 1, 0)").run();
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

let sequence = 0;
async function open(javaScriptEnabled: boolean) {
  sequence += 1;
  const context = await newContext(browser, {
    baseURL: server.url,
    ...PHONE,
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${60 + sequence}` },
  });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string, javaScriptEnabled: boolean, landsOn: string) {
  await page.goto("/login");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === landsOn);
  if (javaScriptEnabled) await hydrated(page);
}

async function secondStep(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Signs out as a member does: /logout, which then goes home (a meta refresh without JavaScript, a script with it). */
async function signOut(page: Page) {
  await page.goto("/logout");
  await page.waitForURL((url) => url.pathname === "/");
}

/** A code of the next 30-second step: accepted (one step of drift) and never one already used. */
const nextCode = (secret: string) => totpAt(secret, Date.now() / 1000 + 30);

for (const { javaScriptEnabled, key } of VARIANTS) {
  describe(`Two-step verification (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    let recoveryCodes: string[] = [];

    it("the accountant is made to set it up, then signs in with password and app code, then with a recovery code once", async () => {
      const { context, page } = await open(javaScriptEnabled);
      await signIn(page, accountantEmail(key), javaScriptEnabled, "/account/security/two-step");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/accounts");
      await page.locator(".two-step-required").getByText(TWO_STEP_MESSAGES.staffMust).waitFor();
      expect(await fitsScreen(page)).toBe(true);

      await page.getByRole("button", { name: "Set up two-step verification" }).click();
      await page.locator("[data-two-step-secret]").waitFor();
      expect(await page.locator(".two-step-qr svg").count()).toBe(1);
      expect(await fitsScreen(page)).toBe(true);
      if (javaScriptEnabled) await hydrated(page);
      const secret = (await page.locator("[data-two-step-secret]").innerText()).replace(/\s/g, "");
      await page.getByLabel("Code from your app").fill(await totpAt(secret, Date.now() / 1000));
      await page.getByRole("button", { name: "Turn on two-step verification" }).click();
      await page.locator("[data-recovery-codes]").waitFor();
      recoveryCodes = await page.locator("[data-recovery-codes] code").allInnerTexts();
      expect(recoveryCodes).toHaveLength(10);
      expect(await fitsScreen(page)).toBe(true);
      await page.getByRole("link", { name: "I have kept them: continue" }).click();
      await page.waitForURL((url) => url.pathname === "/accounts");

      await signOut(page);
      await signIn(page, accountantEmail(key), javaScriptEnabled, "/login/two-step");
      expect(await fitsScreen(page)).toBe(true);
      await secondStep(page, await nextCode(secret));
      await page.waitForURL((url) => url.pathname === "/accounts");
      await page.getByRole("heading", { name: "Members" }).first().waitFor();

      await signOut(page);
      await signIn(page, accountantEmail(key), javaScriptEnabled, "/login/two-step");
      await secondStep(page, recoveryCodes[0]!);
      await page.waitForURL((url) => url.pathname === "/accounts");

      await signOut(page);
      await signIn(page, accountantEmail(key), javaScriptEnabled, "/login/two-step");
      await secondStep(page, recoveryCodes[0]!);
      await page.locator("#second-step-code-error").getByText(TWO_STEP_MESSAGES.secondStepWrong).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login/two-step");
      await context.close();
    });

    it("a second accountant resets the colleague's two-step with a reason; the colleague signs in with the password alone", async () => {
      const { context, page } = await open(javaScriptEnabled);
      await signIn(page, resetterEmail(key), javaScriptEnabled, "/login/two-step");
      await secondStep(page, await nextCode(resetterSecrets[key]!));
      await page.waitForURL((url) => url.pathname === "/accounts");

      await page.goto(`/accounts/members/${ids[key]}`);
      if (javaScriptEnabled) await hydrated(page);
      await page.locator("#danger").getByRole("link", { name: "Reset two-step verification" }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[key]}/two-step`);
      if (javaScriptEnabled) await hydrated(page);
      expect(await fitsScreen(page)).toBe(true);
      await page.getByLabel("Reason").fill("Lost her phone at the fair; confirmed by phone call.");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator(".confirm-step").waitFor();
      expect(await fitsScreen(page)).toBe(true);
      await page.locator(".confirm-step").getByRole("button", { name: "Reset two-step verification" }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[key]}`);
      await page
        .locator(".toast")
        .getByText(TWO_STEP_MESSAGES.resetDone(`Tess Two-Step ${key}`))
        .waitFor();
      await page.locator("#activity").getByText("Lost her phone at the fair; confirmed by phone call.", { exact: false }).waitFor();
      await context.close();

      // The colleague: the password alone signs in, and set-up is asked for again.
      const colleague = await open(javaScriptEnabled);
      await signIn(colleague.page, accountantEmail(key), javaScriptEnabled, "/account/security/two-step");
      await colleague.page.getByRole("button", { name: "Set up two-step verification" }).waitFor();
      await colleague.context.close();
    });
  });
}
