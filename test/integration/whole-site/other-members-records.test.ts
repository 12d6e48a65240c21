import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ticket, Transaction } from "~/kernel/store/records";
import { formatTicketCode } from "~/features/tickets/ticket-code";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { client, withDb } from "../../support/book-ticket";
import { newTicket, newTransaction } from "../../support/fixtures";
import { DEMO, ROUTES } from "../../support/route-list";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount } from "../../support/session";

/**
 * Members never see another member's record (docs/requirements.md §2.2; docs/security.md,
 * "Ownership checks"). On a private server where the demo Single member ("the other
 * member") also has a free ticket, a paid ticket with its transaction and a pending
 * renewal, the demo Family member (and a visitor) asks for every page that takes a
 * member's, ticket's or transaction's id, with the other member's ids, their own, and the
 * two mixed. Each answer is a refusal or a neutral page, and no body carries anything of
 * the other member: name, e-mail, member number, mobile, postcode, ticket code.
 */

const member = demoAccount("member");
const other = demoAccount("single");

interface Seeded {
  freeTicket: Ticket;
  paidTicket: Ticket;
  ticketPayment: Transaction;
  pendingRenewal: Transaction;
}

let server: SeededServer;
let seeded: Seeded;
const { get } = client(() => server.url);

async function seedOtherMembersRecords(db: D1Database): Promise<Seeded> {
  const tickets = d1Tickets(db);
  const transactions = d1Transactions(db);
  const owned = { email: other.email, membership: "Single" as const, year: new Date().getUTCFullYear() };
  const freeTicket = await tickets.create(
    newTicket(other.id, { ...owned, code: "SARAFR22", price: 0, attendees: [{ band: "adult", position: 1, name: "Sara Thomas" }] }),
  );
  await tickets.markPaid(freeTicket.id);
  const paidTicket = await tickets.create(
    newTicket(other.id, { ...owned, code: "SARAPD33", price: 1200, attendees: [{ band: "adult", position: 1, name: "Sara Thomas" }] }),
  );
  const ticketPayment = await transactions.create(
    newTransaction(other.id, {
      title: "Christmas Party",
      paymentType: "ticket",
      ticketId: paidTicket.id,
      unitAmount: 1200,
      memberName: "Sara Thomas",
      memberEmail: other.email,
    }),
  );
  await transactions.settle(ticketPayment.id, "success", Math.floor(Date.now() / 1000));
  await tickets.markPaid(paidTicket.id);
  const pendingRenewal = await transactions.create(newTransaction(other.id, { memberName: "Sara Thomas", memberEmail: other.email }));
  return { freeTicket, paidTicket, ticketPayment, pendingRenewal };
}

/** Anything that would show the other member's record. */
function otherMembersMarks(): string[] {
  return [
    "Sara Thomas",
    other.email,
    "MMA3",
    "07700900003",
    "M1 7ED",
    "7 Oxford Road",
    seeded.freeTicket.code,
    formatTicketCode(seeded.freeTicket.code),
    seeded.paidTicket.code,
    formatTicketCode(seeded.paidTicket.code),
  ];
}

async function expectNothingOfTheOther(response: Response, what: string) {
  const body = await response.text();
  for (const mark of otherMembersMarks()) expect(body, `${what} shows "${mark}"`).not.toContain(mark);
  return body;
}

