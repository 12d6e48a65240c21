import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../support/client";
import { memberActionValue } from "~/features/office/member-action-value";
import { currentYear } from "~/kernel/dates/dates";
import { d1Members } from "~/kernel/store/d1/members.server";
import { FAMILY_PARTY } from "../../support/book-ticket";
import { parseCsv } from "../../support/csv";
import { newMember } from "../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount } from "../../support/session";
import { familySignup, uniqueSignupEmail } from "../../support/signup";
import { TIMEOUTS } from "../../support/time-budget";

/**
 * Stored values shown later never execute (docs/security.md, "Output encoding"): hostile
 * names, addresses and messages go in through the real forms (sign-up, Edit Account,
 * booking, contact), then every place that shows them is read back: the admin table, the
 * application sheet, My Account, the e-mails (the outbox pages and the e-mail HTML itself)
 * and every CSV export. Markup must come out escaped (no live tag), and a CSV cell that
 * starts with = + - @ TAB or CR must be neutralised with a leading ' (OWASP).
 */

const MARKUP = {
  img: "<img src=x onerror=alert(1)>",
  script: '"><script>alert(2)</script>',
  svg: "<svg onload=alert(3)>",
};
const HOSTILE = {
  fullName: `=HYPERLINK("http://evil.example")${MARKUP.img}`,
  address: `+cmd|' /C calc'!A0 ${MARKUP.script}`,
  city: `@SUM(1)${MARKUP.svg}`,
  county: "-2+3",
  postcode: "@A1",
  spouseName: `=1+1${MARKUP.script}`,
  childName1: `-2+3${MARKUP.img}`,
  childName2: "@SUM(1)",
};
/** Attendee names (the booking form caps them at 80 characters). */
const ATTENDEES = {
  adultName1: `=HYPERLINK("http://evil.example")${MARKUP.img}`,
  adultName2: `+cmd|' /C calc'!A0`,
  above13Child1: `@SUM(1)${MARKUP.svg}`,
  above5Child1: "-2+3",
};
const CONTACT = {
  name: `=HYPERLINK("http://evil.example")${MARKUP.img}`,
  lastname: MARKUP.script,
  subject: `@SUM(1) ${MARKUP.svg}`,
  notes: `+cmd|' /C calc'!A0\n${MARKUP.img}`,
};

let server: SeededServer;
const ids = { payer: "", pending: "", applicant: "" };
const payerEmail = uniqueSignupEmail("payer");
const pendingEmail = uniqueSignupEmail("pending");
const applicantEmail = uniqueSignupEmail("applicant");
const contactEmail = uniqueSignupEmail("contact");
const treasurer = demoAccount("treasurer").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      // Active Family members who have not renewed this year: one renews and books, one stays pending.
      const family = { membership: "Family" as const, active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 };
      ids.payer = (await members.register(newMember({ ...family, email: payerEmail }))).id;
      ids.pending = (await members.register(newMember({ ...family, email: pendingEmail }))).id;
    },
  });
  await storeHostileValues();
}, TIMEOUTS.long);
afterAll(() => server?.stop());

