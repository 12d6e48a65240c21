import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderStageLines, ukDate } from "~/features/membership/renewal-reminder-stages";
import { paidDay } from "~/features/payments/receipt";
import { RESEND_MESSAGES } from "~/features/payments/resend-receipt";
import { SETTINGS_MESSAGES } from "~/features/studio/site-settings-form";
import { ukToday } from "~/features/tickets/ticket-rules";
import { currentYear } from "~/kernel/dates/dates";
import type { OutboxEmail, Transaction } from "~/kernel/store/records";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Outbox } from "~/kernel/store/d1/outbox.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { client, withDb } from "../../../support/book-ticket";
import { parseCsv } from "../../../support/csv";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";

/**
 * What the treasurer records shows everywhere (docs/requirements.md §1.10, §4.9–§4.11, §6.9, §7.2, §10.2;
 * ADR 67), on a private server with the fake Stripe: the contact details typed in the studio reach the
 * Contact page, the contact form's e-mail and receipts; the refund page dates a payment by the day the
 * money came; a refund, cash or card, e-mails the member once; a receipt can be sent again, at most three
 * times a day; an offline payment shows its method where a card one shows its price id; and the
 * subscriptions page says what each reminder date will do.
 */

let stripe: FakeStripe;
let server: SeededServer;
const { get, post } = client(() => server.url);
const Y = currentYear();
const treasurer = demoAccount("treasurer").id;
const editor = demoAccount("editor").id;
const people = {
  cash: newMember({ fullName: "Cara Cashley", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  cheque: newMember({ fullName: "Chet Chequer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  card: newMember({ fullName: "Kim Cardholder", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  applicant: newMember({ fullName: "Abe Applicant", membership: "Single", active: false, registrationPaid: false, lastRenewedYear: null }),
};
const ids = {} as Record<keyof typeof people, string>;

const NEW_CONTACT = "office@mosaic.example";
const NEW_ADDRESS = ["Hall 2, Leeds Mosaic Centre", "5 New Street", "Leeds LS1 1AA"];

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const transactionsOf = (id: string) => withDb(server, (db) => d1Transactions(db).listByUser(id));
/** The outbox, newest first: every e-mail the site wrote. */
const outbox = () => withDb(server, async (db) => (await d1Outbox(db).list()).rows);
const mailsTo = async (memberId: string, purpose: string) => (await outbox()).filter((m) => m.memberId === memberId && m.purpose === purpose);

/** A past day of this year when there is one (else today): the date received the treasurer types. */
function pastDay(): string {
  const today = ukToday(nowSeconds());
  const back = new Date(`${today}T12:00:00Z`);
  back.setUTCDate(back.getUTCDate() - 9);
  const day = back.toISOString().slice(0, 10);
  return day.startsWith(String(Y)) ? day : today;
}

/** The toast a redirect set, as the page it leads to shows it. */
async function toastAfter(response: Response, userId: string): Promise<string> {
  const toast = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("__toast="));
  const cookie = [toast, await sessionCookieFor(userId)].filter(Boolean).join("; ");
  const page = await fetch(`${server.url}${response.headers.get("Location")}`, { redirect: "manual", headers: { Cookie: cookie } });
  return parseHtml(await page.text()).text(".toast p");
}

/** Records a renewal received offline, as the desk's form does. */
async function recordOffline(memberId: string, fields: Record<string, string>): Promise<Transaction> {
  const response = await post(`/accounts/record-payment/${memberId}`, { kind: "renewal", amount: "10.00", ...fields }, treasurer);
  expect(response.status).toBe(302);
  const [transaction] = await transactionsOf(memberId);
  expect(transaction?.status).toBe("success");
  return transaction!;
}

/** A refund through the page's two steps (the form, then "Yes, refund"). */
async function refund(transaction: Transaction, amount: string, reason: string) {
  const path = `/accounts/transactions/${transaction.id}/refund`;
  const page = parseHtml(await (await get(path, treasurer)).text());
  const form = { refundId: page.one('input[name="refundId"]')!.attribs.value!, amount, reason, membership: "kept" };
  expect((await post(path, form, treasurer)).status).toBe(200);
  const done = await post(path, { ...form, confirmed: "1" }, treasurer);
  expect(done.status).toBe(302);
  return { path, form };
}

const rowsOf = (mail: OutboxEmail) => mail.text;

describe("contact details are the settings' (§1.10, §7.2, ADR 67)", () => {
  it("the studio refuses an empty postal address with its message, and saves nothing", async () => {
    const form = formFields(await (await get("/studio/settings", editor)).text(), "form.studio-form");
    expect(new Map(form).get("postalAddress")).toBe("Mosaic Community School\nEducation Village\n1 Example Road\nManchester M1 1AA");
    const refused = await post("/studio/settings", Object.fromEntries(withChanges(form, { postalAddress: "  \n " })), editor);
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text("#settings-postalAddress-error")).toBe(SETTINGS_MESSAGES.addressMissing);
  });

  it("an editor's new e-mail and postal address show on the Contact page and receive the contact form", async () => {
    const form = formFields(await (await get("/studio/settings", editor)).text(), "form.studio-form");
    const saved = await post(
      "/studio/settings",
      Object.fromEntries(
        withChanges(form, { primaryContactEmail: NEW_CONTACT, postalAddress: `  ${NEW_ADDRESS[0]}\n\n${NEW_ADDRESS[1]}\n${NEW_ADDRESS[2]}  ` }),
      ),
      editor,
    );
    expect(saved.status).toBe(302);

    const contact = parseHtml(await (await get("/contact")).text());
    expect(contact.all(".contact-details address span").map(textOf)).toEqual(NEW_ADDRESS);
    expect(contact.one('.contact-links a[href^="mailto:"]')?.attribs.href).toBe(`mailto:${NEW_CONTACT}`);

    const sent = await post("/contact", { name: "Vera", lastname: "Visitor", email: "vera@example.com", subject: "Hall hire", notes: "Is the hall free?" });
    expect(sent.status).toBe(302);
    const [mail] = (await outbox()).filter((m) => m.purpose === "contact" && m.subject.endsWith("Hall hire"));
    expect(mail?.to).toEqual([NEW_CONTACT]);
  });

  it("a cash renewal's receipt (e-mail and page) prints the new address and e-mail, never the old ones", async () => {
    const transaction = await recordOffline(ids.cash, { method: "cash", paidOn: pastDay() });
    const [receipt] = await mailsTo(ids.cash, "receipt");
    expect(receipt?.to).toEqual([people.cash.email]);
    for (const line of [...NEW_ADDRESS, NEW_CONTACT]) expect(receipt?.text).toContain(line);
    expect(receipt?.text).not.toContain("info@example.org");
    expect(receipt?.text).not.toContain("Manchester M1 1AA");

    const page = parseHtml(await (await get(`/account/receipts/${transaction.id}`, ids.cash)).text());
    const from = page.all(".receipt-from span").map(textOf);
    expect(from).toEqual([...NEW_ADDRESS, NEW_CONTACT, "+44 161 496 0000"]);
  });
});

describe("the e-mails that say how to reach the association name the settings' contact e-mail (ADR 67)", () => {
  it("an application rejected", async () => {
    const rejected = await post(`/accounts/members/${ids.applicant}/reject`, { reason: "We are full this year" }, treasurer);
    expect(rejected.status).toBe(302);
    const [mail] = await mailsTo(ids.applicant, "application-rejected");
    expect(mail?.to).toEqual([people.applicant.email]);
    expect(mail?.text).toContain(`please contact the association at ${NEW_CONTACT}.`);
    expect(mail?.text).not.toContain("info@example.org");
  });
});

describe("the refund page and the member's refund e-mail (§4.10)", () => {
  let cash: Transaction;

  it("dates a cash payment by the day the money was received, not the day it was entered", async () => {
    [cash] = (await transactionsOf(ids.cash)) as [Transaction];
    expect(cash.paidOn).toBe(pastDay());
    const page = parseHtml(await (await get(`/accounts/transactions/${cash.id}/refund`, treasurer)).text());
    const details = page.all(".refund-details dt").map(textOf);
    const values = page.all(".refund-details dd").map(textOf);
    expect(values[details.indexOf("Paid on")]).toBe(paidDay(cash));
    expect(paidDay(cash)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  });

  it("a cash refund e-mails the member once: what, for what, when, and that the association gives it back", async () => {
    const { path, form } = await refund(cash, "4.00", "Paid twice by mistake");
    // The same form again (a double click): the refund and the e-mail are one.
    await post(path, { ...form, confirmed: "1" }, treasurer);
    const mails = await mailsTo(ids.cash, "refund");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([people.cash.email]);
    expect(mail!.subject).toBe(`MMA: refund of £4.00 for ${cash.title.includes(String(Y)) ? cash.title : `${cash.title} ${Y}`}`);
    const text = rowsOf(mail!);
    expect(text).toContain("Refunded: £4.00");
    expect(text).toContain(`You paid: £10.00 on ${paidDay(cash)}`);
    expect(text).toContain("Reason: Paid twice by mistake");
    expect(text).toContain("You paid by cash, so the association gives the money back to you directly");
    expect(text).toContain(NEW_CONTACT);
  });

  it("a card refund e-mails the member once, when it is made: back to the card within 5 to 10 working days", async () => {
    const start = await post("/mem-account", {}, ids.card);
    expect(start.status).toBe(303);
    const sessionId = start.headers.get("Location")!.split("/").pop()!;
    stripe.complete(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const back = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId));
    await get(`${back.pathname}${back.search}`, ids.card);
    const [paid] = await transactionsOf(ids.card);
    expect(paid?.status).toBe("success");

    const { path, form } = await refund(paid!, "10.00", "Moved away");
    await post(path, { ...form, confirmed: "1" }, treasurer);
    const mails = await mailsTo(ids.card, "refund");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([people.card.email]);
    expect(mails[0]!.text).toContain("Refunded: £10.00");
    expect(mails[0]!.text).toContain("The money goes back to the card you paid with. Your bank usually shows it within 5 to 10 working days.");
  });
});

describe("sending a receipt again (§4.11)", () => {
  const path = (transaction: Transaction) => `/accounts/transactions/${transaction.id}/resend-receipt`;
  let cheque: Transaction;

  it("is for accountants: a member is sent to My Account and nothing is sent", async () => {
    cheque = await recordOffline(ids.cheque, { method: "cheque", reference: "004512", paidOn: pastDay() });
    const before = (await mailsTo(ids.cheque, "receipt")).length;
    expect(before).toBe(1);
    const refused = await post(path(cheque), {}, ids.cheque);
    expect(refused.headers.get("Location")).toBe("/mem-account");
    expect(await mailsTo(ids.cheque, "receipt")).toHaveLength(1);
  });

  it("sends the same receipt again to the member, with their id, and goes back with a toast", async () => {
    const response = await post(path(cheque), { redirectTo: "/accounts" }, treasurer);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/accounts");
    expect(await toastAfter(response, treasurer)).toBe(RESEND_MESSAGES.sent(people.cheque.email));
    const receipts = await mailsTo(ids.cheque, "receipt");
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.to).toEqual([people.cheque.email]);
    expect(receipts[0]!.subject).toBe(receipts[1]!.subject);
    expect(receipts[0]!.text).toContain("Reference: 004512");
  });

  it("goes back to the member's page unless told a path on this site; a GET goes there too", async () => {
    const offSite = await post(path(cheque), { redirectTo: "https://evil.example/" }, treasurer);
    expect(offSite.headers.get("Location")).toBe(`/accounts/members/${ids.cheque}`);
    const bare = await get(path(cheque), treasurer);
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe(`/accounts/members/${ids.cheque}`);
  });

  it("sends at most three a day per payment: past it nothing goes and the toast says so", async () => {
    // Two resends so far; the third is the last one today.
    expect((await post(path(cheque), {}, treasurer)).status).toBe(302);
    expect(await mailsTo(ids.cheque, "receipt")).toHaveLength(4);
    const fourth = await post(path(cheque), { redirectTo: "/accounts" }, treasurer);
    expect(await toastAfter(fourth, treasurer)).toMatch(
      /^This receipt has been sent 3 times today, the most in a day, so it was not sent again\. Try again in \d+ hours?/,
    );
    expect(await mailsTo(ids.cheque, "receipt")).toHaveLength(4);
    expect((await get(`/accounts/transactions/ffffffffffffffffffffffff/resend-receipt`, treasurer)).status).toBe(404);
  });
});

describe("an offline payment in the lists shows its method, never the fee's price id (§4.9, §6.9)", () => {
  it("the subscriptions report's row and its download", async () => {
    for (const [key, expected] of [
      ["cash", "Cash"],
      ["cheque", "Cheque 004512"],
    ] as const) {
      const name = people[key].fullName;
      const report = parseHtml(await (await get(`/mem-renewals?q=${encodeURIComponent(name)}`, treasurer)).text());
      const headers = report.all("#renewed-table thead th").map(textOf);
      const row = report.all("#renewed-table tbody tr")[0]!;
      const cells = [...row.children].filter((c) => c.type === "tag").map((c) => textOf(c));
      expect(cells[0]).toBe(name);
      expect(cells[headers.indexOf("payment product reference")]).toBe(expected);

      const csv = parseCsv(await (await get(`/mem-renewals/renewed.csv?q=${encodeURIComponent(name)}`, treasurer)).text());
      expect(csv[1]![csv[0]!.indexOf("payment product reference")]).toBe(expected);
    }
  });
});

describe("the reminder schedule says what will happen (§6.9, §10.2)", () => {
  it("dates set late: each line says it passed before it was set, is due, or when it goes", async () => {
    const form = formFields(await (await get("/studio/settings", treasurer)).text(), "form.studio-form");
    const saved = await post(
      "/studio/settings",
      Object.fromEntries(withChanges(form, { renewalReminderStages: "1 January, 2 January, 31 December" })),
      treasurer,
    );
    expect(saved.status).toBe(302);
    const page = parseHtml(await (await get("/mem-renewals", treasurer)).text());
    const lines = page.all(".reminder-stages li").map(textOf);
    expect(lines).toEqual(reminderStageLines(["01-01", "01-02", "12-31"], [], ukDate(new Date())));
    expect(lines.some((line) => line.endsWith("not sent yet this year"))).toBe(false);
    const today = ukDate(new Date());
    if (today.month > 1 || today.day > 2)
      expect(lines[0]).toBe("1 January: passed before the stage was set, so it is not sent this year; next: 2 January (with the next daily run)");
  });
});
