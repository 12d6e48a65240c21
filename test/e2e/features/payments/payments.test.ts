import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";
import { paymentLinkToken } from "~/features/payments/payment-link.server";

/**
 * Payments with the practice checkout (the embedded default) and JavaScript off, on a
 * private server: the demo applicant pays from the e-mailed link and signs in; the
 * Single demo member renews; the treasurer (a Single member paid this year) adds family.
 */

let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSeededServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(options: { as?: "treasurer" | "single" | "member"; javaScriptEnabled?: boolean; device?: typeof DESKTOP } = {}) {
  return newContext(browser, {
    ...(options.device ?? DESKTOP),
    baseURL: server.url,
    javaScriptEnabled: options.javaScriptEnabled ?? false,
    signedInAs: options.as ? demoAccount(options.as).id : undefined,
  });
}

/** On the practice page: press Pay and land on the return page. */
async function payOnPracticePage(page: Page, returnPath: RegExp) {
  await page.waitForURL(/\/practice-checkout\/cs_practice_/);
  expect(await page.getByText("no real payment is taken", { exact: false }).count()).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(returnPath);
}

describe("the payment pages pass axe (JavaScript on, which axe needs)", () => {
  it("registration page, practice checkout, a return page and the cancel page, desktop and phone", async () => {
    for (const device of [DESKTOP, PHONE]) {
      const context = await open({ javaScriptEnabled: true, device });
      const page = await context.newPage();
      await page.goto(`/payment-reg-fee/${await paymentLinkToken(devEnv, demoAccount("applicant").id)}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "PAY" }).click();
      await page.waitForURL(/\/practice-checkout\//);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto("/payment-success/000000000000000000000000/000000000000000000000000");
      expect(await page.locator("h1").innerText()).toBe("Payment not found");
      expect(await axeViolations(page)).toEqual([]);
      await page.goto("/payment-cancel/000000000000000000000000");
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe("payments with the practice checkout, JavaScript off", () => {
  it("the demo applicant gets the payment link, pays, signs in and sees the payment", async () => {
    const office = await open({ as: "treasurer" });
    const admin = await office.newPage();
    await admin.goto("/accounts?q=Kiran");
    // Approving an applicant is sending the payment link, on the member page the row's name opens (docs/requirements.md §6.3.1).
    await admin.locator("tbody tr", { hasText: "Kiran Das" }).getByRole("link", { name: "Kiran Das" }).click();
    await admin.waitForURL((url) => url.pathname === `/accounts/members/${demoAccount("applicant").id}`);
    await admin.locator("#membership").getByRole("button", { name: "Approve and send payment link", exact: true }).click();
    await admin.locator(".toast", { hasText: "Payment link sent to" }).waitFor();
    const link = await admin.getByLabel("Payment link").inputValue();
    await office.close();

    const visitor = await open();
    const page = await visitor.newPage();
    await page.goto(link);
    expect(await page.locator("h1").innerText()).toBe("Pay Your Registration Fee");
    expect(await page.getByText("Kiran Das").count()).toBe(1);
    await page.getByRole("button", { name: "PAY" }).click();
    await payOnPracticePage(page, /\/reg-payment-success\//);
    expect(await page.locator("h1").innerText()).toBe("Payment Success");
    expect(await page.getByText("Your account is enabled").count()).toBe(1);

    await page.goto("/login");
    await page.getByLabel("E-mail").fill(demoAccount("applicant").email);
    await page.getByLabel("Password").fill(demoAccount("applicant").password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/mem-account$/);
    const history = page.locator('[aria-labelledby="transactions-title"]');
    expect(await history.innerText()).toContain("Membership Registration");
    await page.goto(link);
    expect(await page.getByText("You have already paid the registration fees.").count()).toBe(1);
    await visitor.close();
  });

  it("the Single demo member renews from My Account", async () => {
    const context = await open({ as: "single" });
    const page = await context.newPage();
    await page.goto("/mem-account");
    await page.getByRole("button", { name: "Renew Now £10.00" }).click();
    await payOnPracticePage(page, /\/payment-success\//);
    expect(await page.getByText("You can see your payment history in My Account").count()).toBe(1);
    await page.getByRole("link", { name: "My Account" }).last().click();
    expect(await page.getByRole("button", { name: "You have already paid!" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("a Single member who paid this year adds family and pays the upgrade", async () => {
    const context = await open({ as: "treasurer" });
    const page = await context.newPage();
    await page.goto("/amend-account");
    await page.getByLabel("Membership type").selectOption("Family");
    await page.getByRole("button", { name: "Update the form" }).click();
    await page.getByLabel("Spouse's title").selectOption("Mr");
    await page.getByLabel("Spouse's name").fill("Ravi Menon");
    await page.getByLabel("Spouse's e-mail").fill("ravi@example.org");
    await page.getByLabel("Spouse's mobile").fill("07700900021");
    await page.getByRole("button", { name: "Save" }).click();
    await payOnPracticePage(page, /\/upgrade-pay-success\//);
    expect(await page.getByText("You have successfully added your family.").count()).toBe(1);
    await page.goto("/mem-account");
    expect(await page.locator("body").innerText()).toMatch(/Membership type\s+Family/);
    await context.close();
  });

  it("the cancel page says the payment failed, on a 360 px phone", async () => {
    const context = await open({ as: "single", device: PHONE });
    const phone = await context.newPage();
    await phone.goto("/payment-cancel/000000000000000000000000");
    expect(await phone.locator("h1").innerText()).toBe("Payment Failed");
    expect(await phone.getByText("Your payment is failed or canceled...").count()).toBe(1);
    expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
