import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "~/kernel/dates/dates";
import { d1Members } from "~/kernel/store/d1/members.server";
import { DESKTOP, PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { withDb } from "../../../support/book-ticket";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerStore } from "../../../support/server-store";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9): the treasurer
 * records a cash renewal (My Account then shows it paid, the renewals report says "Cash"),
 * and sells tickets at the desk: cash (the ticket is paid and has its QR on My Account) and
 * card by link (the member gets the link by e-mail). In chromium with JavaScript on (the
 * demo Single member) and off, and at 360 px, each with members of its own on one private
 * server.
 */

const Y = currentYear();
const MODES = [
  { key: "js", js: true, device: DESKTOP },
  { key: "nojs", js: false, device: DESKTOP },
  { key: "phone", js: true, device: PHONE },
] as const;
type Key = (typeof MODES)[number]["key"];
interface People {
  renewer: { id: string; name: string; email: string };
  cash: { id: string; name: string };
  link: { id: string; name: string; email: string };
}
const people = {} as Record<Key, People>;

let browser: Browser;
let server: SeededServer;

beforeAll(async () => {
  const single = demoAccount("single");
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        const add = async (fullName: string, lastRenewedYear: number) => {
          const m = await members.register(newMember({ fullName, membership: "Single", active: true, registrationPaid: true, lastRenewedYear }));
          return { id: m.id, name: m.fullName, email: m.email };
        };
        for (const { key } of MODES) {
          const demo = (await members.getById(single.id))!;
          const renewer = key === "js" ? { id: demo.id, name: demo.fullName, email: demo.email } : await add(`Renewing ${key} Person`, Y - 1);
          people[key] = { renewer, cash: await add(`Cash ${key} Buyer`, Y), link: await add(`Link ${key} Buyer`, Y) };
        }
      },
    }),
  ]);
}, TIMEOUTS.long);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

async function open(js: boolean, device: BrowserContextOptions, signedInAs: string, path: string): Promise<Page> {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled: js, signedInAs });
  const page = await context.newPage();
  await page.goto(path);
  if (js) await hydrated(page);
  return page;
}

const treasurer = () => demoAccount("treasurer").id;

/** Clicks, then waits for the page it leads to and its toast (Remix changes the address before it renders). */
async function submitAndToast(page: Page, button: string, path: string): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.locator(".toast").waitFor();
  return page.locator(".toast").innerText();
}

for (const { key, js, device } of MODES) {
  describe(`Offline payments (JavaScript ${js ? "on" : "off"}${device === PHONE ? ", 360 px" : ""})`, () => {
    it("records a cash renewal: My Account shows it paid, the renewals report says Cash", async () => {
      const { renewer } = people[key];
      const page = await open(js, device, treasurer(), `/accounts/record-payment/${renewer.id}`);
      await page.getByText(`Renewal ${Y}`).waitFor();
      expect(await page.getByLabel("How was it paid?").inputValue()).toBe("cash");
      expect(await fitsScreen(page)).toBe(true);
      expect(await submitAndToast(page, "Record payment", "/accounts")).toContain("Cash payment recorded");

      await page.goto(`/mem-renewals?q=${encodeURIComponent(renewer.name)}`);
      const headers = await page.locator("#renewed-table thead th").allInnerTexts();
      const cells = await page.locator("#renewed-table tbody tr").first().locator("th, td").allInnerTexts();
      expect(cells[0]).toBe(renewer.name);
      expect(cells[headers.indexOf("Method")]).toBe("Cash");
      await page.context().close();

      const own = await open(js, device, renewer.id, "/mem-account");
      await expect(own.getByRole("button", { name: "You have already paid!" }).isDisabled()).resolves.toBe(true);
      await own.context().close();

      // Its receipt went to the member, saying how it was paid.
      const receipts = await withDb(server, (db) =>
        db.prepare("SELECT text FROM outbox WHERE purpose = 'receipt' AND recipients LIKE ?").bind(`%${renewer.email}%`).all<{ text: string }>(),
      );
      expect(receipts.results).toHaveLength(1);
      expect(receipts.results[0]!.text).toContain("Cash");
    });

    it("records a change to Family by bank transfer, then adds the spouse on Edit Member, where it leads", async () => {
      const { renewer } = people[key];
      const page = await open(js, device, treasurer(), `/accounts/record-payment/${renewer.id}`);
      await page.getByText(`Change to Family ${Y}`).waitFor();
      await page.getByLabel("How was it paid?").selectOption("bank");
      await page.getByLabel("Reference").fill(`FAMILY ${key}`);
      const toast = await submitAndToast(page, "Record payment", `/accounts/members/${renewer.id}/edit`);
      expect(toast).toContain("Bank transfer payment recorded");
      expect(toast).toContain("Now add their spouse and children.");
      if (js) await hydrated(page);
      await page.getByLabel("Spouse's title").selectOption("Mrs");
      await page.getByLabel("Spouse's name").fill(`Spouse ${key}`);
      await page.getByLabel("Spouse's e-mail").fill(`spouse.${key}@example.com`);
      await page.getByLabel("Spouse's mobile").fill("07700900778");
      expect(await fitsScreen(page)).toBe(true);
      await page.getByRole("button", { name: "Save", exact: true }).last().click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${renewer.id}`);
      await page.context().close();

      const member = await withServerStore(server, (store) => store.members.getById(renewer.id));
      expect(member).toMatchObject({ membership: "Family", spouse: { title: "Mrs", name: `Spouse ${key}`, email: `spouse.${key}@example.com` } });
    });

    it("sells a ticket at the desk for cash: it is paid and has its QR on the member's account", async () => {
      const { cash } = people[key];
      const page = await open(js, device, treasurer(), "/accounts/desk");
      await page.getByLabel("Find a member").fill(cash.name);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: `Book for ${cash.name}` }).click();
      await page.waitForURL((url) => url.searchParams.get("member") === cash.id);
      await page.getByRole("heading", { name: new RegExp(`for ${cash.name}$`) }).waitFor();
      if (js) await hydrated(page);
      expect(await page.getByLabel("Name of the first adult").inputValue()).toBe(cash.name);
      expect(await fitsScreen(page)).toBe(true);
      const button = await page.getByRole("button", { name: /^Paid in cash £/ }).innerText();
      expect(await submitAndToast(page, button, "/accounts/desk")).toContain("paid in cash");
      await page.context().close();

      const own = await open(js, device, cash.id, "/mem-account");
      await own.locator(".account-ticket .ticket-qr svg").first().waitFor();
      expect(await own.locator(".account-ticket").count()).toBe(1);
      await own.context().close();
    });

    it("sends a card payment link from the desk: the member gets it by e-mail, the ticket waits for payment", async () => {
      const { link } = people[key];
      const page = await open(js, device, treasurer(), `/accounts/desk?member=${link.id}`);
      await page.getByRole("heading", { name: new RegExp(`for ${link.name}$`) }).waitFor();
      expect(await submitAndToast(page, "Send a card payment link", "/accounts/desk")).toContain(`A card payment link was e-mailed to ${link.email}`);
      await page.context().close();
      const email = await withDb(server, (db) =>
        db.prepare("SELECT text FROM outbox WHERE purpose = 'ticket-payment-link' AND recipients LIKE ?").bind(`%${link.email}%`).first<{ text: string }>(),
      );
      expect(email?.text).toMatch(/Pay by card.*\/practice-checkout\//s);
      const own = await open(js, device, link.id, "/mem-account");
      await own.getByRole("heading", { name: "Account Details" }).waitFor();
      expect(await own.locator(".account-ticket").count()).toBe(0);
      await own.context().close();
    });
  });
}
