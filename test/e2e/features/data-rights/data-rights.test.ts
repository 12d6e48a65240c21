import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasedName } from "~/features/data-rights/erasure";
import type { MyData } from "~/features/data-rights/my-data";
import { DESKTOP, PHONE, hydrated, launchBrowser } from "../../../support/browser";
import { ERASABLE, ERASABLE_MESSAGE, addErasableMember } from "../../../support/data-rights";
import { MESSAGES } from "../../../support/password-reset";
import { sidewaysOverflow } from "../../../support/phone-width";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * Members' data rights in chromium (docs/requirements.md §8.2, §8.3), JavaScript on and off: a member reads
 * and downloads their data (the page fits 360 px), then the treasurer erases them through
 * the confirmation page, and nothing of theirs is found anywhere while the accounts' totals
 * stay the same. Each run has a server of its own (the erasure changes its database).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(server: SeededServer, javaScriptEnabled: boolean, device: BrowserContextOptions, memberId?: string) {
  const context = await browser.newContext({ baseURL: server.url, ...device, javaScriptEnabled, acceptDownloads: true });
  await context.addCookies([{ name: "agreeCookie", value: "true", url: server.url }]);
  if (memberId) {
    const [name, value] = (await sessionCookieFor(memberId)).split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  return { context, page: await context.newPage() };
}

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
}

const mainText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");
const leaks = (text: string) => ERASABLE.traces.filter((trace) => text.includes(trace));
const rows = (page: Page) => page.locator("tbody tr").allInnerTexts();

