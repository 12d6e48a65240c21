import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPaymentLinkToken } from "~/features/payments/payment-link.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * The demo accountant at work on /accounts and /deleted-members, with JavaScript on
 * (the browser asks the questions of docs/requirements.md §6.3) and off (the server asks on a page). A
 * private server: the demo plus 40 "Paging Person" members, and members of each
 * mode's own to delete and promote.
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
        for (let i = 1; i <= 40; i++) {
          await members.register(newMember({ fullName: `Paging Person ${String(i).padStart(2, "0")}`, active: true, registrationPaid: true }));
        }
        for (const js of MODES) {
          await members.register(newMember({ fullName: `Delete Me ${mode(js)}`, active: true, registrationPaid: true }));
          await members.register(newMember({ fullName: `Promote Me ${mode(js)}`, active: true, registrationPaid: true }));
          await members.register(newMember({ fullName: `Editor Me ${mode(js)}`, active: true, registrationPaid: true }));
        }
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

    it(`pages from 15 to 50 rows, sorts, searches and filters (${label})`, async () => {
      const { context, page } = await open(js, "/accounts");
      expect(await page.locator("h1").innerText()).toBe("Members");
      expect(await rowNames(page)).toHaveLength(15);

      await page.getByLabel("Rows per page").selectOption("50");
      if (!js) await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/size=50/);
      await expect.poll(() => rowNames(page)).toHaveLength(50);

      await page.getByRole("link", { name: /^Name/ }).click();
      await page.waitForURL(/sort=name&dir=asc/);
      await expect.poll(() => page.locator('th[aria-sort="ascending"]').count()).toBe(1);
      const sorted = await rowNames(page);
      expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(await page.locator('th[aria-sort="ascending"]').innerText()).toContain("Name");

      await page.getByLabel("Search").fill("Paging Person 07");
      await page.getByLabel("Search").press("Enter");
      await page.waitForURL(/q=Paging/);
      await expect.poll(() => rowNames(page)).toEqual(["Paging Person 07"]);

      await page.getByRole("link", { name: "Clear" }).click();
      await page.waitForURL((url) => url.search === "");
      // The cleared page must be drawn before the next filter: with JavaScript, changing a list
      // submits the whole form, and a search box still holding the old query would go with it.
      await expect.poll(() => page.getByLabel("Search").inputValue()).toBe("");
      await expect.poll(() => rowNames(page)).toHaveLength(15);
      await page.getByLabel("Status").selectOption("pending");
      if (!js) await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/status=pending/);
      await expect.poll(() => rowNames(page)).toEqual(["Kiran Das"]);
      expect(await page.locator("tbody tr").first().getAttribute("class")).toBe("row-inactive");
      await context.close();
    });

    it(`deletes a member, who moves to Deleted Members, then restores them (${label})`, async () => {
      const name = `Delete Me ${mode(js)}`;
      const { context, page } = await open(js, `/accounts?q=${encodeURIComponent(name)}`);
      await act(page, js, name, "Delete Member", `Are you sure to delete ${name}?`);
      expect(await page.locator(".toast").innerText()).toContain(`${name} was deleted.`);
      await expect.poll(() => rowNames(page)).toEqual([]);

      await page.getByRole("link", { name: "Deleted Members" }).click();
      await page.waitForURL(/\/deleted-members$/);
      await expect.poll(() => rowNames(page)).toContain(name);
      await act(page, js, name, "Restore Member", `Are you sure to restore ${name}?`);
      expect(await page.locator(".toast").innerText()).toContain(`${name} was restored.`);
      await expect.poll(() => rowNames(page)).not.toContain(name);

      await page.goto(`/accounts?q=${encodeURIComponent(name)}`);
      expect(await rowNames(page)).toEqual([name]);
      await context.close();
    });

    it(`gives and revokes admin privilege (${label})`, async () => {
      const name = `Promote Me ${mode(js)}`;
      const { context, page } = await open(js, `/accounts?q=${encodeURIComponent(name)}`);
      // Role is the 13th column.
      const role = page.locator("tbody tr > :nth-child(13)");
      expect(await role.innerText()).toBe("Member");
      await act(page, js, name, "Give admin privilege", `Are you sure change privilege of ${name}?`);
      await expect.poll(() => role.innerText()).toBe("Admin");
      await act(page, js, name, "Revoke privilege", `Are you sure change privilege of ${name}?`);
      await expect.poll(() => role.innerText()).toBe("Member");
      // The accountant's own row cannot lose its privilege, and an inactive applicant cannot gain it.
      await page.goto("/accounts?q=treasurer");
      expect(await rowButton(page, "Deepa Menon", "Revoke privilege").isDisabled()).toBe(true);
      await page.goto("/accounts?q=Kiran");
      expect(await rowButton(page, "Kiran Das", "Give admin privilege").isDisabled()).toBe(true);
      await context.close();
    });

    it(`gives and revokes website editor privilege, with the same question as Admin (${label})`, async () => {
      const name = `Editor Me ${mode(js)}`;
      const { context, page } = await open(js, `/accounts?q=${encodeURIComponent(name)}`);
      const role = page.locator("tbody tr > :nth-child(13)");
      expect(await role.innerText()).toBe("Member");
      await act(page, js, name, "Give website editor privilege", `Are you sure change privilege of ${name}?`);
      await expect.poll(() => role.innerText()).toBe("Website editor");
      expect(await page.locator(".toast").innerText()).toContain(`${name} is now a website editor.`);
      await act(page, js, name, "Revoke website editor privilege", `Are you sure change privilege of ${name}?`);
      await expect.poll(() => role.innerText()).toBe("Member");
      expect(await page.locator(".toast").innerText()).toContain(`${name} is no longer a website editor.`);
      // An inactive applicant cannot become an editor; an Admin's editor button says why it cannot be pressed.
      await page.goto("/accounts?q=Kiran");
      expect(await rowButton(page, "Kiran Das", "Give website editor privilege").isDisabled()).toBe(true);
      await page.goto("/accounts?q=treasurer");
      const adminsButton = rowButton(page, "Deepa Menon", "Give website editor privilege");
      expect(await adminsButton.isDisabled()).toBe(true);
      expect(await adminsButton.getAttribute("title")).toBe("Deepa Menon is an admin, and admins can already edit the website.");
      await context.close();
    });

    it(`sends the demo applicant a payment link that verifies, and finds it in the outbox (${label})`, async () => {
      const { context, page } = await open(js, "/accounts?q=Kiran");
      if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
      await act(page, js, "Kiran Das", "Send Payment Link", null);
      expect(await page.locator(".toast").innerText()).toContain("Payment link sent to applicant@example.org.");
      const link = await page.getByLabel("Payment link").inputValue();
      expect(link).toMatch(new RegExp(`^${server.url}/payment-reg-fee/`));
      if (js) {
        await page.getByRole("button", { name: "Copy" }).click();
        await page.getByText("Copied to the clipboard.").waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      } else {
        expect(await page.getByRole("button", { name: "Copy" }).count()).toBe(0);
      }
      // Paid members cannot be sent one.
      await page.goto("/accounts?q=Arun");
      expect(await rowButton(page, "Arun Joseph", "Send Payment Link").isDisabled()).toBe(true);

      await page.goto("/accounts/emails");
      await page.locator("tbody tr", { hasText: "applicant@example.org" }).first().getByRole("link").click();
      await page.waitForURL(/\/accounts\/emails\/[0-9a-f]{24}$/);
      const html = await page.frameLocator("iframe.dev-mail-html").locator("body").innerHTML();
      expect(html.replaceAll("&amp;", "&")).toContain(link);
      const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
      expect(await verifyPaymentLinkToken(devEnv, token)).toBe(demoAccount("applicant").id);
      await context.close();
    });

    it(`Show Details opens the application sheet in a new tab (${label})`, async () => {
      const { context, page } = await open(js, "/accounts?q=Arun");
      const [sheet] = await Promise.all([context.waitForEvent("page"), row(page, "Arun Joseph").getByRole("link", { name: "Show Details" }).click()]);
      await sheet.waitForLoadState();
      expect(new URL(sheet.url()).pathname).toBe(`/member-details/${demoAccount("member").id}`);
      expect(await sheet.locator("h1").innerText()).toBe("Membership Application");
      await sheet.emulateMedia({ media: "print" });
      expect(await sheet.locator(".site-header").isVisible()).toBe(false);
      await context.close();
    });
  }

  it("fits a 360 px phone: the table scrolls inside its own region", async () => {
    const { context, page } = await open(true, "/accounts", PHONE);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    const region = page.getByRole("region", { name: "Members" });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await context.close();
  });
});
