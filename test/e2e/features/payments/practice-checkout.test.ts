import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { practiceGateway } from "~/features/payments/checkout/practice-gateway.server";
import { d1PracticeCheckouts } from "~/kernel/store/d1/practice-checkouts.server";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { practiceSession, readPracticeSessionOf } from "../../../support/practice-checkout";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * The practice checkout in chromium, with JavaScript on and off, on a phone: Pay lands on
 * the success URL and Cancel on the cancel URL (the return pages are the payment code's;
 * these tests look at where the browser went, not at what it found there).
 */

let browser: Browser;
let server: SeededServer;
const ids: Record<string, string> = {};

const KEYS = ["pay-js", "pay-nojs", "cancel-js", "cancel-nojs", "pending"];

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const gateway = practiceGateway(d1PracticeCheckouts(db), { isProduction: false });
        for (const key of KEYS) ids[key] = (await gateway.createSession(practiceSession(key))).id;
      },
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const readSession = (id: string) => readPracticeSessionOf(server.persistTo, id);

async function openCheckout(key: string, javaScriptEnabled: boolean, device: typeof DESKTOP | typeof PHONE = PHONE) {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.goto(`/practice-checkout/${ids[key]}`);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

/** Nothing sticks out sideways on a 360 px phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  const js = javaScriptEnabled ? "js" : "nojs";
  describe(`the practice checkout (JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px)`, () => {
    it("shows the label, the items and the total; Pay lands on the success URL with the session id", async () => {
      const key = `pay-${js}`;
      const { context, page } = await openCheckout(key, javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "Practice checkout — no real payment is taken" }).isVisible()).resolves.toBe(true);
      const table = await page.locator("table.practice-items").innerText();
      expect(table).toContain("price_reg_fee_2025");
      expect(table).toContain("price_family_2025");
      expect(table).toMatch(/Total\s+£45\.50/);
      expect(await page.locator(".practice-email").innerText()).toContain(`${key}@example.com`);
      await expectNoSidewaysScroll(page);

      await Promise.all([page.waitForURL((url) => url.pathname === `/practice-landing/${key}/success`), page.getByRole("button", { name: "Pay" }).click()]);
      expect(new URL(page.url()).searchParams.get("session_id")).toBe(ids[key]);
      expect(await readSession(ids[key]!)).toMatchObject({ paymentStatus: "paid", status: "complete" });

      // Back on the checkout afterwards: it says it is paid, and links to the success URL.
      await page.goto(`/practice-checkout/${ids[key]}`);
      await page.getByText("This checkout is already paid").waitFor();
      expect(await page.getByRole("button", { name: "Pay" }).count()).toBe(0);
      await context.close();
    });

    it("Cancel lands on the cancel URL and the session stays unpaid", async () => {
      const key = `cancel-${js}`;
      const { context, page } = await openCheckout(key, javaScriptEnabled);
      await Promise.all([page.waitForURL((url) => url.pathname === `/practice-landing/${key}/cancel`), page.getByRole("button", { name: "Cancel" }).click()]);
      expect(await readSession(ids[key]!)).toMatchObject({ paymentStatus: "unpaid", status: "expired" });
      await page.goto(`/practice-checkout/${ids[key]}`);
      await page.getByText("This checkout has expired").waitFor();
      await context.close();
    });
  });
}

describe("the practice checkout with JavaScript", () => {
  it("shows Please wait... on the pressed button while the payment goes through", async () => {
    const { context, page } = await openCheckout("pending", true, DESKTOP);
    // Hold the action's answer back so the pending state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/practice-checkout/${ids.pending}*`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const pressed = page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("button", { name: "Please wait..." }).waitFor();
    expect(
      await page.locator(".practice-actions button").evaluateAll((buttons) => buttons.map((b) => [b.textContent, (b as HTMLButtonElement).disabled])),
    ).toEqual([
      ["Please wait...", true],
      ["Cancel", true],
    ]);
    release();
    await pressed;
    await page.waitForURL((url) => url.pathname === "/practice-landing/pending/success");
    await context.close();
  });
});

describe("the practice checkout's accessibility (axe-core)", () => {
  for (const device of [DESKTOP, PHONE]) {
    it(`has no WCAG 2.1 A/AA violations, open and paid (${device.viewport.width} px)`, async () => {
      const context = await newContext(browser, { ...device, baseURL: server.url });
      const page = await context.newPage();
      const { id } = await withServerD1(server.persistTo, (db) =>
        practiceGateway(d1PracticeCheckouts(db)).createSession(practiceSession(`axe-${device.viewport.width}`)),
      );
      await page.goto(`/practice-checkout/${id}`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      await Promise.all([page.waitForURL((url) => url.pathname.endsWith("/success")), page.getByRole("button", { name: "Pay" }).click()]);
      await page.goto(`/practice-checkout/${id}`);
      await page.getByText("This checkout is already paid").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