let ipCounter = 0;
function post(path: string, fields: Record<string, string>, userId?: string): Promise<Response> {
  return client(server, { ip: `10.77.0.${++ipCounter}` })
    .as(userId)
    .post(path, fields);
}
function get(path: string, userId?: string): Promise<Response> {
  return client(server).as(userId).get(path);
}
async function page(path: string, userId?: string): Promise<string> {
  const response = await get(path, userId);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Pays a checkout the practice way (no Stripe key): Pay on the practice page, then the return page settles it. */
async function payThroughPractice(started: Response, userId: string): Promise<void> {
  expect(started.status).toBe(303);
  const practice = new URL(started.headers.get("Location")!, server.url).pathname;
  expect(practice).toMatch(/^\/practice-checkout\//);
  const paid = await post(practice, { intent: "pay" }, userId);
  expect(paid.status).toBeGreaterThanOrEqual(300);
  expect(paid.status).toBeLessThan(400);
  const back = await get(new URL(paid.headers.get("Location")!, server.url).pathname + new URL(paid.headers.get("Location")!, server.url).search, userId);
  expect(back.status).toBeLessThan(400);
}

function editAccountFields(): Record<string, string> {
  const {
    email: _e,
    password: _p,
    confirm_password: _c,
    agreeTerms: _a,
    giftAidConcent: _g,
    residentConcent: _r,
    paymentConcent: _pc,
    ...details
  } = familySignup("x@example.com");
  return { ...details, ...HOSTILE, intent: "save" };
}

async function storeHostileValues(): Promise<void> {
  // Sign-up: an applicant with the hostile details.
  const signup = await post("/signup", { ...familySignup(applicantEmail), ...HOSTILE });
  expect(signup.status, "sign-up accepted").toBe(302);
  ids.applicant = await (async () => {
    const list = await page(`/accounts?q=${encodeURIComponent(applicantEmail)}&status=all`, treasurer);
    return /\/accounts\/members\/([0-9a-f]{24})/.exec(list)?.[1] ?? "";
  })();
  // The payment link e-mail carries the applicant's name.
  const link = await post("/accounts", { do: memberActionValue("send-link", ids.applicant), confirmed: "1" }, treasurer);
  expect(link.status).toBe(302);
  // Edit Account: two members, one of whom renews and books with hostile attendee names.
  for (const id of [ids.payer, ids.pending]) expect((await post("/amend-account", editAccountFields(), id)).status, "details saved").toBe(302);
  await payThroughPractice(await post("/mem-account", {}, ids.payer), ids.payer);
  await payThroughPractice(await post("/book-ticket", { ...FAMILY_PARTY, ...ATTENDEES }, ids.payer), ids.payer);
  // Contact: the message e-mailed to the association.
  expect((await post("/contact", { ...CONTACT, email: contactEmail })).status, "contact accepted").toBe(302);
}

const RAW_MARKUP = [/<img src=x/i, /<script>alert/i, /<svg onload/i];

/** No live hostile tag in the page; the values are there, escaped. */
function expectInert(html: string, where: string, shown: string[] = []) {
  for (const pattern of RAW_MARKUP) expect(pattern.test(html), `${where}: ${pattern}`).toBe(false);
  for (const text of shown) expect(html, `${where} shows ${text} escaped`).toContain(escapeHtml(text));
}
/** As React writes text: & < > " and ' escaped. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const unescapeAttribute = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[entity]!);

describe("hostile values stored through the forms are shown inert", () => {
  it("the admin members table, the application sheet and My Account escape them", async () => {
    expect(ids.applicant).toMatch(/^[0-9a-f]{24}$/);
    const table = await page(`/accounts?q=${encodeURIComponent("HYPERLINK")}&status=all`, treasurer);
    expectInert(table, "/accounts", [MARKUP.img]);
    expectInert(await page(`/member-details/${ids.applicant}`, treasurer), "application sheet", [MARKUP.img, MARKUP.svg, MARKUP.script]);
    expectInert(await page(`/member-details/${ids.payer}`, treasurer), "payer's sheet", [MARKUP.img]);
    expectInert(await page("/mem-account", ids.payer), "My Account", [MARKUP.img]);
    expectInert(await page("/amend-account", ids.payer), "Edit Account");
    expectInert(await page("/mem-events-pay", treasurer), "events report");
    expectInert(await page("/mem-renewals", treasurer), "renewals report");
  });

  it("the e-mails (contact, payment link) escape them, in the outbox pages and in the e-mail HTML", async () => {
    for (const path of ["/dev/mail", "/accounts/emails"]) {
      const list = await page(path, treasurer);
      expectInert(list, path);
      const links = [...new Set([...list.matchAll(new RegExp(`href="(${path}/[0-9a-f]{24})"`, "g"))].map((match) => match[1]!))];
      expect(links.length, `${path} lists e-mails`).toBeGreaterThanOrEqual(2);
      let shownInMail = 0;
      for (const link of links) {
        const message = await page(link, treasurer);
        expectInert(message, link);
        // The e-mail's own HTML (in a sandboxed iframe's srcDoc): escaped there too.
        const mail = unescapeAttribute(/<iframe[^>]*\ssrcDoc="([^"]*)"/i.exec(message)?.[1] ?? "");
        expectInert(mail, `${link} e-mail HTML`);
        if (mail.includes(escapeHtml(MARKUP.img))) shownInMail += 1;
      }
      expect(shownInMail, `${path}: e-mails that show the hostile name (contact, payment link)`).toBeGreaterThanOrEqual(2);
    }
  });

  it("every CSV export neutralises formulas and keeps the values", async () => {
    const exports = {
      members: `/accounts/export.csv?status=all`,
      pending: "/mem-renewals/pending.csv",
      renewed: "/mem-renewals/renewed.csv",
      tickets: `/mem-events-pay/tickets.csv`,
    };
    for (const [name, path] of Object.entries(exports)) {
      const response = await get(path, treasurer);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toContain("text/csv");
      const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
      const cells = rows.flat();
      // No cell a spreadsheet would read as a formula (a plain number, even negative, is not one).
      const live = cells.filter((cell) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));
      expect(live, `${name}: formula cells`).toEqual([]);
      expect(
        cells.some((cell) => cell.startsWith(`'=HYPERLINK("http://evil.example")`)),
        `${name}: the hostile name, neutralised`,
      ).toBe(true);
    }
    // The members CSV has the spouse and the children too; the tickets CSV the attendees.
    const members = (await (await get(exports.members, treasurer)).text()).replace(/^\uFEFF/, "");
    const memberCells = parseCsv(members).flat();
    expect(memberCells).toContain(`'${HOSTILE.spouseName}`);
    expect(memberCells.some((cell) => cell.startsWith(`'${HOSTILE.childName1}`))).toBe(true);
    const tickets = parseCsv((await (await get(exports.tickets, treasurer)).text()).replace(/^\uFEFF/, "")).flat();
    expect(tickets).toContain(`'${ATTENDEES.adultName2}`);
    expect(tickets).toContain(`'${ATTENDEES.above5Child1}`);
  });
});
