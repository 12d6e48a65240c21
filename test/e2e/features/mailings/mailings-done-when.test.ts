import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDb } from "../../../support/book-ticket";
import { PHONE, fitsScreen, hydrated, launchBrowser, newContext } from "../../../support/browser";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Member mailings, done (docs/requirements.md §13, ADR 73), in chromium at 360 px, JavaScript on
 * and off, on D1 and on the Cockpit store (one server each): the editor writes a notice to
 * "members who have not renewed", previews it (the frame greets the editor by first name), sends
 * a test (one copy to the editor), then sends it after the question set apart. The outbox holds
 * one copy per member who has not renewed and none for anyone else, each with both
 * List-Unsubscribe headers (RFC 8058). One of them unsubscribes with a POST to their copy's
 * header address, as a mail program's one-click does, and the notice's report counts it. A
 * newsletter to all active members, sent next, reaches exactly those who agreed to newsletters:
 * it skips that member and everyone who never agreed.
 *
 * The seed's members who have not renewed are the Single member; here the demo Family and the
 * door steward have not renewed either. The Family, the steward and the treasurer agreed to
 * newsletters; the others were never asked. Each run (JavaScript on, off) unsubscribes one who
 * agreed and has not renewed: a notice's unsubscribe stops notices and newsletters
 * (docs/requirements.md §13.8), so the second run's notice goes without the first run's
 * unsubscriber, and each run's newsletter without every unsubscriber so far.
 */

const editor = demoAccount("editor");
const family = demoAccount("member");
const single = demoAccount("single");
const steward = demoAccount("steward");
const treasurer = demoAccount("treasurer");
/** Who unsubscribes in each run: agreed to newsletters, not renewed. */
const UNSUBSCRIBER = { on: family, off: steward } as const;
const AGREED = [family.id, steward.id, treasurer.id].sort();
/** Never asked about newsletters: no newsletter may reach them. */
const NEVER_ASKED = [single.id, editor.id];

const STORES = ["d1", "cockpit"] as const;
let browser: Browser;
const servers = {} as Record<(typeof STORES)[number], SeededServer>;

const prepare = async (db: D1Database) => {
  const lastYear = new Date().getUTCFullYear() - 1;
  await db.prepare("UPDATE members SET last_renewed_year = ?1 WHERE id IN (?2, ?3)").bind(lastYear, family.id, steward.id).run();
  const now = Math.floor(Date.now() / 1000);
  for (const id of AGREED) {
    await db
      .prepare("INSERT INTO mail_preferences (member_id, newsletters, newsletters_source, newsletters_at) VALUES (?1, 'yes', 'my-account', ?2)")
      .bind(id, now)
      .run();
  }
};

beforeAll(async () => {
  [browser, servers.d1, servers.cockpit] = await Promise.all([
    launchBrowser(),
    startSeededServer({ store: "d1", prepare }),
    startSeededServer({ store: "cockpit", prepare }),
  ]);
}, TIMEOUTS.hook);
afterAll(async () => {
  await browser?.close();
  await Promise.all(STORES.map((store) => servers[store]?.stop()));
});

interface Copy {
  memberId: string;
  to: string[];
  headers: Record<string, string>;
}

/** The outbox's copies with this subject and purpose, by member. */
const copiesOf = (server: SeededServer, subject: string, purpose = "mailing") =>
  withDb(server, async (db) => {
    const { results } = await db
      .prepare("SELECT member_id, recipients, headers FROM outbox WHERE subject = ?1 AND purpose = ?2 ORDER BY member_id")
      .bind(subject, purpose)
      .all<{ member_id: string; recipients: string; headers: string | null }>();
    return results.map((row): Copy => ({ memberId: row.member_id, to: JSON.parse(row.recipients), headers: row.headers ? JSON.parse(row.headers) : {} }));
  });

/** Members who have not renewed this year and may still get notices (none stopped them), by id: whom the notice must reach. */
const notRenewedReachable = (server: SeededServer) =>
  withDb(server, async (db) => {
    const year = new Date().getUTCFullYear();
    const { results } = await db
      .prepare(
        `SELECT m.id FROM members m LEFT JOIN mail_preferences p ON p.member_id = m.id
         WHERE m.active = 1 AND m.deleted = 0 AND (m.last_renewed_year IS NULL OR m.last_renewed_year <> ?1) AND COALESCE(p.notices, 'yes') = 'yes'
         ORDER BY m.id`,
      )
      .bind(year)
      .all<{ id: string }>();
    return results.map((row) => row.id);
  });

