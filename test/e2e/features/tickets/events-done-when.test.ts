import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDetails, titleWithYear } from "~/features/tickets";
import { d1Events } from "~/kernel/store/d1/events.server";
import { DEMO_EVENT_ID, withDb } from "../../../support/book-ticket";
import { PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Events as records, done (docs/requirements.md §5, §7.3, ADR 60), in chromium at 360 px,
 * JavaScript on and off, on D1 and on the Cockpit store (one server each, its own fake
 * Cockpit): while this year's event is on sale, the editor makes next year's ("Same event
 * next year") and names it, the accountant sets its prices and last booking day, and the
 * editor publishes it. The demo Family member books both through "Which event?" and pays on
 * the practice checkout; My Account shows each ticket with its own event's date; the door,
 * set to this year's event, admits this year's ticket and refuses next year's naming its
 * event and day; the events report counts each booking under its own event; the home page
 * shows the next event and /event both, each with its date and venue.
 */

const editor = demoAccount("editor").id;
const accountant = demoAccount("treasurer").id;
const member = demoAccount("member").id;

/** Next year's Christmas prices (£): the demo Family's pre-filled party (2 adults, one child above 13, one above 5, one below 5) costs 2 × 15 + 10 + 5. */
const NEXT_PRICES = { adult: "15", above13: "10", kids: "5" };
const NEXT_TOTAL = 4500;
/** What the demo Family's pre-filled party costs at this year's seeded prices. */
const THIS_TOTAL = 3700;

const dayMonth = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pence = (money: string) => Math.round(Number(money.replace(/[£,]/g, "")) * 100);

const STORES = ["d1", "cockpit"] as const;
let browser: Browser;
const servers = {} as Record<(typeof STORES)[number], SeededServer>;

// The browser and both stores' servers start together.
beforeAll(async () => {
  [browser, servers.d1, servers.cockpit] = await Promise.all([launchBrowser(), startSeededServer({ store: "d1" }), startSeededServer({ store: "cockpit" })]);
}, TIMEOUTS.hook);
afterAll(async () => {
  await browser?.close();
  await Promise.all(STORES.map((store) => servers[store]?.stop()));
});

async function open(server: SeededServer, javaScriptEnabled: boolean, signedInAs?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled, ...(signedInAs ? { signedInAs } : {}) });
  return { context, page: await context.newPage() };
}

/** Goes to `path` and, with JavaScript, waits for React (a click before hydration would be a plain one). */
async function visit(page: Page, js: boolean, path: string): Promise<void> {
  await page.goto(path);
  if (js) await hydrated(page);
}

const toast = (page: Page, text: string) => page.locator(".toast").getByText(text, { exact: false }).waitFor();

const readEvent = (server: SeededServer, id: string) => withDb(server, async (db) => (await d1Events(db).get(id))!);

/** The ticket codes on My Account, with each ticket's heading and When. */
async function myTickets(page: Page): Promise<Array<{ code: string; heading: string; when: string }>> {
  return page.locator("li.account-ticket").evaluateAll((items) =>
    items.map((li) => ({
      code: li.querySelector(".ticket-code strong")?.textContent?.trim() ?? "",
      heading: li.querySelector("h3")?.textContent?.trim() ?? "",
      when: li.querySelector(".ticket-event dd")?.textContent?.trim() ?? "",
    })),
  );
}

/** The events report's count and total for one event, chosen by its address; its Event select shows it chosen. */
async function reportOf(page: Page, js: boolean, eventId: string): Promise<{ tickets: number; amount: number }> {
  await visit(page, js, `/mem-events-pay?event=${eventId}`);
  expect(await page.getByLabel("Event", { exact: true }).inputValue()).toBe(eventId);
  const heading = await page.locator("h2", { hasText: /^Tickets \(\d+\)$/ }).innerText();
  const amount = await page
    .locator(".events-tile", { has: page.locator('dt:text-is("Total Amount")') })
    .locator("dd")
    .innerText();
  return { tickets: Number(heading.replace(/\D/g, "")), amount: pence(amount) };
}

