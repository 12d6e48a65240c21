import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "~/features/tickets/ticket-code";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { sendTicketConfirmation } from "~/features/tickets/ticket-email.server";
import { axeViolations } from "../../../support/axe";
import { DESKTOP, fitsScreen, launchBrowser, newContext, PHONE } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * The ticket confirmation as the outbox shows it (ADR 20): a private server whose outbox
 * holds the confirmation of a seeded paid ticket, made by sendTicketConfirmation before
 * the server starts (no Resend: stored). /dev/mail and the accountants' outbox show the
 * e-mail in a sandboxed frame with the QR actually drawn (the stored copy's data: URL),
 * the code under it, at desktop and 360 px width, JavaScript on and off.
 */
let browser: Browser;
let server: SeededServer;
let emailId: string;
let code: string;
let storedHtml: string;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startSeededServer({
    prepare: async (db) => {
      const row = await db.prepare("SELECT id, code FROM tickets WHERE paid = 1 ORDER BY created_at DESC LIMIT 1").first<{ id: string; code: string }>();
      if (!row) throw new Error("the demo seed has no paid ticket");
      code = row.code;
      const store = createD1Store(db);
      const context = {
        env: { LINK_SIGNING_SECRET: "e2e-ticket-email-secret-0123456789abc", MAIL_FROM: "MMA <no-reply@example.org>" },
        store,
        content: store.content,
      } as unknown as AppLoadContext;
      await sendTicketConfirmation(context, row.id, "http://localhost:8787", (message, error) => {
        throw new Error(`${message} ${String(error)}`);
      });
      const email = await db.prepare("SELECT id, html FROM outbox WHERE purpose = 'ticket' AND status = 'stored'").first<{ id: string; html: string }>();
      if (!email) throw new Error("no ticket e-mail in the outbox");
      emailId = email.id;
      storedHtml = email.html;
    },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The QR image inside the e-mail's frame: its natural size once loaded (0 when blocked or broken). */
async function qrInFrame(page: Page) {
  const frame = page.frameLocator("iframe.dev-mail-html");
  const img = frame.getByRole("img", { name: `QR code for ticket ${formatTicketCode(code)}` });
  await img.waitFor({ timeout: TIMEOUTS.poll });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete)).toBe(true);
  const size = await img.evaluate((el) => ({ natural: (el as HTMLImageElement).naturalWidth, shown: el.getBoundingClientRect().width }));
  return { frame, size };
}

for (const javaScriptEnabled of [true, false]) {
  for (const [label, device] of [
    ["desktop", DESKTOP],
    ["360 px", PHONE],
  ] as const) {
    describe(`the ticket e-mail in the outbox (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${label})`, () => {
      it("/dev/mail shows it with the QR drawn and the code under it", async () => {
        const context = await newContext(browser, { ...device, baseURL: server.url, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto("/dev/mail");
        await page
          .getByRole("link", { name: /Your tickets: / })
          .first()
          .click();
        await page.waitForURL(`**/dev/mail/${emailId}`);
        const { frame, size } = await qrInFrame(page);
        expect(size.natural).toBe(328);
        expect(size.shown).toBeGreaterThan(100);
        await expect.poll(() => frame.getByText(formatTicketCode(code), { exact: true }).count()).toBe(1);
        await expect.poll(() => frame.getByText("Show this QR code (or tell the steward the code) at the door.").count()).toBe(1);
        // The page itself does not scroll sideways at 360 px.
        expect(await fitsScreen(page)).toBe(true);
        await context.close();
      });
    });
  }
}

describe("the accountants' outbox", () => {
  it("shows the ticket e-mail with its QR, and passes axe", async () => {
    const context = await newContext(browser, { ...PHONE, baseURL: server.url, signedInAs: demoAccount("treasurer").id });
    const page = await context.newPage();
    const response = await page.goto(`/accounts/emails/${emailId}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/accounts/emails/${emailId}`);
    const { size } = await qrInFrame(page);
    expect(size.natural).toBe(328);
    // The frame is sandboxed (axe cannot run in it): the page without it here, the e-mail on its own below.
    expect(await axeViolations(page, { exclude: "iframe.dev-mail-html" })).toEqual([]);
    await context.close();
  });

  it("the e-mail's own HTML passes axe at 360 px (alt text on the QR, lang)", async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: true });
    const page = await context.newPage();
    await page.setContent(storedHtml);
    expect(await page.getByRole("img", { name: `QR code for ticket ${formatTicketCode(code)}` }).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(
      328,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