/** Active members who agree to newsletters now, by id: whom a newsletter to all active members must reach. */
const agreedNow = (server: SeededServer) =>
  withDb(server, async (db) => {
    const { results } = await db
      .prepare(
        `SELECT m.id FROM members m JOIN mail_preferences p ON p.member_id = m.id
         WHERE m.active = 1 AND m.deleted = 0 AND p.newsletters = 'yes' ORDER BY m.id`,
      )
      .all<{ id: string }>();
    return results.map((row) => row.id);
  });

const newslettersOf = (server: SeededServer, memberId: string) =>
  withDb(
    server,
    async (db) =>
      (await db.prepare("SELECT newsletters FROM mail_preferences WHERE member_id = ?1").bind(memberId).first<{ newsletters: string | null }>())?.newsletters ??
      null,
  );

const noticesOf = (server: SeededServer, memberId: string) =>
  withDb(
    server,
    async (db) => (await db.prepare("SELECT notices FROM mail_preferences WHERE member_id = ?1").bind(memberId).first<{ notices: string }>())?.notices ?? "yes",
  );

async function visit(page: Page, js: boolean, path: string) {
  await page.goto(path);
  if (js) await hydrated(page);
}

const toast = (page: Page, text: string) => page.locator(".toast").getByText(text, { exact: false }).waitFor();

