import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "~/kernel/dates/dates";
import { APPLICATION_REJECTED_SUBJECT } from "~/features/office/emails/ApplicationRejectedEmail";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { DESKTOP, PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * Member corrections, rejections and receipts (docs/requirements.md §6.5, §6.6, §4.11), in
 * chromium with JavaScript on and off, on a private server whose members are its own (in the
 * Cockpit run they are loaded into its fake Cockpit): the treasurer corrects a member's e-mail
 * from the member's page (opened from the members table) and the member signs in with it; rejects an applicant with a reason
 * (the e-mail is in the outbox); a member pays a renewal through the practice checkout, gets a
 * receipt e-mail and opens and prints the receipt page at 360 px.
 */

const PASSWORD = "member-password-e2e";
const MODES = [true, false] as const;
const key = (js: boolean) => (js ? "js" : "nojs");
const people = Object.fromEntries(
  MODES.flatMap((js) => [
    [`correct-${key(js)}`, newMember({ email: `correct-${key(js)}@example.com`, fullName: `Corra Member ${key(js)}`, active: true, registrationPaid: true })],
    [
      `reject-${key(js)}`,
      newMember({ email: `reject-${key(js)}@example.com`, fullName: `Rejecta Applicant ${key(js)}`, active: false, registrationPaid: false }),
    ],
    [
      `renew-${key(js)}`,
      newMember({
        email: `renew-${key(js)}@example.com`,
        fullName: `Renata Payer ${key(js)}`,
        active: true,
        registrationPaid: true,
        lastRenewedYear: currentYear() - 1,
      }),
    ],
  ]),
);
const ids: Record<string, string> = {};

let browser: Browser;
let server: SeededServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startSeededServer({
      prepare: async (db) => {
        const members = d1Members(db);
        const passwordHash = await hashPassword(PASSWORD);
        for (const [name, member] of Object.entries(people)) ids[name] = (await members.register({ ...member, passwordHash })).id;
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

async function open(javaScriptEnabled: boolean, signedInAs?: string, device: typeof DESKTOP | typeof PHONE = DESKTOP) {
  const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled, signedInAs });
  return { context, page: await context.newPage() };
}

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
}

/** The plain text of the newest outbox e-mail to `to` with this subject (the development outbox, /dev/mail). */
async function outboxText(page: Page, to: string, subject: string): Promise<string> {
  await page.goto("/dev/mail");
  await page.locator("tr", { hasText: to }).getByRole("link", { name: subject }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith("/dev/mail/"));
  return page.locator("pre.dev-mail-text").innerText();
}

/** Finds the member in the members table and opens their page by the name's link (the one place for a member, docs/requirements.md §6.3.1). */
async function openMemberPage(page: Page, name: string, id: string, javaScriptEnabled: boolean) {
  await visit(page, `/accounts?q=${encodeURIComponent(name)}`, javaScriptEnabled);
  await page.locator("tbody tr", { hasText: name }).getByRole("link", { name }).click();
  await page.waitForURL((url) => url.pathname === `/accounts/members/${id}`);
  await page.getByRole("heading", { level: 1, name }).waitFor();
  if (javaScriptEnabled) await hydrated(page);
}

/** Signs in; true when it lands on My Account. */
async function signIn(page: Page, email: string, javaScriptEnabled: boolean): Promise<boolean> {
  await visit(page, "/login", javaScriptEnabled);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  const landed = await Promise.race([
    page.waitForURL((url) => url.pathname === "/mem-account").then(() => true),
    page
      .locator(".form-error")
      .waitFor()
      .then(() => false),
  ]);
  if (landed) await page.getByRole("heading", { name: "Account Details" }).waitFor();
  return landed;
}

for (const javaScriptEnabled of MODES) {
  const k = key(javaScriptEnabled);
  describe(`members and receipts (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    it("the treasurer corrects a member's e-mail from the member page, and the member signs in with it", async () => {
      const { context, page } = await open(javaScriptEnabled, demoAccount("treasurer").id);
      await openMemberPage(page, `Corra Member ${k}`, ids[`correct-${k}`]!, javaScriptEnabled);
      await page.locator("#membership").getByRole("link", { name: "Edit details" }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[`correct-${k}`]}/edit`);
      await page
        .getByRole("heading", { name: `Edit Corra Member ${k}` })
        .first()
        .waitFor();
      if (javaScriptEnabled) await hydrated(page);

      // Another member's address, in other letters: refused on the field.
      await page.getByLabel("E-mail").fill("SINGLE@example.org");
      await page.getByRole("button", { name: "Save" }).click();
      await page.locator("#amend-email-error").getByText("Another member already uses this e-mail address.").waitFor();

      await page.getByLabel("E-mail").fill(`Corrected-${k}@Example.com`);
      await page.getByRole("button", { name: "Save" }).click();
      // Back on the member's own page by id (docs/requirements.md §6.5), with the new address.
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[`correct-${k}`]}` && url.search === "");
      await page.getByText(`Corra Member ${k}'s record was updated.`).waitFor();
      expect(await page.locator("#details").innerText()).toContain(`corrected-${k}@example.com`);
      await context.close();

      const member = await open(javaScriptEnabled);
      expect(await signIn(member.page, `correct-${k}@example.com`, javaScriptEnabled)).toBe(false);
      expect(await signIn(member.page, `corrected-${k}@example.com`, javaScriptEnabled)).toBe(true);
      await member.context.close();
    });

    it("the treasurer rejects an applicant with a reason: gone from the list, the reason e-mailed", async () => {
      const name = `Rejecta Applicant ${k}`;
      const reason = `Sorry, we only take members who live in Greater Manchester (${k}).`;
      const { context, page } = await open(javaScriptEnabled, demoAccount("treasurer").id);
      await openMemberPage(page, name, ids[`reject-${k}`]!, javaScriptEnabled);
      await page.locator("#membership").getByRole("link", { name: "Reject the application" }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[`reject-${k}`]}/reject`);
      await page
        .getByRole("heading", { name: `Reject the application of ${name}` })
        .first()
        .waitFor();
      if (javaScriptEnabled) await hydrated(page);

      // No reason: asked for one, nothing done.
      await page.getByRole("button", { name: "Reject the application" }).click();
      await page.locator("#reject-reason-error").waitFor();

      await page.getByLabel("Reason").fill(reason);
      await page.getByRole("button", { name: "Reject the application" }).click();
      // Back on the member's own page by id (docs/requirements.md §6.6), which says why.
      await page.waitForURL((url) => url.pathname === `/accounts/members/${ids[`reject-${k}`]}` && url.search === "");
      await page.getByText(`${name}'s application was rejected.`, { exact: false }).waitFor();
      await page.locator(".member-note", { hasText: `The application was rejected: ${reason}` }).waitFor();

      await visit(page, `/accounts?q=${encodeURIComponent(name)}`, javaScriptEnabled);
      await page.locator("table, .admin-empty, p").first().waitFor();
      expect(await page.locator("tbody tr", { hasText: name }).count()).toBe(0);
      expect(await outboxText(page, `reject-${k}@example.com`, APPLICATION_REJECTED_SUBJECT)).toContain(reason);
      await context.close();

      const applicant = await open(javaScriptEnabled);
      expect(await signIn(applicant.page, `reject-${k}@example.com`, javaScriptEnabled)).toBe(false);
      await applicant.context.close();
    });

    it("a paid renewal sends a receipt, and the member opens and prints its page at 360 px", async () => {
      const { context, page } = await open(javaScriptEnabled, ids[`renew-${k}`], PHONE);
      await visit(page, "/mem-account", javaScriptEnabled);
      await page.getByRole("button", { name: "Renew Now £10.00" }).click();
      await page.waitForURL(/\/practice-checkout\//);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(/\/payment-success\//);
      await page.getByText("You can see your payment history in My Account").waitFor();

      await visit(page, "/mem-account", javaScriptEnabled);
      await page.locator('[aria-labelledby="transactions-title"]').getByRole("link", { name: "Receipt" }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith("/account/receipts/"));
      await page.getByRole("heading", { name: `Receipt for Membership Renewal ${currentYear()}` }).waitFor();
      if (javaScriptEnabled) await hydrated(page);
      const rows = await page.locator(".receipt-rows").innerText();
      for (const part of ["£10.00", "Card", `Renata Payer ${k}`]) expect(rows).toContain(part);
      expect(await page.locator(".receipt-from").innerText()).toContain("Manchester Mosaic Association");
      expect(await fitsScreen(page)).toBe(true);

      if (javaScriptEnabled) {
        await page.evaluate(() => {
          (window as unknown as { printed: number }).printed = 0;
          window.print = () => {
            (window as unknown as { printed: number }).printed += 1;
          };
        });
        await page.getByRole("button", { name: "Print" }).click();
        expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      } else {
        expect(await page.getByRole("button", { name: "Print" }).count()).toBe(0);
        await page.getByText("use your browser's Print", { exact: false }).waitFor();
      }
      // On paper: the receipt only, no site header, menu or buttons.
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".site-header").isVisible()).toBe(false);
      expect(await page.locator(".receipt-actions").isVisible()).toBe(false);
      expect(await page.locator(".receipt-rows").isVisible()).toBe(true);
      await page.emulateMedia({ media: "screen" });

      const receipt = await outboxText(page, `renew-${k}@example.com`, `Manchester Mosaic Association: receipt for Membership Renewal ${currentYear()}`);
      expect(receipt).toContain("Amount: £10.00");
      await context.close();
    });
  });
}
