import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * My Account, Edit Account and Documents in chromium, JavaScript on and off. Reading
 * pages use the shared server; saving changes runs on a private server, so other test
 * files keep reading the demo accounts as seeded.
 */

let browser: Browser;
let privateServer: SeededServer;
beforeAll(async () => {
  [browser, privateServer] = await Promise.all([launchBrowser(), startSeededServer()]);
});
afterAll(async () => {
  await browser?.close();
  await privateServer?.stop();
});

const year = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" }).format(new Date()));

async function open(pathname: string, options: { javaScriptEnabled: boolean; as: "member" | "single" | "treasurer"; device?: typeof DESKTOP | typeof PHONE }) {
  const context = await newContext(browser, {
    ...(options.device ?? DESKTOP),
    javaScriptEnabled: options.javaScriptEnabled,
    signedInAs: demoAccount(options.as).id,
  });
  const page = await context.newPage();
  await page.goto(pathname);
  if (options.javaScriptEnabled) await hydrated(page);
  return { context, page };
}

/** A signed-in page on the private server (state changes). */
async function openPrivate(pathname: string, javaScriptEnabled: boolean, as: "member" | "treasurer"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: privateServer.url, ...DESKTOP, javaScriptEnabled });
  const pair = await sessionCookieFor(demoAccount(as).id);
  const eq = pair.indexOf("=");
  await context.addCookies([
    { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: privateServer.url, httpOnly: true, sameSite: "Lax" },
    { name: "agreeCookie", value: "true", url: privateServer.url },
  ]);
  const page = await context.newPage();
  await page.goto(pathname);
  if (javaScriptEnabled) await hydrated(page);
  return { context, page };
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const javaScriptEnabled of [true, false]) {
  const mode = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;

  describe(`My Account (${mode})`, () => {
    it("shows the member's details, the paid renewal, the open ticket and the history", async () => {
      const { context, page } = await open("/mem-account", { javaScriptEnabled, as: "member" });
      const details = page.locator(".account-details");
      await expect(details.innerText()).resolves.toMatch(/Member ID\s+MMA2/);
      await expect(details.innerText()).resolves.toMatch(new RegExp(`Next renewal\\s+${year + 1}`));
      const paid = page.getByRole("button", { name: "You have already paid!" });
      expect(await paid.isDisabled()).toBe(true);
      expect(await page.locator(".account-ticket").count()).toBe(1);
      expect(await page.locator(".account-transaction").count()).toBe(2);
      expect(await page.locator(".account-transaction").first().innerText()).toMatch(/£\d+\.\d{2} × 1/);
      await page.getByRole("link", { name: "EDIT" }).click();
      await page.getByRole("heading", { name: "Edit Account", level: 2 }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/amend-account");
      await context.close();
    });

    it("fits a 360 px phone without sideways scrolling (account, edit, documents)", async () => {
      const { context, page } = await open("/mem-account", { javaScriptEnabled, as: "member", device: PHONE });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.goto("/amend-account");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.goto("/documents");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  });

  describe(`Edit Account (${mode})`, () => {
    it("saves changed details and says 'Details Updated.' on My Account", async () => {
      const { context, page } = await openPrivate("/amend-account", javaScriptEnabled, "member");
      const name = `Arun ${javaScriptEnabled ? "Js" : "Html"} Joseph`;
      await page.getByLabel("Full name").fill(name);
      await page.getByLabel("City").fill("Stockport");
      // Enter in a field saves (without JavaScript too: it must not press "Update the form").
      await page.getByLabel("City").press("Enter");
      await page.getByText("Details Updated.").waitFor();
      expect(new URL(page.url()).pathname).toBe("/mem-account");
      expect(await page.locator(".account-details").innerText()).toContain(name);
      await page.goto("/amend-account");
      expect(await page.getByLabel("City").inputValue()).toBe("Stockport");
      await context.close();
    });

    it("shows the messages for invalid input next to the fields", async () => {
      const { context, page } = await openPrivate("/amend-account", javaScriptEnabled, "member");
      await page.getByLabel("Full name").fill("");
      await page.locator("#amend-mobile").fill("12");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Empty field is not allowed!").waitFor();
      expect(await page.locator("#amend-fullName-error").innerText()).toBe("Please enter your full name");
      expect(await page.locator("#amend-mobile-error").innerText()).toBe("Mobile number must be 10 to 11 digits");
      await context.close();
    });

    it("the Single member who has not paid this year gets the upgrade error, and no Family fields", async () => {
      const { context, page } = await open("/amend-account", { javaScriptEnabled, as: "single" });
      await page.getByLabel("Membership type").selectOption("Family");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the form" }).click();
      await page.getByText("Please pay your subscription before adding family!").first().waitFor();
      expect(await page.getByLabel("Spouse's name").count()).toBe(0);
      await context.close();
    });

    it("choosing more children shows their fields (instantly with JavaScript, with Update the form without)", async () => {
      const { context, page } = await open("/amend-account", { javaScriptEnabled, as: "member" });
      expect(await page.getByLabel("Child 3 name").inputValue()).toBe("Clara Joseph");
      await page.getByLabel("Number of children").selectOption("5");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the form" }).click();
      await page.getByLabel("Child 5 name").waitFor();
      expect(await page.getByLabel("Child 1 name").inputValue()).toBe("Anna Joseph");
      await page.getByLabel("Number of children").selectOption("0");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the form" }).click();
      await page.getByLabel("Child 1 name").waitFor({ state: "detached" });
      expect(await page.getByLabel("I agree that photos of my children", { exact: false }).count()).toBe(0);
      await context.close();
    });

    it("a Single member who paid this year sees the Family fields with no children", async () => {
      const { context, page } = await open("/amend-account", { javaScriptEnabled, as: "treasurer" });
      expect(await page.getByLabel("Spouse's name").count()).toBe(0);
      await page.getByLabel("Membership type").selectOption("Family");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the form" }).click();
      await page.getByLabel("Spouse's name").waitFor();
      expect(await page.getByLabel("Number of children").inputValue()).toBe("0");
      expect(await page.getByText("Your membership becomes Family once it is paid", { exact: false }).count()).toBe(1);
      await context.close();
    });
  });

  describe(`Documents (${mode})`, () => {
    it("a document's link opens the PDF in a new tab", async () => {
      const { context, page } = await open("/documents", { javaScriptEnabled, as: "member" });
      const link = page.getByRole("link", { name: /Association Constitution/ });
      expect(await link.getAttribute("target")).toBe("_blank");
      const href = await link.getAttribute("href");
      const [tab, response] = await Promise.all([
        context.waitForEvent("page"),
        context.waitForEvent("response", (r) => new URL(r.url()).pathname === new URL(href!, r.url()).pathname),
        link.click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(new URL(tab.url()).pathname).toBe(href);
      // Chromium shows the PDF in its viewer; the same request (same cookies) carries the file itself.
      const file = await context.request.get(href!);
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await context.close();
    });
  });
}

describe("Edit Account with JavaScript", () => {
  it("says 'Please wait...' and disables Save while saving, and clears a message when its field is edited", async () => {
    const { context, page } = await openPrivate("/amend-account", true, "member");
    await page.getByLabel("Full name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator("#amend-fullName-error").waitFor();
    await page.getByLabel("Full name").fill("Arun Joseph");
    expect(await page.locator("#amend-fullName-error").count()).toBe(0);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/amend-account.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Save" }).click();
    const pending = page.getByRole("button", { name: "Please wait..." });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await page.getByText("Details Updated.").waitFor();
    await context.close();
  });
});

describe("the account pages pass axe", () => {
  for (const [pathname, as] of [
    ["/mem-account", "member"],
    ["/amend-account", "member"],
    ["/amend-account", "single"],
    ["/documents", "member"],
  ] as const) {
    it(`${pathname} as ${as}`, async () => {
      const { context, page } = await open(pathname, { javaScriptEnabled: true, as });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
