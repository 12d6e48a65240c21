import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { MESSAGES, outboxTo, startServerWithAccounts, type AccountsServer } from "../../../support/password-reset";
import { CODE_OTHER_BROWSER_MESSAGE, CODE_SENT_MESSAGE, CODE_WRONG_MESSAGE } from "~/features/sign-in/sign-in-code";
import { SIGN_IN_CODE_SUBJECT } from "~/features/sign-in/emails/SignInCodeEmail";

/**
 * "E-mail me a sign-in code" (docs/decisions/0069) in chromium at 360 px, JavaScript on and off:
 * the member asks on /login, reads the code in the e-mail (the outbox, as the password-reset
 * tests read their links) and signs in with it; the one-tap link works in the asking browser only.
 */
const ACCOUNTS = [
  { key: "js", email: "code-js@example.com", password: "code-password-js" },
  { key: "nojs", email: "code-nojs@example.com", password: "code-password-nojs" },
  { key: "link", email: "code-link@example.com", password: "code-password-link" },
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
async function open(path: string, javaScriptEnabled: boolean) {
  sequence += 1;
  const context = await newContext(browser, {
    baseURL: server.url,
    ...PHONE,
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `192.0.2.${150 + sequence}` },
  });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

/** The newest code e-mail's plain-text part: its code and its link's path. */
async function latestCode(to: string) {
  const [newest] = await outboxTo(server.url, to, SIGN_IN_CODE_SUBJECT);
  const code = newest && /^(\d{6})$/m.exec(newest.text)?.[1];
  const link = newest && /https?:\/\/\S+\/login\/code\/[0-9a-f]{32}\/[0-9a-f]{32}/.exec(newest.text)?.[0];
  return { code: code!, link: new URL(link!).pathname };
}

async function askForCode(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in code" }).click();
  await page.waitForURL((url) => url.pathname === "/login/code");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByText(CODE_SENT_MESSAGE).waitFor();
}

for (const javaScriptEnabled of [true, false]) {
  const account = ACCOUNTS.find((a) => a.key === (javaScriptEnabled ? "js" : "nojs"))!;
  describe(`Sign in with an e-mailed code (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("asks on /login, refuses a wrong code, and signs in with the code from the e-mail", async () => {
      const { context, page } = await open("/login", javaScriptEnabled);
      expect(await fitsScreen(page)).toBe(true);
      await askForCode(page, account.email, javaScriptEnabled);
      expect(await fitsScreen(page)).toBe(true);
      const field = page.getByLabel("Sign-in code", { exact: true });
      expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await field.getAttribute("inputmode")).toBe("numeric");
      // axe runs in the page: only with JavaScript on.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      const { code } = await latestCode(account.email);
      await field.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.locator(".form-error").getByText(CODE_WRONG_MESSAGE).waitFor();
      expect(await fitsScreen(page)).toBe(true);

      await page.getByLabel("Sign-in code", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/mem-account");
      await page.locator(".toast").getByText(MESSAGES.loggedIn).waitFor();
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "__session")?.httpOnly).toBe(true);
      expect(cookies.some((c) => c.name === "__device")).toBe(true);
      expect(cookies.some((c) => c.name === "__sign_in_code")).toBe(false);
      await context.close();
    });
  });
}

describe("The one-tap link (JavaScript off, 360 px)", () => {
  it("says why in another browser, then signs in in the browser that asked", async () => {
    const { context, page } = await open("/login", false);
    await askForCode(page, "code-link@example.com", false);
    const { link } = await latestCode("code-link@example.com");

    const elsewhere = await open(link, false);
    await elsewhere.page.locator(".form-error").getByText(CODE_OTHER_BROWSER_MESSAGE).waitFor();
    expect(await fitsScreen(elsewhere.page)).toBe(true);
    expect((await elsewhere.context.cookies()).some((c) => c.name === "__session")).toBe(false);
    await elsewhere.context.close();

    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/mem-account");
    await page.locator(".toast").getByText(MESSAGES.loggedIn).waitFor();
    await context.close();
  });
});