for (const javaScriptEnabled of [true, false]) {
  describe(`Data rights (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    let server: SeededServer;
    let sara: { id: string };
    beforeAll(async () => {
      // Her contact message goes through the contact form, signed in (so it is hers, by id), so
      // on the Cockpit run it is in Cockpit's form.
      server = await startSeededServer({
        prepare: async (db) => {
          sara = await addErasableMember(db, { contactMessage: false });
        },
      });
      const sent = await fetch(`${server.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": "198.18.20.1",
          Cookie: await sessionCookieFor(sara.id),
        },
        body: new URLSearchParams(ERASABLE_MESSAGE),
      });
      expect(sent.status).toBe(302);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("a member opens their data from My Account, reads it at 360 px and downloads it as HTML and JSON, named after her", async () => {
      const { context, page } = await open(server, javaScriptEnabled, PHONE, sara.id);
      await visit(page, "/mem-account", javaScriptEnabled);
      await page.getByRole("link", { name: "See or download my data" }).click();
      await page.waitForURL((url) => url.pathname === "/account/data");
      await page.getByRole("heading", { name: "Your household" }).waitFor();
      const text = await mainText(page);
      expect(text).toContain(`${ERASABLE.childName}, born 2016`);
      expect(text).toContain("Hall booking");
      expect(text).toContain("Welcome, Sara Erasable");
      expect((await sidewaysOverflow(page)).offenders).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "for another service (JSON)" }).click()]);
      // Named after the member (docs/requirements.md §8.2).
      expect(download.suggestedFilename()).toMatch(/^sara-erasable-data-\d{4}-\d{2}-\d{2}\.json$/);
      // The browser may run remotely, so the file is saved here before it is read.
      const file = path.join(await mkdtemp(path.join(tmpdir(), "mma-my-data-")), download.suggestedFilename());
      await download.saveAs(file);
      const data = JSON.parse(await readFile(file, "utf8")) as MyData;
      expect(data.member).toMatchObject({ id: sara.id, fullName: ERASABLE.fullName });
      expect(data.household.spouse?.name).toBe(ERASABLE.spouseName);
      expect(data.tickets).toHaveLength(1);

      // The same as a page to keep or print: one file, named the same way, readable on its own.
      const [page2] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "a page to keep or print (HTML)" }).click()]);
      expect(page2.suggestedFilename()).toMatch(/^sara-erasable-data-\d{4}-\d{2}-\d{2}\.html$/);
      const htmlFile = path.join(path.dirname(file), page2.suggestedFilename());
      await page2.saveAs(htmlFile);
      const saved = await context.newPage();
      await saved.setContent(await readFile(htmlFile, "utf8"));
      expect(await saved.getByRole("heading", { level: 1 }).innerText()).toBe(`Data held about ${ERASABLE.fullName}`);
      expect(await saved.locator("main").innerText()).toContain(`${ERASABLE.childName}, born 2016`);
      expect(await saved.locator("script").count()).toBe(0);
      await context.close();
    });

    it("the treasurer erases the member after confirming: nothing of theirs is found, the totals are the same", async () => {
      const { context, page } = await open(server, javaScriptEnabled, DESKTOP, demoAccount("treasurer").id);
      await visit(page, "/mem-events-pay", javaScriptEnabled);
      const ticketTotals = await page.locator(".events-tiles").innerText();
      await visit(page, "/mem-renewals", javaScriptEnabled);
      const renewedBefore = await page.getByRole("heading", { name: /^Renewed/ }).innerText();

      await visit(page, "/accounts?q=Erasable", javaScriptEnabled);
      expect(await rows(page)).toHaveLength(1);
      // The row's name opens the member page, whose Danger section has Erase (docs/requirements.md §6.3.1).
      await page.locator("tbody tr").getByRole("link", { name: ERASABLE.fullName }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${sara.id}`);
      if (javaScriptEnabled) await hydrated(page);
      await page.locator("#danger").getByRole("link", { name: "Erase" }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${sara.id}/erase`);
      await page.getByRole("heading", { name: "What will be removed" }).waitFor();
      expect(await mainText(page)).toContain(erasedName(sara.id));
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Yes, erase this member" }).click();
      await page.waitForURL((url) => url.pathname === "/accounts");
      await page.getByText(`Erased. The member's payments and tickets are kept as "${erasedName(sara.id)}".`).waitFor();

      for (const path of ["/accounts?q=Erasable", "/mem-renewals?q=Erasable"]) {
        await visit(page, path, javaScriptEnabled);
        expect(await rows(page), path).toEqual([]);
      }
      // Deleted Members keeps the erased record under its pseudonym, and "Erasable" finding
      // nobody whole is searched again as "eras" (ADR 63), which begins "Erased member #…":
      // that one row may show, and nothing of hers in it.
      await visit(page, "/deleted-members?q=Erasable", javaScriptEnabled);
      const deleted = await rows(page);
      expect(deleted.filter((row) => !row.includes(erasedName(sara.id)))).toEqual([]);
      expect(leaks(deleted.join("\n"))).toEqual([]);
      for (const path of ["/deleted-members?size=500", "/accounts/emails", "/accounts/messages", "/accounts/activity", "/mem-events-pay", "/mem-renewals"]) {
        await visit(page, path, javaScriptEnabled);
        expect(leaks(await mainText(page)), path).toEqual([]);
      }
      await visit(page, "/accounts/activity", javaScriptEnabled);
      expect(await mainText(page)).toContain(`erased the personal data of ${erasedName(sara.id)}.`);

      await visit(page, "/mem-events-pay", javaScriptEnabled);
      expect(await page.locator(".events-tiles").innerText()).toBe(ticketTotals);
      await visit(page, "/mem-renewals", javaScriptEnabled);
      expect(await page.getByRole("heading", { name: /^Renewed/ }).innerText()).toBe(renewedBefore);
      expect(await mainText(page)).toContain(erasedName(sara.id));
      await context.close();
    });

    it("the erased member is signed out and can no longer sign in", async () => {
      const { context, page } = await open(server, javaScriptEnabled, DESKTOP, sara.id);
      await page.goto("/account/data");
      await page.waitForURL((url) => url.pathname === "/login");
      await page.getByRole("button", { name: "Sign In" }).waitFor();
      if (javaScriptEnabled) await hydrated(page);
      await page.getByLabel("E-mail").fill(ERASABLE.email);
      await page.getByLabel("Password").fill(ERASABLE.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.locator(".form-error").getByText(MESSAGES.incorrect).waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      await context.close();
    });
  });
}
