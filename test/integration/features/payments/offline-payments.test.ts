import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heldSince } from "~/features/tickets/event-capacity";
import { amountMismatchMessage, OFFLINE_MESSAGES } from "~/features/payments/offline-payment";
import { currentYear } from "~/kernel/dates/dates";
import { ukToday } from "~/features/tickets/ticket-rules";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { d1Events } from "~/kernel/store/d1/events.server";
import { DEMO_EVENT_ID, changeEvent, client, withDb } from "../../../support/book-ticket";
import { parseCsv } from "../../../support/csv";
import { newMember } from "../../../support/fixtures";
import { formMessage, parseHtml, selectedOption, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { TIMEOUTS } from "../../../support/time-budget";

/**
 * Offline payments and tickets at the desk (docs/requirements.md §4.9, §5.9) on real D1: a cash renewal
 * settles like a card one (the member renewed, the report and its download say "Cash"); the
 * form's refusals (amount, date, reference); the guard; and desk bookings, which keep the
 * member's own rules and the event's capacity (two places: a card link holds one, cash takes
 * the other, the next is refused); with two events open, the desk books the soonest unless
 * the accountant chooses the other.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const Y = currentYear();
const today = () => ukToday(nowSeconds());
const people = {
  renewer: newMember({ fullName: "Rita Renewer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y - 1 }),
  applicant: newMember({ fullName: "Andy Applicant", membership: "Single", active: false, registrationPaid: false, lastRenewedYear: null }),
  linked: newMember({ fullName: "Lena Linked", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y }),
  cash: newMember({ fullName: "Cass Cashpayer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y }),
  late: newMember({ fullName: "Larry Latecomer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y }),
  dancer: newMember({ fullName: "Dora Dancer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: Y }),
};
/** A second event open for booking, after the seeded one (which stays the desk's default). */
let springDance: string;
const ids = {} as Record<keyof typeof people, string>;
let treasurer: string;
let member: string;

beforeAll(async () => {
  treasurer = demoAccount("treasurer").id;
  member = demoAccount("member").id;
  server = await startSeededServer({
    prepare: async (db) => {
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
      // Two places left on the seeded event (its capacity is the event record's, ADR 60).
      const events = d1Events(db);
      const demo = (await events.get(DEMO_EVENT_ID))!;
      const held = await d1Tickets(db).countPeopleHoldingPlaces(DEMO_EVENT_ID, heldSince(nowSeconds()));
      await changeEvent(db, { capacity: held + 2 });
      springDance = (
        await events.create({
          ...demo,
          date: `${Y + 1}-02-14`,
          capacity: 0,
          tickets: { ...demo.tickets, title: "Desk Spring Dance", lastBookingDate: `${Y + 1}-02-10` },
        })
      ).id;
    },
  });
});
afterAll(() => server?.stop());

const memberOf = (id: string) => withDb(server, (db) => d1Members(db).getById(id));
const transactionsOf = (id: string) => withDb(server, (db) => d1Transactions(db).listByUser(id));
const ticketsOf = (id: string) => withDb(server, (db) => d1Tickets(db).listByUser(id));
const cash = (amount = "10.00") => ({ kind: "renewal", method: "cash", paidOn: today(), amount });

describe("recording a member's payment", () => {
  it("shows what is due, pre-filled with the fee and today", async () => {
    const page = parseHtml(await (await get(`/accounts/record-payment/${ids.renewer}`, treasurer)).text());
    expect(page.text(".offline-payment-due")).toBe(`Payment for: Renewal ${Y}, £10.00`);
    expect(page.one("#offline-amount")?.attribs.value).toBe("10.00");
    expect(page.one("#offline-paidOn")?.attribs.value).toBe(today());
    expect(page.text(".offline-payment-no-undo")).toContain("can only be reversed by recording a refund");
  });

  it("refuses another amount (400, saying the full amount is needed), a future day and a transfer without reference; nothing is recorded", async () => {
    const short = await post(`/accounts/record-payment/${ids.renewer}`, cash("5.00"), treasurer);
    expect(short.status).toBe(400);
    expect(parseHtml(await short.text()).text("#offline-amount-error")).toBe(amountMismatchMessage(1000));

    const future = await post(`/accounts/record-payment/${ids.renewer}`, { ...cash(), paidOn: "2999-01-01" }, treasurer);
    expect(future.status).toBe(400);
    expect(parseHtml(await future.text()).text("#offline-paidOn-error")).toBe(OFFLINE_MESSAGES.paidOnFuture);

    const bank = await post(`/accounts/record-payment/${ids.renewer}`, { ...cash(), method: "bank" }, treasurer);
    expect(bank.status).toBe(400);
    expect(parseHtml(await bank.text()).text("#offline-reference-error")).toBe(OFFLINE_MESSAGES.reference);

    expect(await transactionsOf(ids.renewer)).toEqual([]);
    expect((await memberOf(ids.renewer))?.lastRenewedYear).toBe(Y - 1);
  });

  it("refuses a member (sent to My Account, as every back-office guard does) and records nothing", async () => {
    for (const response of [
      await get(`/accounts/record-payment/${ids.renewer}`, member),
      await post(`/accounts/record-payment/${ids.renewer}`, cash(), member),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/mem-account");
    }
    expect(await transactionsOf(ids.renewer)).toEqual([]);
  });

  it("a cash renewal settles as a card one would: the member is renewed, the report and its download say Cash, the log has it", async () => {
    const response = await post(`/accounts/record-payment/${ids.renewer}`, cash(), treasurer);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/accounts");
    expect((await memberOf(ids.renewer))?.lastRenewedYear).toBe(Y);
    const [transaction] = await transactionsOf(ids.renewer);
    expect(transaction).toMatchObject({ status: "success", paymentType: "renew", method: "cash", reference: null, paidOn: today(), unitAmount: 1000, year: Y });

    const report = parseHtml(await (await get(`/mem-renewals?q=${encodeURIComponent("Rita Renewer")}`, treasurer)).text());
    const headers = report.all("#renewed-table thead th").map(textOf);
    const row = report.all("#renewed-table tbody tr")[0]!;
    const cells = [...row.children].filter((c) => c.type === "tag").map((c) => textOf(c));
    expect(cells[0]).toBe("Rita Renewer");
    expect(cells[headers.indexOf("Method")]).toBe("Cash");

    const csv = parseCsv(await (await get(`/mem-renewals/renewed.csv?q=${encodeURIComponent("Rita Renewer")}`, treasurer)).text());
    expect(csv[0]).toContain("Method");
    expect(csv[1]![csv[0]!.indexOf("Method")]).toBe("Cash");
    expect(csv[1]![csv[0]!.indexOf("Name")]).toBe("Rita Renewer");

    const log = parseHtml(await (await get("/accounts/activity", treasurer)).text());
    expect(log.text("main")).toContain(`recorded a cash payment for Renewal ${Y} of £10.00 from member`);
  });

  it("paid now, the renewal is not due again (the change to Family is, as on their own page): a second renewal post records nothing (409)", async () => {
    const page = parseHtml(await (await get(`/accounts/record-payment/${ids.renewer}`, treasurer)).text());
    expect(page.text(".offline-payment-due")).toMatch(new RegExp(`^Payment for: Change to Family ${Y}, £`));
    const again = await post(`/accounts/record-payment/${ids.renewer}`, cash(), treasurer);
    expect(again.status).toBe(409);
    expect(await transactionsOf(ids.renewer)).toHaveLength(1);
  });

  it("a change to Family recorded by bank transfer goes on to Edit Member, where the spouse and children are added", async () => {
    const form = parseHtml(await (await get(`/accounts/record-payment/${ids.renewer}`, treasurer)).text());
    const amount = form.one("#offline-amount")?.attribs.value ?? "";
    const response = await post(
      `/accounts/record-payment/${ids.renewer}`,
      { kind: "upgrade", method: "bank", reference: "FAMILY UPGRADE 7", paidOn: today(), amount },
      treasurer,
    );
    expect(response.status, formMessage(await response.clone().text()) ?? "").toBe(302);
    expect(response.headers.get("Location")).toBe(`/accounts/members/${ids.renewer}/edit`);
    expect((await memberOf(ids.renewer))?.membership).toBe("Family");
    const edit = parseHtml(await (await get(`/accounts/members/${ids.renewer}/edit`, treasurer)).text());
    expect(edit.one("#amend-spouseName")).not.toBeNull();
    expect(edit.one("#amend-childCount")).not.toBeNull();
  });

  it("a registration paid by cheque makes the applicant an active, paid member", async () => {
    const form = parseHtml(await (await get(`/accounts/record-payment/${ids.applicant}`, treasurer)).text());
    const amount = form.one("#offline-amount")?.attribs.value ?? "";
    const response = await post(
      `/accounts/record-payment/${ids.applicant}`,
      { kind: "registration", method: "cheque", reference: "CHQ 100200", paidOn: today(), amount },
      treasurer,
    );
    expect(response.status, formMessage(await response.clone().text()) ?? "").toBe(302);
    expect(await memberOf(ids.applicant)).toMatchObject({ registrationPaid: true, active: true, lastRenewedYear: Y });
    expect((await transactionsOf(ids.applicant))[0]).toMatchObject({ status: "success", method: "cheque", reference: "CHQ 100200" });
  });
});

describe("tickets at the desk", () => {
  const party = (name: string, pay: string) => ({
    member: ids[name as keyof typeof ids],
    numberOfAdults: "1",
    adultName1: people[name as keyof typeof people].fullName,
    pay,
  });

  it("finds a member and pre-fills the booking with their household", async () => {
    const found = parseHtml(await (await get(`/accounts/desk?q=${encodeURIComponent("Cass Cash")}`, treasurer)).text());
    expect(found.all(".desk-found a").map(textOf)).toEqual(["Book for Cass Cashpayer"]);
    const form = parseHtml(await (await get(`/accounts/desk?member=${ids.cash}`, treasurer)).text());
    expect(form.one("#desk-adultName1")?.attribs.value).toBe("Cass Cashpayer");
    expect((await get("/accounts/desk", member)).headers.get("Location")).toBe("/mem-account");
  });

  it("a card payment link: the ticket stays unpaid and the member gets an e-mail with the checkout link", async () => {
    const response = await post(`/accounts/desk?member=${ids.linked}`, party("linked", "link"), treasurer);
    expect(response.status).toBe(302);
    const [ticket] = await ticketsOf(ids.linked);
    expect(ticket?.paid).toBe(false);
    expect((await transactionsOf(ids.linked))[0]).toMatchObject({ status: "pending", paymentType: "ticket", ticketId: ticket!.id, method: "card" });
    const email = await withDb(server, (db) =>
      db
        .prepare("SELECT text FROM outbox WHERE purpose = 'ticket-payment-link' AND recipients LIKE ?")
        .bind(`%${people.linked.email}%`)
        .first<{ text: string }>(),
    );
    expect(email?.text).toContain("Pay by card");
    expect(email?.text).toMatch(/https?:\/\/\S+\/practice-checkout\//);
  });

  it("cash: the ticket is paid at once, through the same settlement (its QR e-mail goes), and the events report says Cash", async () => {
    const response = await post(`/accounts/desk?member=${ids.cash}`, party("cash", "cash"), treasurer);
    expect(response.status).toBe(302);
    const [ticket] = await ticketsOf(ids.cash);
    expect(ticket?.paid).toBe(true);
    expect((await transactionsOf(ids.cash))[0]).toMatchObject({ status: "success", method: "cash", paidOn: today(), ticketId: ticket!.id });
    await vi.waitFor(
      async () => {
        const row = await withDb(server, (db) =>
          db.prepare("SELECT id FROM outbox WHERE purpose = 'ticket' AND recipients LIKE ?").bind(`%${people.cash.email}%`).first(),
        );
        if (!row) throw new Error("no ticket e-mail yet");
      },
      { timeout: TIMEOUTS.poll, interval: 50 },
    );
    const csv = parseCsv(await (await get("/mem-events-pay/tickets.csv", treasurer)).text());
    const method = csv[0]!.indexOf("Method");
    expect(method).toBeGreaterThan(0);
    expect(csv.some((r) => r[csv[0]!.indexOf("Email")] === people.cash.email && r[method] === "Cash")).toBe(true);
  });

  it("keeps the event's capacity: with both places taken the next desk booking is refused and books nothing", async () => {
    const refused = await post(`/accounts/desk?member=${ids.late}`, party("late", "cash"), treasurer);
    expect(refused.status).toBe(403);
    expect(formMessage(await refused.text())).toBe("This event is full.");
    expect(await ticketsOf(ids.late)).toEqual([]);
    expect(await transactionsOf(ids.late)).toEqual([]);
  });

  it("with two events open, offers both soonest first and books the seeded (soonest) one by default", async () => {
    const html = await (await get(`/accounts/desk?member=${ids.dancer}`, treasurer)).text();
    const page = parseHtml(html);
    expect(page.all("form.desk-event").map((f) => f.attribs.method)).toEqual(["get"]);
    expect(page.all("#desk-event option").map((o) => o.attribs.value)).toEqual([DEMO_EVENT_ID, springDance]);
    expect(page.all("#desk-event option").map(textOf)[1]).toBe(`Desk Spring Dance, 14 February ${Y + 1}`);
    expect(selectedOption(html, "event")).toBe(DEMO_EVENT_ID);
    expect(page.one('form.desk-booking input[type="hidden"][name="event"]')?.attribs.value).toBe(DEMO_EVENT_ID);
  });

  it("books the chosen event: the choice is shown, posted with the booking, and kept after it", async () => {
    const html = await (await get(`/accounts/desk?member=${ids.dancer}&event=${springDance}`, treasurer)).text();
    const page = parseHtml(html);
    expect(selectedOption(html, "event")).toBe(springDance);
    expect(page.text("form.desk-booking h2")).toBe("Desk Spring Dance for Dora Dancer");
    expect(page.one('form.desk-booking input[type="hidden"][name="event"]')?.attribs.value).toBe(springDance);

    const response = await post(`/accounts/desk?member=${ids.dancer}`, { ...party("dancer", "cash"), event: springDance }, treasurer);
    expect(response.status, formMessage(await response.clone().text()) ?? "").toBe(302);
    expect(response.headers.get("Location")).toBe(`/accounts/desk?member=${ids.dancer}&event=${springDance}`);
    const [ticket] = await ticketsOf(ids.dancer);
    expect(ticket).toMatchObject({ eventId: springDance, title: "Desk Spring Dance", year: Y + 1, paid: true });
  });
});
