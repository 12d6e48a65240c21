import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser } from "../../support/browser";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { TIMEOUTS } from "../../support/time-budget";

/**
 * The demo member's visit, end to end through the real forms: sign in, read the
 * account page, edit the details, sign out. On a private server, because it
 * changes the member.
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

for (const javaScriptEnabled of [true, false]) {
  describe(`the demo member ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("signs in, sees the account page with the MMA id and history, edits the details and signs out", async () => {
      const context = await browser.newContext({ ...DESKTOP, baseURL: server.url, javaScriptEnabled });
      await context.addCookies([{ name: "agreeCookie", value: "true", url: server.url }]);
      const page = await context.newPage();

      await page.goto("/login");
      await page.getByLabel("E-mail").fill("member@example.org");
      await page.getByLabel("Password").fill("demo-member-2026");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/mem-account");
      const details = page.locator("main");
      await details
        .getByText(/MMA\d+/)
        .first()
        .waitFor();
      await details.getByRole("heading", { name: "Transaction History" }).waitFor();
      expect(await details.getByText("You have no transactions!").count()).toBe(0);

      await page.getByRole("link", { name: "EDIT" }).click();
      await page.waitForURL("**/amend-account");
      const newName = javaScriptEnabled ? "Maria Joseph-Scripted" : "Maria Joseph-Plain";
      await page.getByLabel("Full name").fill(newName);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL("**/mem-account");
      await page.getByText("Details Updated.").first().waitFor();
      await page.goto("/amend-account");
      expect(await page.getByLabel("Full name").inputValue()).toBe(newName);

      await page.locator("nav.main-nav").getByRole("link", { name: "Logout" }).click();
      await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/home", { timeout: TIMEOUTS.poll });
      await page.goto("/mem-account");
      await page.waitForURL("**/login?redirectTo=%2Fmem-account");
      await context.close();
    });
  });
}
