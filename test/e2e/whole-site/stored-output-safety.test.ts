import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1Members } from "~/kernel/store/d1/members.server";
import { hydrated, launchBrowser, newContext } from "../../support/browser";
import { newMember } from "../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount } from "../../support/session";
import { TIMEOUTS } from "../../support/time-budget";

/**
 * Stored hostile values in real chromium (docs/security.md, "Output encoding"; the HTTP side is in
 * test/integration/whole-site/stored-output-safety.test.ts): a member whose name, address,
 * spouse and children carry script is shown on the admin table, the application sheet
 * and My Account, with JavaScript on (hydrated) and off. No dialog fires, and the
 * page holds no element the values tried to create.
 */

const HOSTILE = {
  fullName: `=HYPERLINK("http://evil.example")<img src=x onerror=alert(1)>`,
  address: `"><script>alert(2)</script>`,
  city: "<svg onload=alert(3)>",
};

let server: SeededServer;
let browser: Browser;
let memberId = "";

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const member = newMember({
        ...HOSTILE,
        membership: "Family",
        active: true,
        registrationPaid: true,
        spouse: { title: "Mr", name: "<img src=x onerror=alert(4)>", email: "spouse@example.com", mobile: "07700900456" },
        children: [{ name: "<svg onload=alert(5)>", birthYear: 2015 }],
      });
      memberId = (await d1Members(db).register(member)).id;
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("stored hostile values in chromium", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`no dialog fires and no injected element exists (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const pages = [
        { path: `/accounts?q=${encodeURIComponent("HYPERLINK")}`, as: demoAccount("treasurer").id },
        { path: `/member-details/${memberId}`, as: demoAccount("treasurer").id },
        { path: "/mem-account", as: memberId },
        { path: "/amend-account", as: memberId },
      ];
      for (const { path, as } of pages) {
        const context = await newContext(browser, { baseURL: server.url, javaScriptEnabled, signedInAs: as });
        const page = await context.newPage();
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        if (javaScriptEnabled) await hydrated(page);
        // Had an element with an onerror or onload handler been created (by the server's HTML or by
        // React), it would have run by now: nothing more is loading, every image has loaded or failed
        // (an injected <img src=x> fails, and runs its onerror then), and a frame has passed since.
        await page.waitForLoadState("networkidle", { timeout: TIMEOUTS.poll });
        if (javaScriptEnabled) {
          await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: TIMEOUTS.poll });
          await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        }
        expect(dialogs, path).toEqual([]);
        expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]').length), path).toBe(0);
        expect(await page.content(), path).toContain("HYPERLINK");
        await context.close();
      }
    });
  }
});