/** Asks as the member and as a visitor; both answers must be `allowed` and neutral. */
async function askAsMemberAndVisitor(path: string, allowed: number[]) {
  for (const [who, id] of [
    ["member", member.id],
    ["visitor", undefined],
  ] as const) {
    for (const url of [path, `${path}.data`]) {
      const response = await get(url, id);
      expect(response.status, `${url} as ${who}`).toBeLessThan(500);
      if (url === path) expect(allowed, `${url} as ${who}: ${response.status}`).toContain(response.status);
      await expectNothingOfTheOther(response, `${url} as ${who}`);
    }
  }
}

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      seeded = await seedOtherMembersRecords(db);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("a member never sees another member's record", () => {
  it("the seeded records are the other member's, and the other member sees them (so the marks below are real)", async () => {
    const account = await get("/mem-account", other.id);
    const html = await account.text();
    expect(html).toContain("Sara Thomas");
    expect(html).toContain(formatTicketCode(seeded.paidTicket.code));
    expect((await get(`/member-details/${other.id}`, other.id)).status).toBe(200);
  });

  it("the application sheet: another member's id is the ordinary 404", async () => {
    await askAsMemberAndVisitor(`/member-details/${other.id}`, [404]);
    // The accountant does see it (the sheet is not broken, only closed to others).
    const sheet = await get(`/member-details/${other.id}`, DEMO.accountant);
    expect(sheet.status).toBe(200);
    expect(await sheet.text()).toContain("Sara Thomas");
  });

  it("a free ticket's page: only the owner's pair of ids; mixed ids are 404; none shows the ticket", async () => {
    await askAsMemberAndVisitor(`/ticket-success/${seeded.freeTicket.id}/${other.id}`, [200]);
    await askAsMemberAndVisitor(`/ticket-success/${seeded.freeTicket.id}/${member.id}`, [404]);
    await askAsMemberAndVisitor(`/ticket-success/${DEMO.memberTicket}/${other.id}`, [404]);
  });

  it("a ticket payment's return page: the transaction must be that ticket's and that member's", async () => {
    const { paidTicket, ticketPayment } = seeded;
    await askAsMemberAndVisitor(`/ticket-payment-success/${paidTicket.id}/${ticketPayment.id}/${other.id}`, [200]);
    await askAsMemberAndVisitor(`/ticket-payment-success/${paidTicket.id}/${ticketPayment.id}/${member.id}`, [404]);
    await askAsMemberAndVisitor(`/ticket-payment-success/${DEMO.memberTicket}/${ticketPayment.id}/${other.id}`, [404]);
    await askAsMemberAndVisitor(`/ticket-payment-success/${paidTicket.id}/${DEMO.memberRenewal}/${member.id}`, [404]);
  });

  it("the membership return pages: another member's transaction settles nothing and shows nothing of theirs", async () => {
    for (const page of ["payment-success", "reg-payment-success", "upgrade-pay-success"]) {
      await askAsMemberAndVisitor(`/${page}/${DEMO.otherMemberRegistration}/${other.id}`, [200]);
      await askAsMemberAndVisitor(`/${page}/${DEMO.otherMemberRegistration}/${member.id}`, [404]);
      await askAsMemberAndVisitor(`/${page}/${DEMO.memberRenewal}/${other.id}`, [404]);
      // Unpaid: "not confirmed", and still pending.
      await askAsMemberAndVisitor(`/${page}/${seeded.pendingRenewal.id}/${other.id}`, [200]);
    }
    const pending = await withDb(server, (db) => d1Transactions(db).getById(seeded.pendingRenewal.id));
    expect(pending?.status).toBe("pending");
  });

  it("My Account, Amend Account and Book Ticket show the member's own record only (the id comes from the session)", async () => {
    for (const path of ["/mem-account", `/mem-account?id=${other.id}`, "/amend-account", `/amend-account?id=${other.id}`, "/book-ticket"]) {
      const response = await get(path, member.id);
      expect(response.status, path).toBe(200);
      const html = await expectNothingOfTheOther(response, path);
      expect(html, path).toContain("Arun Joseph");
    }
    const account = await (await get("/mem-account", member.id)).text();
    // One QR code: the member's own ticket.
    expect(account.match(/<svg role="img"/g)).toHaveLength(1);
    expect(account).toContain('aria-label="QR code for ticket XMAS-7K2P, Christmas &amp; New Year Celebration');
    await expectNothingOfTheOther(await get("/mem-account.data", member.id), "/mem-account.data");
  });

  it("documents are the association's, the same for every member; visitors get none", async () => {
    const list = async (id: string) => [...(await (await get("/documents", id)).text()).matchAll(/href="(\/documents\/[^"]+)"/g)].map((m) => m[1]);
    const mine = await list(member.id);
    expect(mine).toContain(`/documents/${DEMO.document}`);
    expect(await list(other.id)).toEqual(mine);
    const file = await get(`/documents/${DEMO.document}`);
    expect(file.status).toBe(302);
    expect(file.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("the back office's CSV and Excel exports and data are refused to members, with nothing of anyone in the answer", async () => {
    const exports = Object.values(ROUTES).filter((entry) => entry.resource === "csv" || entry.resource === "xlsx");
    expect(exports.length).toBeGreaterThanOrEqual(8);
    for (const { path } of exports) {
      const response = await get(path, member.id);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/mem-account");
      await expectNothingOfTheOther(response, path);
    }
    for (const path of [
      "/accounts.data",
      "/deleted-members.data",
      "/accounts/payments.data",
      "/mem-renewals.data",
      "/mem-events-pay.data",
      "/scan-qr-code.data",
    ]) {
      await expectNothingOfTheOther(await get(path, member.id), path);
      await expectNothingOfTheOther(await get(path), `${path} as visitor`);
    }
  });

  it("the door does not show another member's ticket to a member", async () => {
    const response = await get(`/scan-qr-code?code=${seeded.paidTicket.code}`, member.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
    await expectNothingOfTheOther(response, "/scan-qr-code?code=…");
  });

  it("the cancel page of another member's payment shows nothing of theirs", async () => {
    await askAsMemberAndVisitor(`/payment-cancel/${seeded.pendingRenewal.id}`, [200]);
    await askAsMemberAndVisitor(`/payment-cancel/${DEMO.otherMemberRegistration}`, [200]);
  });
});