/** From "Which event?" to the chosen event's booking form, then Book Now and Pay on the practice checkout. */
async function bookAndPay(page: Page, js: boolean, title: string, expectedButton: string, another: boolean): Promise<void> {
  await visit(page, js, "/book-ticket");
  await page.locator("h2", { hasText: /^Which event\?$/ }).waitFor();
  expect(await fitsScreen(page)).toBe(true);
  await page.getByRole("link", { name: `Book tickets for ${title}`, exact: true }).click();
  await page.locator("h1", { hasText: new RegExp(`^${escape(title)}$`) }).waitFor();
  if (js) await hydrated(page);
  expect(await page.locator("button.booking-submit").innerText()).toBe(expectedButton);
  // This year's: the Family already holds a ticket (the seeded one), so a second is asked for (docs/requirements.md §5.4).
  if (another) await page.getByLabel("Book another ticket").check();
  await page.locator("button.booking-submit").click();
  await page.waitForURL(/\/practice-checkout\/cs_practice_/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/ticket-payment-success\//);
  await expect.poll(() => page.locator("h1").innerText()).toBe("Payment Success");
}

for (const store of STORES) {
  describe(`next year's event while this year's is on sale, at 360 px (${store === "d1" ? "D1" : "Cockpit"} store)`, () => {
    for (const js of [true, false]) {
      it(
        `made, priced, published, booked, admitted at the door, reported and shown (JavaScript ${js ? "on" : "off"})`,
        async () => {
          const server = servers[store];
          const thisYear = await readEvent(server, DEMO_EVENT_ID);
          const thisTitle = thisYear.title;
          const nextYear = Number(thisYear.date.slice(0, 4)) + 1;
          const nextTitle = js ? `Christmas & New Year Celebration ${nextYear}` : `Christmas & New Year Party ${nextYear}`;
          const opened = await Promise.all([open(server, js, editor), open(server, js, accountant), open(server, js, member), open(server, js)]);
          const [asEditor, asAccountant, asMember, asVisitor] = opened.map((o) => o.page) as [Page, Page, Page, Page];
          try {
            // 1. The editor makes next year's copy of this year's event (still on sale) and names it.
            await visit(asEditor, js, "/studio/events");
            await asEditor.getByRole("button", { name: new RegExp(`^Same event next year: ${escape(thisTitle)}, `) }).click();
            await toast(asEditor, "Next year's copy made.");
            await asEditor.locator("h1", { hasText: /^Edit event$/ }).waitFor();
            if (js) await hydrated(asEditor);
            const nextId = new URL(asEditor.url()).pathname.split("/").pop()!;
            expect(nextId).not.toBe(DEMO_EVENT_ID);
            const nextDate = await asEditor.getByLabel("Date", { exact: true }).inputValue();
            expect(nextDate).toBe(`${nextYear}${thisYear.date.slice(4)}`);
            expect(await asEditor.getByLabel("Published").isChecked()).toBe(false);
            // The tickets are the accountant's: not on the editor's form (docs/requirements.md §7.3).
            expect(await asEditor.getByLabel("Last booking day").count()).toBe(0);
            await asEditor.getByLabel("Title", { exact: true }).fill(nextTitle);
            await asEditor.getByRole("button", { name: "Save the event" }).click();
            await toast(asEditor, "Event saved.");

            // The accountant sets its prices and last booking day on its edit page.
            const lastBookingDay = dayBefore(nextDate);
            await visit(asAccountant, js, `/studio/events/${nextId}`);
            expect(await asAccountant.getByLabel("Title", { exact: true }).inputValue()).toBe(nextTitle);
            expect(await asAccountant.getByLabel("Ticket type").inputValue()).toBe("Christmas");
            await asAccountant.getByLabel("Christmas: adult or parent (£)").fill(NEXT_PRICES.adult);
            await asAccountant.getByLabel("Christmas: child above 13 (£)").fill(NEXT_PRICES.above13);
            await asAccountant.getByLabel("Christmas: child above 5 (£)").fill(NEXT_PRICES.kids);
            await asAccountant.getByLabel("Last booking day").fill(lastBookingDay);
            expect(await fitsScreen(asAccountant)).toBe(true);
            await asAccountant.getByRole("button", { name: "Save the event" }).click();
            await toast(asAccountant, "Event saved.");
            expect(await asAccountant.getByLabel("Last booking day").inputValue()).toBe(lastBookingDay);

            // The editor publishes it; the accountant's prices stay.
            await visit(asEditor, js, `/studio/events/${nextId}`);
            await asEditor.getByLabel("Published").check();
            await asEditor.getByRole("button", { name: "Save the event" }).click();
            await toast(asEditor, "Event saved.");
            expect(await asEditor.locator(".studio-event-status .studio-status").innerText()).toBe("Booking open");
            const next = await readEvent(server, nextId);
            expect(next).toMatchObject({ title: nextTitle, date: nextDate, published: true });
            expect(next.tickets).toMatchObject({
              lastBookingDate: lastBookingDay,
              christmasAdultPrice: 1500,
              christmasAbove13Price: 1000,
              christmasKidsPrice: 500,
            });

            // 2. The member books this year's event, then next year's, each through "Which event?".
            const reportBefore = await reportOf(asAccountant, js, DEMO_EVENT_ID);
            await visit(asMember, js, "/mem-account");
            const codesBefore = new Set((await myTickets(asMember)).map((ticket) => ticket.code));
            await bookAndPay(asMember, js, thisTitle, `Book Now £${(THIS_TOTAL / 100).toFixed(2)}`, true);
            await bookAndPay(asMember, js, nextTitle, `Book Now £${(NEXT_TOTAL / 100).toFixed(2)}`, false);

            // 3. My Account: both new tickets, each with its own event's date.
            await visit(asMember, js, "/mem-account");
            const added = (await myTickets(asMember)).filter((ticket) => !codesBefore.has(ticket.code));
            const [thisDetails, nextDetails] = [eventDetails(thisYear), eventDetails(next)];
            expect(thisDetails.when).toMatch(/ \d{4}/);
            expect(nextDetails.when).toMatch(new RegExp(` ${nextYear}`));
            const thisHeading = titleWithYear(thisTitle, Number(thisYear.tickets.lastBookingDate.slice(0, 4)));
            expect(added.map(({ heading, when }) => ({ heading, when }))).toEqual(
              expect.arrayContaining([
                { heading: thisHeading, when: thisDetails.when },
                { heading: nextTitle, when: nextDetails.when },
              ]),
            );
            expect(added).toHaveLength(2);
            expect(await fitsScreen(asMember)).toBe(true);
            const thisCode = added.find((ticket) => ticket.heading === thisHeading)!.code;
            const nextCode = added.find((ticket) => ticket.heading === nextTitle)!.code;

            // 4. The door, set to this year's event, admits this year's ticket and refuses next year's naming it.
            await visit(asAccountant, js, "/scan-qr-code");
            await asAccountant.getByLabel("Event", { exact: true }).selectOption(DEMO_EVENT_ID);
            await asAccountant.getByRole("button", { name: "Choose event" }).click();
            await asAccountant.waitForURL((url) => url.searchParams.get("event") === DEMO_EVENT_ID);
            if (js) await hydrated(asAccountant);
            await asAccountant.getByLabel("Ticket code").fill(thisCode);
            await asAccountant.getByRole("button", { name: "Find ticket" }).click();
            await asAccountant.getByText("FIRST SCAN").waitFor();
            await asAccountant.locator("label.door-person").first().click();
            await expect.poll(() => asAccountant.locator("label.door-person input").first().isChecked()).toBe(true);
            await asAccountant.getByRole("button", { name: "SAVE" }).click();
            await asAccountant.getByText("USED TICKET").waitFor();
            expect(await asAccountant.getByRole("status").innerText()).toContain("1 person admitted.");
            await asAccountant.getByLabel("Ticket code").fill(nextCode);
            await asAccountant.getByRole("button", { name: "Find ticket" }).click();
            await asAccountant
              .getByRole("alert")
              .filter({ hasText: `This ticket is for ${nextTitle}, ${dayMonth(nextDate)} ${nextYear}. Do not admit.` })
              .waitFor();
            expect(await asAccountant.getByRole("button", { name: "SAVE" }).isDisabled()).toBe(true);
            expect(await asAccountant.getByLabel("Event", { exact: true }).inputValue()).toBe(DEMO_EVENT_ID);
            expect(await fitsScreen(asAccountant)).toBe(true);

            // 5. The events report: each booking under its own event.
            expect(await reportOf(asAccountant, js, DEMO_EVENT_ID)).toEqual({ tickets: reportBefore.tickets + 1, amount: reportBefore.amount + THIS_TOTAL });
            expect(await reportOf(asAccountant, js, nextId)).toEqual({ tickets: 1, amount: NEXT_TOTAL });

            // 6. The public pages: the home page's upcoming event is this year's; /event lists both, each with its date and venue.
            await visit(asVisitor, js, "/");
            const home = asVisitor.locator(".upcoming-event");
            expect(await home.locator("h2").innerText()).toBe(thisTitle);
            expect(await home.locator("dl.event-facts dd").allInnerTexts()).toEqual([thisDetails.when, thisDetails.venue]);
            await visit(asVisitor, js, "/event");
            const listed = await asVisitor
              .locator("#coming-up + .event-list .event-item")
              .evaluateAll((items) =>
                items.map((li) => [
                  li.querySelector(".event-name")?.textContent?.trim() ?? "",
                  ...[...li.querySelectorAll("dl.event-facts dd")].map((dd) => dd.textContent?.trim() ?? ""),
                ]),
              );
            expect(listed).toContainEqual([thisTitle, thisDetails.when, thisDetails.venue]);
            expect(listed).toContainEqual([nextTitle, nextDetails.when, nextDetails.venue]);
            expect(await fitsScreen(asVisitor)).toBe(true);
          } finally {
            await Promise.all(opened.map((o) => o.context.close()));
          }
        },
        TIMEOUTS.long,
      );
    }
  });
}
