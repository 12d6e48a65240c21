import type { Browser, BrowserContext, Page } from "playwright-core";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "~/kernel/dates/dates";
import { pendingMembersQuery } from "~/features/office/renewals-report";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { newMember, newTransaction } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The demo accountant on /mem-renewals, with JavaScript on and off, on a desktop and
 * at 360 px. Two private servers: one without an e-mail provider (the panel of docs/requirements.md §6.9),
 * one sending through a fake Resend.
 */

const Y = currentYear();
const MODES = [true, false] as const;
let browser: Browser;
let plain: SeededServer;
let sending: SeededServer;
let resend: FakeResend;
const pendingCount: Record<string, number> = {};

async function prepare(db: D1Database, key: string) {
  const members = d1Members(db);
  const transactions = d1Transactions(db);
  for (let i = 1; i <= 3; i += 1) {
    const member = await members.register(newMember({ fullName: `Paid Person ${i}`, active: true, registrationPaid: true, lastRenewedYear: Y }));
    const tx = await transactions.create(newTransaction(member.id, { year: Y, memberName: member.fullName, memberEmail: member.email }));
    await transactions.settle(tx.id, "success", Date.UTC(Y, i, 5, 12) / 1000);
  }
  for (let i = 1; i <= 20; i += 1) {
    await members.register(
      newMember({ fullName: `Unpaid Person ${String(i).padStart(2, "0")}`, active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
    );
  }
  pendingCount[key] = (await members.list(pendingMembersQuery(Y))).total;
}

beforeAll(async () => {
  resend = await startFakeResend();
  [browser, plain, sending] = await Promise.all([
    launchBrowser(),
    startSeededServer({ prepare: (db) => prepare(db, "plain") }),
    startSeededServer({ prepare: (db) => prepare(db, "sending"), vars: { RESEND_API_KEY: "re_fake_test_key", RESEND_API_URL: resend.url } }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.stop(), sending?.stop()]);
  await resend?.stop();
});

async function open(server: SeededServer, js: boolean, path: string, device = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs: demoAccount("treasurer").id });
  const page = await context.newPage();
  await page.goto(path);
  if (js) await hydrated(page);
  return { context, page };
}

const rowNames = (page: Page, table: "renewed" | "pending") => page.locator(`#${table}-table tbody th`).allInnerTexts();

describe("/mem-renewals in a browser", () => {
  for (const js of MODES) {
    it(`JavaScript ${js ? "on" : "off"}: both tables, the year select, page sizes and the pager`, async () => {
      const { context, page } = await open(plain, js, "/mem-renewals");
      try {
        await expect(page.getByRole("heading", { level: 2, name: /^Renewed \(\d+\)$/ }).count()).resolves.toBe(1);
        expect(await page.getByRole("heading", { level: 2, name: `Pending (${pendingCount.plain})` }).count()).toBe(1);
        expect(await rowNames(page, "renewed")).toEqual(expect.arrayContaining(["Paid Person 1", "Paid Person 2", "Paid Person 3"]));
        expect(await page.locator("#renewed-table tfoot").innerText()).toMatch(/^Total £\d+\.\d\d$/);
        expect(await rowNames(page, "pending")).toHaveLength(15);
        expect(await page.getByRole("img", { name: new RegExp(`^Renewals paid each month of ${Y}: Jan \\d+, Feb`) }).count()).toBe(1);

        await page
          .getByRole("navigation", { name: `Not renewed for ${Y}: rows per page` })
          .getByRole("link", { name: "50", exact: true })
          .click();
        await page.waitForURL(/psize=50/);
        // With JavaScript the URL changes a moment before React draws the new rows.
        await expect.poll(async () => (await rowNames(page, "pending")).length).toBe(pendingCount.plain);

        await page.getByLabel("Year").selectOption(String(Y - 1));
        await page.getByRole("button", { name: "Show" }).click();
        await page.waitForURL(new RegExp(`year=${Y - 1}`));
        await expect.poll(() => rowNames(page, "renewed")).not.toContain("Paid Person 1");
        // The pending table kept its page size.
        expect(new URL(page.url()).searchParams.get("psize")).toBe("50");
        expect(await rowNames(page, "pending")).toHaveLength(pendingCount.plain!);
      } finally {
        await context.close();
      }
    });

    it(`JavaScript ${js ? "on" : "off"}: the search area finds in both tables, keeps the search in the URL and the CSV links, and clears`, async () => {
      const { context, page } = await open(plain, js, "/mem-renewals?psize=50");
      try {
        const search = page.getByRole("search", { name: "Find in the subscriptions" });
        await search.getByLabel("Search").fill("person 2");
        await search.getByRole("button", { name: "Show" }).click();
        await page.waitForURL((url) => url.searchParams.get("q") === "person 2");
        // "Paid Person 2" in the renewed table, "Unpaid Person 20" in the pending one.
        await expect.poll(() => rowNames(page, "renewed")).toEqual(["Paid Person 2"]);
        await expect.poll(() => rowNames(page, "pending")).toEqual(["Unpaid Person 20"]);
        // The page size was kept; the CSV links follow the search.
        expect(new URL(page.url()).searchParams.get("psize")).toBe("50");
        expect(await page.locator("#renewed-title ~ a[download], .report-head a[download]").first().getAttribute("href")).toBe(
          "/mem-renewals/renewed.csv?q=person+2",
        );
        // Its Excel twin sits beside it and holds the same row, the amount a number (on either store).
        const excel = page
          .locator(".report-head")
          .first()
          .getByRole("link", { name: /^Export Excel \(\.xlsx\)/ });
        expect(await excel.getAttribute("href")).toBe("/mem-renewals/renewed.xlsx?q=person+2");
        const body = await (await context.request.get("/mem-renewals/renewed.xlsx?q=person+2")).body();
        const [header, ...sheet] = await readSheet(new Blob([new Uint8Array(body)]));
        expect(sheet.map((row) => row[0])).toEqual(["Paid Person 2"]);
        expect(typeof sheet[0]![header!.indexOf("Amount (£)")]).toBe("number");
        expect(await page.getByLabel("Search").inputValue()).toBe("person 2");

        await page.getByRole("link", { name: "Clear search" }).click();
        await page.waitForURL((url) => !url.searchParams.has("q"));
        await expect.poll(async () => (await rowNames(page, "renewed")).length).toBeGreaterThanOrEqual(3);
        expect(await page.getByLabel("Search").inputValue()).toBe("");
      } finally {
        await context.close();
      }
    });

    it(`JavaScript ${js ? "on" : "off"}: without a provider, 'Send Notification To All' lists the addresses; CLOSE goes back`, async () => {
      const { context, page } = await open(plain, js, "/mem-renewals?ppage=2");
      try {
        // No e-mail would leave: the browser does not ask.
        page.on("dialog", () => {
          throw new Error("no question expected");
        });
        await page.getByRole("button", { name: "Send Notification To All" }).click();
        await page.waitForSelector(".recipient-list");
        expect(await page.getByText("Our system is experiencing technical difficulties to send bulk emails...").count()).toBe(1);
        expect(await page.locator(".recipient-list li").count()).toBe(pendingCount.plain);
        await page.getByRole("link", { name: "CLOSE", exact: true }).click();
        await page.waitForFunction(() => !document.querySelector(".recipient-list"));
        expect(new URL(page.url()).search).toBe("?ppage=2");
      } finally {
        await context.close();
      }
    });
  }

  it("JavaScript on: with a provider the browser asks first; No sends nothing, OK sends to every pending member", async () => {
    const { context, page } = await open(sending, true, "/mem-renewals");
    try {
      const question = `Send the renewal reminder to ${pendingCount.sending} members?`;
      const asked: string[] = [];
      // Every form this page sends (the reminder is a POST to the page's action).
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("button", { name: "Send Notification To All" }).click();
      await expect.poll(() => asked).toEqual([question]);
      // No: the click's submit handler has returned, and two frames later whatever it started (a
      // submission fetches at once) would have been seen; none was, so nothing could be sent.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      expect(posts).toEqual([]);
      expect(resend.requests).toHaveLength(0);

      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Send Notification To All" }).click()]);
      await page.waitForSelector(".toast");
      expect(await page.locator(".toast").innerText()).toContain(`Renewal reminder sent to ${pendingCount.sending} members.`);
      expect(resend.requests).toHaveLength(pendingCount.sending!);
      // The OK's one: the No sent nothing, even late.
      expect(posts).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("at 360 px the page does not scroll sideways (the tables scroll in their own region), and axe finds no violations", async () => {
    const { context, page } = await open(plain, true, "/mem-renewals", PHONE);
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await page.locator("#pending-table").isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
