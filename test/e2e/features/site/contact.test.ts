import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { CONTACT_MESSAGES as MESSAGES, CONTACT_THANKS as THANKS, uniqueEmail } from "../../../support/contact";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Each page posts from its own address and e-mail, so the contact limits never meet across tests.
let sequence = 0;
async function contactPage(options: { javaScriptEnabled: boolean; device?: typeof DESKTOP | typeof PHONE }) {
  sequence += 1;
  const context = await newContext(browser, {
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${sequence}` },
  });
  const page = await context.newPage();
  await page.goto("/contact");
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page, email: uniqueEmail(`e2e-${sequence}`) };
}

const fieldErrors = (page: Page) => page.locator(".contact-form .field-error").allInnerTexts();
const submit = (page: Page) => page.getByRole("button", { name: "Send message" }).click();

async function fillValid(page: Page, email: string) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Subject").fill("A question from the browser");
  await page.getByLabel("Message").fill("Hello,\nis there a school place for September?");
}

async function formValues(page: Page): Promise<string[]> {
  return page.locator(".contact-form input, .contact-form textarea").evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
}

for (const javaScriptEnabled of [true, false]) {
  describe(`Quick Contact Form (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("shows all five messages for an empty form, each tied to its field", async () => {
      const { context, page } = await contactPage({ javaScriptEnabled });
      await submit(page);
      await page.waitForSelector(".field-error");
      expect(await fieldErrors(page)).toEqual(MESSAGES);
      const name = page.getByLabel("First name");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await name.getAttribute("aria-describedby")}`).innerText()).toBe("Please enter your name");
      await context.close();
    });

    it("sends a valid message: the thanks appear and the form comes back empty", async () => {
      const { context, page, email } = await contactPage({ javaScriptEnabled });
      await fillValid(page, email);
      await submit(page);
      await page.getByText(THANKS).waitFor();
      expect(await page.locator(".toast").innerText()).toContain(THANKS);
      expect(new URL(page.url()).pathname).toBe("/contact");
      expect(await formValues(page)).toEqual(["", "", "", "", ""]);
      expect(await fieldErrors(page)).toEqual([]);
      await context.close();
    });
  });
}

describe("Quick Contact Form with JavaScript", () => {
  it("clears a field's message as soon as that field is edited, and keeps the others", async () => {
    const { context, page } = await contactPage({ javaScriptEnabled: true });
    await submit(page);
    await page.waitForSelector(".field-error");
    // The visitor is taken to the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    await page.getByLabel("First name").type("A");
    expect(await fieldErrors(page)).toEqual(MESSAGES.slice(1));
    expect(await page.getByLabel("First name").getAttribute("aria-invalid")).toBeNull();
    await page.getByLabel("Message").fill("Hi");
    expect(await fieldErrors(page)).toEqual(MESSAGES.slice(1, 4));
    await context.close();
  });

  it("says 'Please wait...' and disables the button while sending", async () => {
    const { context, page, email } = await contactPage({ javaScriptEnabled: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fillValid(page, email);
    await submit(page);
    const button = page.locator(".contact-form button[type=submit]");
    await page.waitForFunction(() => document.querySelector(".contact-form button[type=submit]")?.textContent === "Please wait...");
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.getByText(THANKS).waitFor();
    expect(await button.innerText()).toBe("Send message");
    expect(await button.isDisabled()).toBe(false);
    await context.close();
  });
});

describe("Contact Us on a phone (360 px)", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`has no horizontal scroll, with and without messages (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { context, page } = await contactPage({ javaScriptEnabled, device: PHONE });
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      await page.getByLabel("Email").fill("a-rather-long-address.with.many.parts@subdomain.example.com");
      await submit(page);
      await page.waitForSelector(".field-error");
      expect(await overflow()).toBe(0);
      expect(await page.locator('a[href^="tel:"]').last().isVisible()).toBe(true);
      await context.close();
    });
  }
});

describe("accessibility of the contact flow (axe-core)", () => {
  // The outbox shows the e-mail in a sandboxed frame: axe's scripts hang in there, so the frame is left out.
  it("finds no violations on the form with its messages, after sending, and on the sent e-mail in the outbox", async () => {
    const { context, page, email } = await contactPage({ javaScriptEnabled: true });
    await submit(page);
    await page.waitForSelector(".field-error");
    expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
    await fillValid(page, email);
    await submit(page);
    await page.getByText(THANKS).waitFor();
    expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
    await page.goto("/dev/mail");
    await page.getByRole("link", { name: "MMA Contact Form: A question from the browser" }).first().click();
    await page.waitForSelector("iframe.dev-mail-html");
    expect(await page.locator("pre.dev-mail-text").innerText()).toContain(email);
    expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
    await context.close();
  });
});
