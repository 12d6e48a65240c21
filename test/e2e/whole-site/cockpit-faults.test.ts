import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STORE_UNAVAILABLE_MESSAGE } from "~/kernel/forms/store-errors";
import { buildCockpitDemo } from "../../../seed/cockpit-demo";
import { axeViolations } from "../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../support/browser";
import { startFakeCockpit, type FakeCockpit } from "../../support/fake-cockpit";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { SIGNUP_PASSWORD, uniqueSignupEmail } from "../../support/signup";

// D1 run only (ADR 57): it brings its own fake Cockpit (CMS_API_URL) in either run.

/**
 * A site served from Cockpit (the fake one, with the demo) while Cockpit is down: a visitor
 * still reads the pages already cached, and someone signing up is told what happened and
 * keeps the form (with JavaScript and without, on a phone too).
 */

let browser: Browser;
let fake: FakeCockpit;
let server: SeededServer;

beforeAll(async () => {
  const demo = await buildCockpitDemo();
  fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
  server = await startSeededServer({ vars: { CMS_API_URL: fake.url, CMS_API_TOKEN: fake.token } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});
afterEach(() => fake.down(false));

let sequence = 0;
async function openPage(path: string, javaScriptEnabled: boolean, device: typeof DESKTOP | typeof PHONE = DESKTOP) {
  sequence += 1;
  const context = await newContext(browser, {
    ...device,
    baseURL: server.url,
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `192.0.2.${40 + sequence}` },
  });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const field = (page: Page, name: string) => page.locator(`.signup-form [name="${name}"]`);

async function fillSingle(page: Page, email: string, javaScriptEnabled: boolean) {
  await field(page, "membership").selectOption("Single");
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: "Show fields for this membership" }).click();
    await page.waitForLoadState();
  }
  await field(page, "title").selectOption("Dr");
  await field(page, "fullName").fill("Ada Outage");
  await field(page, "address").fill("1 Analytical Street");
  await field(page, "city").fill("Manchester");
  await field(page, "postcode").fill("M1 1AA");
  await field(page, "mobile").fill("07700 900123");
  await field(page, "email").fill(email);
  await field(page, "password").fill(SIGNUP_PASSWORD);
  await field(page, "confirm_password").fill(SIGNUP_PASSWORD);
  for (const consent of ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent"]) await field(page, consent).check();
}

const submit = (page: Page) => page.getByRole("button", { name: "Sign Up", exact: true }).click();

const newestNewsTitle = () =>
  String(fake.data.collections.news!.filter((entry) => entry.published === true).sort((a, b) => (b._created ?? 0) - (a._created ?? 0))[0]!.title);

for (const javaScriptEnabled of [true, false]) {
  describe(`A Cockpit outage (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("sign-up shows the message, keeps the form, and works once Cockpit is back", async () => {
      const { context, page } = await openPage("/signup", javaScriptEnabled, javaScriptEnabled ? DESKTOP : PHONE);
      const email = uniqueSignupEmail(`e2e-cockpit-down-${javaScriptEnabled ? "js" : "nojs"}`);
      await fillSingle(page, email, javaScriptEnabled);
      fake.down(true);
      await submit(page);
      await page.locator(".form-error").waitFor();
      expect(await page.locator(".form-error").innerText()).toBe(STORE_UNAVAILABLE_MESSAGE);
      expect(page.url()).toMatch(/\/signup$/);
      expect(await field(page, "fullName").inputValue()).toBe("Ada Outage");
      expect(await field(page, "email").inputValue()).toBe(email);
      expect(await field(page, "city").inputValue()).toBe("Manchester");
      expect(await field(page, "membership").inputValue()).toBe("Single");
      expect(await field(page, "agreeTerms").isChecked()).toBe(true);
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      // Without JavaScript the page came back from the server: it never sends passwords back.
      if (!javaScriptEnabled) expect(await field(page, "password").inputValue()).toBe("");
      expect(fake.data.collections.userlist!.some((entry) => String(entry.email).toLowerCase() === email.toLowerCase())).toBe(false);

      fake.down(false);
      await field(page, "password").fill(SIGNUP_PASSWORD);
      await field(page, "confirm_password").fill(SIGNUP_PASSWORD);
      await submit(page);
      await page.waitForURL("**/confirmation");
      expect(fake.data.collections.userlist!.filter((entry) => String(entry.email).toLowerCase() === email.toLowerCase())).toHaveLength(1);
      await context.close();
    });

    it("a page never viewed while Cockpit is down: the friendly page (503), accessible", async () => {
      const warm = await openPage("/home", false);
      await warm.context.close();
      fake.down(true);
      const { context, page } = await openPage("/", javaScriptEnabled, PHONE);
      const response = await page.goto(javaScriptEnabled ? "/event" : "/school");
      expect(response?.status()).toBe(503);
      await page.getByText("Please try again in a moment").waitFor();
      expect(await page.locator("h1").first().innerText()).toBe("Something went wrong");
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it("a visitor still reads the pages already viewed", async () => {
      const title = newestNewsTitle();
      const first = await openPage("/blog", false);
      await first.page.getByText(title).first().waitFor();
      await first.page.goto("/");
      await first.context.close();

      fake.down(true);
      const { context, page } = await openPage("/blog", javaScriptEnabled, PHONE);
      await page.getByText(title).first().waitFor();
      expect(await page.locator("h1").first().innerText()).not.toMatch(/went wrong/i);
      if (javaScriptEnabled) {
        // A client-side navigation reads the loaders' data, from the content cache.
        await page.locator('a[href="/"]').first().click();
        await page.waitForURL(`${server.url}/`);
        await page.getByText("Together in Manchester").first().waitFor();
      }
      await context.close();
    });
  });
}
