import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1Members } from "~/kernel/store/d1/members.server";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The demo accountant at work on /accounts and /deleted-members (ADR 63), with JavaScript on
 * (the browser asks the questions of docs/requirements.md §6.3) and off (the server asks on a page). A
 * private server: the demo plus 60 "Paging Person" members, and a deleted member of each
 * mode's own to restore. Delete, privileges, the payment link and the application sheet are
 * the member page's (/accounts/members/:id), not the table's.
 */

let browser: Browser;
let server: SeededServer;
const MODES = [true, false] as const;
const mode = (js: boolean) => (js ? "Js" : "Nojs");

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        for (let i = 1; i <= 60; i++) {
          await members.register(newMember({ fullName: `Paging Person ${String(i).padStart(2, "0")}`, active: true, registrationPaid: true }));
        }
        for (const js of MODES) {
          await members.register(newMember({ fullName: `Restore Me ${mode(js)}`, active: true, registrationPaid: true, deleted: true }));
        }
        await members.register(newMember({ fullName: "Erased member #e2e00001", email: "erased-e2e00001@erased.invalid", active: false, deleted: true }));
      },
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(javaScriptEnabled: boolean, path: string, device = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const rowNames = (page: Page) => page.locator("tbody .member-name").allInnerTexts();

const row = (page: Page, name: string) => page.locator("tbody tr", { has: page.locator(".member-name", { hasText: name }) });
const rowButton = (page: Page, name: string, button: string) => row(page, name).getByRole("button", { name: button, exact: true });

/** Presses a row's action button; with JavaScript the browser's confirm() is answered yes, without it the page's Yes. */
async function act(page: Page, js: boolean, name: string, button: string, question: string | null) {
  if (js) {
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), rowButton(page, name, button).click()]);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual(question ? [question] : []);
  } else {
    await rowButton(page, name, button).click();
    if (question) {
      await page.waitForSelector(".confirm-step");
      expect(await page.locator(".confirm-step p").innerText()).toBe(question);
      await page.getByRole("button", { name: "Yes" }).click();
      await page.waitForLoadState("load");
    }
  }
}

describe("the members table in a browser", () => {
  for (const js of MODES) {
    const label = `JavaScript ${js ? "on" : "off"}`;

    it(`pages with Next and Previous, sorts, searches by a child's name and filters (${label})`, async () => {
      const { context, page } = await open(js, "/accounts");
      expect(await page.locator("h1").innerText()).toBe("Members");
      const first = await rowNames(page);
      expect(first).toHaveLength(50);
      await page.getByRole("link", { name: /^Next/ }).click();
      await page.waitForURL(/after=/);
      await expect.poll(() => rowNames(page).then((names) => names[0])).not.toBe(first[0]);
      const second = await rowNames(page);
      expect(second.filter((name) => first.includes(name))).toEqual([]);
      await page.getByRole("link", { name: /^← Previous/ }).click();
      await page.waitForURL(/before=/);
      await expect.poll(() => rowNames(page)).toEqual(first);

      await page.goto("/accounts");
      await page.getByRole("link", { name: /^Name/ }).click();
      await page.waitForURL(/sort=name&dir=asc/);
      await expect.poll(() => page.locator('th[aria-sort="ascending"]').count()).toBe(1);
      const sorted = await rowNames(page);
      expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

      // A child's name finds the household (the demo Family's Clara Joseph), and the name opens the member's page.
      await page.getByLabel("Search").fill("clara jos");
      await page.getByLabel("Search").press("Enter");
      await page.waitForURL(/q=clara/);
      await expect.poll(() => rowNames(page)).toEqual(["Arun Joseph"]);
      expect(await row(page, "Arun Joseph").getByRole("link", { name: "Arun Joseph" }).getAttribute("href")).toBe(
        `/accounts/members/${demoAccount("member").id}`,
      );
      expect(await row(page, "Arun Joseph").getByRole("link", { name: "Record payment" }).getAttribute("href")).toBe(
        `/accounts/record-payment/${demoAccount("member").id}`,
      );
      expect(await row(page, "Arun Joseph").getByRole("button").count()).toBe(0);

      await page.getByRole("link", { name: "Clear" }).click();
      await page.waitForURL((url) => url.search === "");
      // The cleared page must be drawn before the next filter: with JavaScript, changing a list
      // submits the whole form, and a search box still holding the old query would go with it.
      await expect.poll(() => page.getByLabel("Search").inputValue()).toBe("");
      await expect.poll(() => rowNames(page)).toHaveLength(50);
      await page.getByLabel("Status").selectOption("pending");
      if (!js) await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/status=pending/);
      await expect.poll(() => rowNames(page)).toEqual(["Kiran Das"]);
      expect(await page.locator("tbody tr").first().getAttribute("class")).toBe("row-inactive");
      await context.close();
    });

    it(`restores a deleted member after the question; an erased record offers nothing (${label})`, async () => {
      const name = `Restore Me ${mode(js)}`;
      const { context, page } = await open(js, "/deleted-members");
      await expect.poll(() => rowNames(page)).toContain(name);
      const erased = row(page, "Erased member #e2e00001");
      expect(await erased.getByRole("button").count()).toBe(0);
      expect(await erased.innerText()).toContain("Erased");
      expect(await erased.innerText()).not.toContain("Pending");
      await act(page, js, name, "Restore", `Are you sure to restore ${name}?`);
      expect(await page.locator(".toast").innerText()).toContain(`${name} was restored.`);
      await expect.poll(() => rowNames(page)).not.toContain(name);
      await page.goto(`/accounts?q=${encodeURIComponent(name)}`);
      expect(await rowNames(page)).toEqual([name]);
      await context.close();
    });

    it(`fits 1280 px with no sideways scroll (${label})`, async () => {
      for (const path of ["/accounts", "/deleted-members"]) {
        const { context, page } = await open(js, path);
        const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(fit.scroll, path).toBeLessThanOrEqual(fit.inner);
        const region = page.getByRole("region", { name: path === "/accounts" ? "Members" : "Deleted Members" });
        expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth), path).toBe(true);
        // The name and the action are both in view at once.
        const box = await page.locator("tbody tr").first().locator("td.col-actions").boundingBox();
        expect(box, path).not.toBeNull();
        expect(box!.x + box!.width, path).toBeLessThanOrEqual(1280);
        await context.close();
      }
    });

    it(`shows each member as a card on a 360 px phone (${label})`, async () => {
      const { context, page } = await open(js, "/accounts", PHONE);
      const fit = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(fit.scroll).toBeLessThanOrEqual(fit.inner);
      // A mobile browser widens its layout to fit what overflows: the page must fit the phone itself.
      expect(fit.scroll).toBeLessThanOrEqual(PHONE.viewport.width);
      const first = page.locator("tbody tr").first();
      expect(await first.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
      expect(await page.locator("thead").evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
      // Each value is named on the card, and the card is no wider than the screen.
      expect(await first.innerText()).toContain("Email:");
      expect(await first.evaluate((tr) => tr.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
      expect(await first.getByRole("link", { name: "Record payment" }).isVisible()).toBe(true);
      await context.close();
    });
  }
});
