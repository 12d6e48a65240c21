import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldSince } from "~/features/tickets/event-capacity";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { nowSeconds } from "~/kernel/store/ids";
import { PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { DEMO_EVENT_ID, changeEvent } from "../../../support/book-ticket";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * /book-ticket with a capacity (docs/requirements.md §5.5, ADR 43) in chromium at 360 px: one place left, the
 * Family's party of five is refused with JavaScript off; the Single member takes the last
 * place with it on; then the page says the event is full and the button is disabled.
 */

let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        await changeEvent(db, { capacity: (await d1Tickets(db).countPeopleHoldingPlaces(DEMO_EVENT_ID, heldSince(nowSeconds()))) + 1 });
      },
    }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (javaScriptEnabled: boolean, as: string) => newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled, signedInAs: as });
const bookButton = (page: Page) => page.locator("button.booking-submit");
const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

describe("an event with one place left", () => {
  it("JavaScript off: when and where and '1 place left' are shown; the Family's party of five is refused, the names kept", async () => {
    const context = await open(false, demoAccount("member").id);
    const page = await context.newPage();
    await page.goto("/book-ticket");
    expect(await page.locator(".booking-event dd").allInnerTexts()).toEqual([
      expect.stringMatching(/^\w+day 27 December \d{4}, 6pm$/),
      "Mosaic Community Hall, 12 Church Road, Manchester M20 2AB",
    ]);
    expect(await page.locator(".booking-places").innerText()).toBe("1 place left");
    await noSidewaysScroll(page);
    await page.getByLabel("Book another ticket").check();
    await bookButton(page).click();
    await page.locator(".form-error", { hasText: "Only 1 place is left for this event." }).waitFor();
    expect(await page.locator("#booking-adultName1").inputValue()).toBe("Arun Joseph");
    expect(page.url()).toMatch(/\/book-ticket$/);
    await context.close();
  });

  it("JavaScript on: the Single member takes the last place; then the event is full and the button disabled", async () => {
    const single = await open(true, demoAccount("single").id);
    const page = await single.newPage();
    await page.goto("/book-ticket");
    await hydrated(page);
    await bookButton(page).click();
    await page.waitForURL(/\/practice-checkout\/cs_practice_/);
    await single.close();

    const context = await open(true, demoAccount("member").id);
    const full = await context.newPage();
    await full.goto("/book-ticket");
    await hydrated(full);
    expect(await full.locator(".booking-closed").innerText()).toBe("This event is full.");
    expect(await bookButton(full).isDisabled()).toBe(true);
    expect(await bookButton(full).innerText()).toBe("Booking Not Available");
    await noSidewaysScroll(full);
    await context.close();
  });
});
