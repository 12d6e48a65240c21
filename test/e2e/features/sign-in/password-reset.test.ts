import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, fitsScreen as fits, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { MESSAGES, latestResetLink, startServerWithAccounts, type AccountsServer } from "../../../support/password-reset";

/**
 * Forgot password → the link from the outbox → a new password → sign in, in chromium,
 * on a private server with accounts of its own (the demo passwords stay as they are).
 */
const ACCOUNTS = [
  { key: "js", email: "reset-js@example.com", password: "old-password-js" },
  { key: "nojs", email: "reset-nojs@example.com", password: "old-password-nojs" },
  { key: "phone", email: "reset-phone@example.com", password: "old-password-phone" },
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
async function open(path: string, options: { javaScriptEnabled: boolean; device?: BrowserContextOptions }) {
  sequence += 1;
  const context = await newContext(browser, {
    baseURL: server.url,
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `192.0.2.${100 + sequence}` },
  });
  const page = await context.newPage();
  await page.goto(path);
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const goTo = async (page: Page, path: string, javaScriptEnabled: boolean) => {
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
};

for (const [javaScriptEnabled, key, device] of [
  [true, "js", DESKTOP],
  [false, "nojs", DESKTOP],
  [true, "phone", PHONE],
] as const) {
  const account = ACCOUNTS.find((a) => a.key === key)!;
  describe(`Forgot and reset password (JavaScript ${javaScriptEnabled ? "on" : "off"}${device === PHONE ? ", 360 px" : ""})`, () => {
    it("e-mails a link, sets the new password with it, signs in with it, and the link then says it is invalid", async () => {
      const { context, page } = await open("/login", { javaScriptEnabled, device });
      await page.getByRole("link", { name: /forgot/i }).click();
      await page.waitForURL((url) => url.pathname === "/forgot-password");
      if (javaScriptEnabled) await hydrated(page);
      expect(await fits(page)).toBe(true);

      // An unknown e-mail first.
      await page.getByLabel("E-mail").fill("not-a-member@example.com");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.locator(".field-error").getByText(MESSAGES.notFound).waitFor();

      await page.getByLabel("E-mail").fill(account.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.locator(".toast").getByText(MESSAGES.checkEmail).waitFor();
      expect(await page.getByLabel("E-mail").inputValue()).toBe("");

      const link = await latestResetLink(server.url, account.email);
      expect(link).toMatch(new RegExp(`^/reset-account-password/${server.ids[key]}/[A-Za-z0-9]{10}$`));
      await goTo(page, link!, javaScriptEnabled);
      expect(await fits(page)).toBe(true);
      await page.getByText("At least 8 characters.").waitFor();

      // Different passwords first, then the real change.
      await page.getByLabel("New password", { exact: true }).fill("new-password-1");
      await page.getByLabel("Confirm new password").fill("new-password-2");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.locator(".field-error").getByText(MESSAGES.mismatch).waitFor();
      expect(await fits(page)).toBe(true);

      await page.getByLabel("New password", { exact: true }).fill("new-password-1");
      await page.getByLabel("Confirm new password").fill("new-password-1");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await page.locator(".toast").getByText(MESSAGES.changed).waitFor();
      if (javaScriptEnabled) await hydrated(page);

      // The old password is refused, the new one signs in.
      await page.getByLabel("E-mail").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.locator(".form-error").getByText(MESSAGES.incorrect).waitFor();
      await page.getByLabel("Password").fill("new-password-1");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/mem-account");
      await page.locator(".toast").getByText(MESSAGES.loggedIn).waitFor();

      // Used once: the same link now says it is invalid, with a way to sign in.
      await page.goto(link!);
      await page.getByText(MESSAGES.invalidLink).waitFor();
      expect(await page.getByRole("link", { name: "Go to Sign In" }).getAttribute("href")).toBe("/login");
      expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
      expect(await fits(page)).toBe(true);
      await context.close();
    });
  });
}

describe("Reset password accessibility", () => {
  it("finds no axe violations on the reset form (with messages) and on the invalid-link page", async () => {
    const { context, page } = await open("/forgot-password", { javaScriptEnabled: true });
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.waitForSelector(".field-error");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("E-mail").fill("reset-js@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.locator(".toast").waitFor();
    const link = (await latestResetLink(server.url, "reset-js@example.com"))!;
    await goTo(page, link, true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForSelector(".field-error");
    expect(await axeViolations(page)).toEqual([]);
    await goTo(
      page,
      link.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      true,
    );
    await page.getByText(MESSAGES.invalidLink).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