/** Writes a mailing on /studio/mailings/new and saves the draft; its id. */
async function writeMailing(page: Page, js: boolean, mailing: { subject: string; text: string; kind: "Notice" | "Newsletter"; audience: string }) {
  await visit(page, js, "/studio/mailings");
  await page.getByRole("link", { name: "New mailing" }).click();
  await page.locator("h1", { hasText: /^New mailing$/ }).waitFor();
  if (js) await hydrated(page);
  await page.getByLabel("Subject").fill(mailing.subject);
  await page.getByLabel("Preview line (optional)").fill("Read before the AGM");
  if (js) {
    const box = page.getByRole("textbox", { name: "Text" }).and(page.locator('[contenteditable="true"]'));
    await box.click();
    await page.keyboard.type(mailing.text);
    await page.waitForFunction((text) => (document.querySelector("textarea#mailing-body") as HTMLTextAreaElement).value === `<p>${text}</p>`, mailing.text);
  } else {
    await page.locator("textarea#mailing-body").fill(`<p>${mailing.text}</p>`);
  }
  await page.getByLabel(mailing.kind, { exact: true }).check();
  await page.getByLabel(mailing.audience, { exact: true }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL(/\/studio\/mailings\/[0-9a-f]{24}$/);
  await toast(page, "Draft saved.");
  if (js) await hydrated(page);
  expect(await fitsScreen(page)).toBe(true);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Send now, the question set apart with how many it goes to, Yes: lands on the report. */
async function sendNow(page: Page, js: boolean, subject: string, expected: number) {
  await page.getByRole("button", { name: "Send now…" }).click();
  const question = page.locator(".confirm-step");
  await question.waitFor();
  expect(await question.innerText()).toContain(`Send \u201c${subject}\u201d now to ${expected} ${expected === 1 ? "member" : "members"}?`);
  if (js) await hydrated(page);
  await question.getByRole("button", { name: "Yes, send it now" }).click();
  await page.waitForURL(/\/report$/);
  await toast(page, "Sending to");
  expect(await fitsScreen(page)).toBe(true);
}

for (const store of STORES) {
  describe(`member mailings at 360 px (${store === "d1" ? "D1" : "Cockpit"} store)`, () => {
    for (const js of [true, false]) {
      it(
        `a notice to those who have not renewed, previewed, tested, sent, unsubscribed from; then a newsletter to those who agreed (JavaScript ${js ? "on" : "off"})`,
        async () => {
          const server = servers[store];
          const context = await newContext(browser, { ...PHONE, baseURL: server.url, javaScriptEnabled: js, signedInAs: editor.id });
          const page = await context.newPage();
          try {
            // Each attempt its own subjects: a retried attempt must not count the first one's copies.
            const attempt = Math.random().toString(36).slice(2, 7);
            const notice = `AGM notice (${store}, JavaScript ${js ? "on" : "off"}, ${attempt})`;
            const newsletter = `Autumn newsletter (${store}, JavaScript ${js ? "on" : "off"}, ${attempt})`;
            const expected = await notRenewedReachable(server);
            expect(expected).toContain(UNSUBSCRIBER[js ? "on" : "off"].id);
            expect(expected).not.toContain(editor.id);

            // 1. The editor writes the notice from the studio, previews it and sends a test.
            await visit(page, js, "/studio");
            await page
              .locator(".studio-part", { has: page.locator("h2", { hasText: /^Mailings$/ }) })
              .getByRole("link", { name: "Edit" })
              .click();
            await page.locator("h1", { hasText: /^Mailings$/ }).waitFor();
            const id = await writeMailing(page, js, {
              subject: notice,
              text: "The AGM is on 12 December at the hall.",
              kind: "Notice",
              audience: "Members who have not renewed this year",
            });
            expect(await page.locator(".mailing-reach").innerText()).toContain(`reaches ${expected.length} members now`);
            const phone = page.frameLocator(".mailing-preview-phone iframe");
            await phone.getByText("The AGM is on 12 December at the hall.").waitFor();
            await phone.getByText(/Vinod/).first().waitFor();
            await page.getByRole("button", { name: "Send me a test" }).click();
            await toast(page, `A test copy is on its way to ${editor.email}.`);
            await expect
              .poll(() => copiesOf(server, `Test: ${notice}`, "mailing-test"), { timeout: TIMEOUTS.poll })
              .toEqual([expect.objectContaining({ memberId: editor.id, to: [editor.email] })]);
            expect(new URL(page.url()).pathname).toBe(`/studio/mailings/${id}`);
            await sendNow(page, js, notice, expected.length);

            // 2–3. One copy per member who has not renewed, none for anyone else, each with both headers.
            await expect.poll(async () => (await copiesOf(server, notice)).map((copy) => copy.memberId), { timeout: TIMEOUTS.poll }).toEqual(expected);
            const copies = await copiesOf(server, notice);
            for (const copy of copies) {
              expect(copy.headers["List-Unsubscribe"], copy.memberId).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>$/);
              expect(copy.headers["List-Unsubscribe-Post"], copy.memberId).toBe("List-Unsubscribe=One-Click");
            }

            // 4. One member unsubscribes as a mail program does: a POST to the header's address, no sign-in.
            const leaver = UNSUBSCRIBER[js ? "on" : "off"];
            const header = copies.find((copy) => copy.memberId === leaver.id)!.headers["List-Unsubscribe"]!;
            const address = new URL(header.slice(1, -1));
            const oneClick = await fetch(new URL(address.pathname, server.url), {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: "List-Unsubscribe=One-Click",
            });
            expect(oneClick.status).toBeLessThan(400);
            expect(await noticesOf(server, leaver.id)).toBe("no");
            expect(await newslettersOf(server, leaver.id)).toBe("no");
            await visit(page, js, `/studio/mailings/${id}/report`);
            await expect.poll(async () => (await page.locator('tr[data-count="unsubscribed"] td').innerText()).trim()).toBe("1");

            // 5. A newsletter to every active member reaches only those who agreed and still do:
            // not the member who just unsubscribed, nor anyone never asked.
            const agreed = await agreedNow(server);
            expect(agreed).not.toContain(leaver.id);
            expect(agreed.length).toBeGreaterThan(0);
            expect(agreed.every((memberId) => AGREED.includes(memberId))).toBe(true);
            await writeMailing(page, js, {
              subject: newsletter,
              text: "Photos from the Onam lunch.",
              kind: "Newsletter",
              audience: "All members whose membership is active",
            });
            await sendNow(page, js, newsletter, agreed.length);
            await expect.poll(async () => (await copiesOf(server, newsletter)).map((copy) => copy.memberId), { timeout: TIMEOUTS.poll }).toEqual(agreed);
            const reached = (await copiesOf(server, newsletter)).map((copy) => copy.memberId);
            expect(reached).not.toContain(leaver.id);
            for (const never of NEVER_ASKED) expect(reached).not.toContain(never);
          } finally {
            await context.close();
          }
        },
        TIMEOUTS.long,
      );
    }
  });
}
