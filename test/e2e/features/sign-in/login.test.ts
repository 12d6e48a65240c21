import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, fitsScreen, hydrated, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { MESSAGES } from "../../../support/password-reset";
import { demoAccount } from "../../../support/session";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Each page signs in from its own address, so the per-address limit never meets across tests.
let sequence = 0;
async function loginPage(options: { javaScriptEnabled: boolean; device?: typeof DESKTOP | typeof PHONE; path?: string }) {
  sequence += 1;
  const context = await newContext(browser, {
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${200 + sequence}` },
  });
  const page = await context.newPage();
  await page.goto(options.path ?? "/login");
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  describe(`Sign In (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("signs the demo member in: /mem-account and the logged-in toast", async () => {
      const { context, page } = await loginPage({ javaScriptEnabled });
      const member = demoAccount("member");
      await signIn(page, member.email, member.password);
      await page.waitForURL((url) => url.pathname === "/mem-account");
      await page.locator(".toast").getByText(MESSAGES.loggedIn).waitFor();
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "__session")?.httpOnly).toBe(true);
      // Signed in, /login sends the member on to their account.
      await page.goto("/login");
      expect(new URL(page.url()).pathname).toBe("/mem-account");
      await context.close();
    });

    it("tells the applicant the account is under review, keeping the e-mail and clearing the password", async () => {
      const { context, page } = await loginPage({ javaScriptEnabled });
      const applicant = demoAccount("applicant");
      await signIn(page, applicant.email, applicant.password);
      await page.locator(".form-error").getByText(MESSAGES.underReview).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(await page.getByLabel("E-mail").inputValue()).toBe(applicant.email);
      expect(await page.getByLabel("Password").inputValue()).toBe("");
      expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
      await context.close();
    });

    it("says 'Empty field is not allowed!' under each empty field", async () => {
      const { context, page } = await loginPage({ javaScriptEnabled });
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForSelector(".field-error");
      expect(await page.locator(".auth-form .field-error").allInnerTexts()).toEqual([MESSAGES.empty, MESSAGES.empty]);
      expect(await page.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
      await context.close();
    });
  });
}

describe("Sign In with JavaScript", () => {
  it("clears a field's message when it is edited, goes to the first field to fix, and says 'Please wait...' while posting", async () => {
    const { context, page } = await loginPage({ javaScriptEnabled: true });
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForSelector(".field-error");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("login-email");
    await page.getByLabel("E-mail").type("a");
    expect(await page.locator(".auth-form .field-error").allInnerTexts()).toEqual([MESSAGES.empty]);

    // Hold the post so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/login*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByLabel("E-mail").fill("nobody-e2e@example.org");
    await page.getByLabel("Password").fill("whatever-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Please wait..." }).waitFor();
    expect(await page.getByRole("button", { name: "Please wait..." }).isDisabled()).toBe(true);
    release();
    await page.locator(".form-error").getByText(MESSAGES.incorrect).waitFor();
    await context.close();
  });

  it("honours redirectTo from the address after signing in", async () => {
    const { context, page } = await loginPage({ javaScriptEnabled: true, path: "/login?redirectTo=%2Fdocuments" });
    const single = demoAccount("single");
    await signIn(page, single.email, single.password);
    await page.waitForURL((url) => url.pathname === "/documents");
    await context.close();
  });
});

describe("Sign In on a 360 px phone", () => {
  it("fits without horizontal scrolling, before and after a refused post, and signs in", async () => {
    const { context, page } = await loginPage({ javaScriptEnabled: true, device: PHONE });
    const fits = () => fitsScreen(page);
    expect(await fits()).toBe(true);
    await signIn(page, "someone-with-a-rather-long-address@example.org", "wrong-password");
    await page.locator(".form-error").getByText(MESSAGES.incorrect).waitFor();
    expect(await fits()).toBe(true);
    const single = demoAccount("single");
    await signIn(page, single.email, single.password);
    await page.waitForURL((url) => url.pathname === "/mem-account");
    await context.close();
  });
});

describe("Sign In and Forgot Password accessibility", () => {
  it("finds no axe violations on /login, with messages shown, and on /forgot-password", async () => {
    const { context, page } = await loginPage({ javaScriptEnabled: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForSelector(".field-error");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/forgot-password");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
