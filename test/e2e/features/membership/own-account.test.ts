import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CHANGED_MESSAGE, OWN_PASSWORD_CHANGED_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE, emailLinkSentMessage } from "~/features/membership/own-account";
import { DESKTOP, PHONE, fitsScreen as fits, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { latestEmailConfirmLink } from "../../../support/own-account";
import { MESSAGES, startServerWithAccounts, type AccountsServer } from "../../../support/password-reset";

/**
 * A member changes their password, then their e-mail through the link from the outbox,
 * and signs in with the new ones, in chromium with JavaScript on and off and at 360 px,
 * on a private server with accounts of its own (the demo accounts stay as they are).
 */
const ACCOUNTS = [
  { key: "js", email: "own-js@example.com", password: "old-password-js" },
  { key: "nojs", email: "own-nojs@example.com", password: "old-password-nojs" },
  { key: "phone", email: "own-phone@example.com", password: "old-password-phone" },
];

let browser: Browser;
let server: AccountsServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServerWithAccounts(ACCOUNTS)]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

let sequence = 0;
async function open(javaScriptEnabled: boolean, device: BrowserContextOptions) {
  sequence += 1;
  const context = await newContext(browser, {
    baseURL: server.url,
    ...device,
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${10 + sequence}` },
  });
  return { context, page: await context.newPage() };
}

/** Signs in on /login: true when it lands on My Account, false when the form refuses. */
async function signIn(page: Page, email: string, password: string, javaScriptEnabled: boolean): Promise<boolean> {
  await page.goto("/login");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname === "/mem-account").then(() => true),
    page
      .locator(".form-error")
      .getByText(MESSAGES.incorrect)
      .waitFor()
      .then(() => false),
  ]);
  if (outcome) await page.getByRole("heading", { name: "Account Details" }).waitFor();
  return outcome;
}

async function follow(page: Page, name: string, path: string, javaScriptEnabled: boolean) {
  await page.getByRole("link", { name }).click();
  await page.waitForURL((url) => url.pathname === path);
  if (javaScriptEnabled) await hydrated(page);
}

for (const [javaScriptEnabled, key, device] of [
  [true, "js", DESKTOP],
  [false, "nojs", DESKTOP],
  [true, "phone", PHONE],
] as const) {
  const account = ACCOUNTS.find((a) => a.key === key)!;
  const newPassword = `new-password-${key}`;
  const newEmail = `own-${key}-new@example.com`;

  describe(`Own password and e-mail (JavaScript ${javaScriptEnabled ? "on" : "off"}${device === PHONE ? ", 360 px" : ""})`, () => {
    it("changes the password from My Account: the old one no longer signs in, the new one does", async () => {
      const { context, page } = await open(javaScriptEnabled, device);
      expect(await signIn(page, account.email, account.password, javaScriptEnabled)).toBe(true);
      await follow(page, "Change password", "/account/password", javaScriptEnabled);
      expect(await fits(page)).toBe(true);

      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("New password again").fill(newPassword);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.locator(".field-error").getByText(WRONG_CURRENT_PASSWORD_MESSAGE).waitFor();

      await page.getByLabel("Current password").fill(account.password);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("New password again").fill(newPassword);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.waitForURL((url) => url.pathname === "/mem-account");
      await page.locator(".toast").getByText(OWN_PASSWORD_CHANGED_MESSAGE).waitFor();

      // Another browser: the old password is refused, the new one signs in.
      const other = await open(javaScriptEnabled, device);
      expect(await signIn(other.page, account.email, account.password, javaScriptEnabled)).toBe(false);
      expect(await signIn(other.page, account.email, newPassword, javaScriptEnabled)).toBe(true);
      await Promise.all([context.close(), other.context.close()]);
    });

    it("changes the e-mail through the link sent to the new address, then signs in with it", async () => {
      const { context, page } = await open(javaScriptEnabled, device);
      expect(await signIn(page, account.email, newPassword, javaScriptEnabled)).toBe(true);
      await follow(page, "Change e-mail address", "/account/email", javaScriptEnabled);
      expect(await fits(page)).toBe(true);
      await page.getByLabel("New e-mail address").fill(newEmail);
      await page.getByLabel("Current password").fill(newPassword);
      await page.getByRole("button", { name: "Send the link" }).click();
      await page.waitForURL((url) => url.pathname === "/mem-account");
      await page.locator(".toast").getByText(emailLinkSentMessage(newEmail)).waitFor();

      const link = await latestEmailConfirmLink(server.url, newEmail);
      expect(link).not.toBeNull();
      await page.goto(link!);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByText(newEmail).waitFor();
      expect(await fits(page)).toBe(true);
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await page.locator(".toast").getByText(EMAIL_CHANGED_MESSAGE).waitFor();

      expect(await signIn(page, account.email, newPassword, javaScriptEnabled)).toBe(false);
      expect(await signIn(page, newEmail, newPassword, javaScriptEnabled)).toBe(true);
      await context.close();
    });
  });
}
