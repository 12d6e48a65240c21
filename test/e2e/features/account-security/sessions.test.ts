import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeSession, createSessionStorage } from "~/kernel/auth/session.server";
import { PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * The member's signed-in devices (docs/decisions/0070-sessions-as-records.md), at 360 px with
 * JavaScript on and off: a member signed in on two browsers signs the other out from
 * /account/security, and the other browser is then signed out.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The session id the browser's cookie carries (what the page's sign-out form names). */
async function sessionIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "__session")!;
  return activeSession((await createSessionStorage(devEnv).getSession(`__session=${cookie.value}`)).data)!.sessionId;
}

async function twoBrowsers(javaScriptEnabled: boolean) {
  const signedInAs = demoAccount("single").id;
  const here = await newContext(browser, { ...PHONE, javaScriptEnabled, signedInAs });
  const there = await newContext(browser, { ...PHONE, javaScriptEnabled, signedInAs });
  return { here, there };
}

async function openSecurity(context: BrowserContext, javaScriptEnabled: boolean) {
  const page = await context.newPage();
  await page.goto("/account/security");
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;

  describe(`signed-in devices (${mode}, 360 px)`, () => {
    it("signs the other browser out, which is then signed out", async () => {
      const { here, there } = await twoBrowsers(javaScriptEnabled);
      try {
        const otherPage = await openSecurity(there, javaScriptEnabled);
        expect(new URL(otherPage.url()).pathname).toBe("/account/security");
        const otherId = await sessionIdOf(there);

        const page = await openSecurity(here, javaScriptEnabled);
        expect(await page.locator("li.device-current .device-name").textContent()).toContain("(This device)");
        expect(await fitsScreen(page)).toBe(true);
        const row = page.locator("li.device", { has: page.locator(`input[name=sessionId][value="${otherId}"]`) });
        await row.getByRole("button", { name: /^Sign out/ }).click();
        await expect.poll(() => page.locator(`input[name=sessionId][value="${otherId}"]`).count()).toBe(0);
        expect(new URL(page.url()).pathname).toBe("/account/security");

        await otherPage.goto("/account/security");
        expect(new URL(otherPage.url()).pathname).toBe("/login");
      } finally {
        await Promise.all([here.close(), there.close()]);
      }
    });

    it("asks first, then signs out all other browsers, and this one stays signed in", async () => {
      const { here, there } = await twoBrowsers(javaScriptEnabled);
      try {
        const page = await openSecurity(here, javaScriptEnabled);
        await page.getByRole("button", { name: "Sign out all other devices" }).click();
        await page.getByRole("heading", { name: "Please confirm" }).waitFor();
        expect(await fitsScreen(page)).toBe(true);
        await page.getByRole("button", { name: "Yes, sign them out" }).click();
        await page.locator(".device-empty").waitFor();
        expect(await page.locator(".device-empty").textContent()).toBe("This is the only device signed in to your account.");

        const otherPage = await there.newPage();
        await otherPage.goto("/mem-account");
        expect(new URL(otherPage.url()).pathname).toBe("/login");
        await page.goto("/mem-account");
        expect(new URL(page.url()).pathname).toBe("/mem-account");
      } finally {
        await Promise.all([here.close(), there.close()]);
      }
    });
  });
}
