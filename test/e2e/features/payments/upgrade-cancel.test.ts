import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * A cancelled Family upgrade (docs/requirements.md §3.5, ADR 26) in chromium, JavaScript on
 * and off: a paid Single member (the demo treasurer) chooses Family, adds a spouse, saves,
 * and cancels at the practice checkout. Edit Account then shows what is stored (Single, no
 * spouse), and saving only a new address goes to My Account, not to a checkout. Private
 * server: the record changes.
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

async function openEdit(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext(browser, { ...DESKTOP, baseURL: server.url, javaScriptEnabled, signedInAs: demoAccount("treasurer").id });
  const page = await context.newPage();
  await page.goto("/amend-account");
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

for (const javaScriptEnabled of [false, true]) {
  describe(`a cancelled Family upgrade (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("leaves Edit Account as stored, and a new address saves without a checkout", async () => {
      const page = await openEdit(javaScriptEnabled);
      await page.getByLabel("Membership type").selectOption("Family");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the form" }).click();
      await page.getByLabel("Spouse's name").waitFor();
      await page.getByLabel("Spouse's title").selectOption("Mr");
      await page.getByLabel("Spouse's name").fill("Ravi Trap");
      await page.getByLabel("Spouse's e-mail").fill("ravi.trap@example.org");
      await page.getByLabel("Spouse's mobile").fill("07700900077");
      await page.getByRole("button", { name: "Save", exact: true }).click();

      await page.waitForURL(/\/practice-checkout\/cs_practice_/);
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await page.waitForURL(/\/payment-cancel\//);

      await page.goto("/amend-account");
      if (javaScriptEnabled) await hydrated(page);
      expect(await page.getByLabel("Membership type").inputValue()).toBe("Single");
      expect(await page.getByLabel("Spouse's name").count()).toBe(0);

      const street = `${javaScriptEnabled ? 5 : 6} Untrapped Street`;
      await page.getByLabel("Address", { exact: true }).fill(street);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Details Updated.").waitFor();
      expect(new URL(page.url()).pathname).toBe("/mem-account");
      expect(await page.locator(".account-details").innerText()).toContain("Single");
      await page.goto("/amend-account");
      expect(await page.getByLabel("Address", { exact: true }).inputValue()).toBe(street);
      await page.context().close();
    });
  });
}
