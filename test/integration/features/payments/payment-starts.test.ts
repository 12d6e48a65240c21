import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { fieldValue, formMessage } from "../../../support/html";
import { PAYMENT_LIMITED_MESSAGE, PAYMENT_START_RATE_RULES } from "~/kernel/http/rate-limits";
import type { Ticket, Transaction } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { changeTickets, text, withDb } from "../../../support/book-ticket";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * docs/requirements.md §4.6 (ADR 27): starting a member's own payment (renewal, the Family
 * upgrade, a booking) reuses the checkout still open for the same thing, and is limited per
 * member and per address like the payment link's PAY. Practice checkout, private server.
 */

const YEAR = currentYear();
const people = {
  renewer: newMember({ fullName: "Renew Repeater", active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
  junkPoster: newMember({ fullName: "Renew Junk Poster", active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
  canceller: newMember({ fullName: "Renew Canceller", active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
  upgrader: newMember({
    fullName: "Upgrade Repeater",
    title: "Mrs",
    active: true,
    registrationPaid: true,
    lastRenewedYear: YEAR,
    membership: "Single",
    postcode: "M1 1AA",
    mobile: "07700900031",
  }),
  booker: newMember({ fullName: "Book Repeater", active: true, registrationPaid: true, lastRenewedYear: YEAR, membership: "Family" }),
  ...Object.fromEntries(
    Array.from({ length: 7 }, (_, i) => [
      `venue${i}`,
      newMember({ fullName: `Venue Member ${i}`, active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
    ]),
  ),
};
type Person = keyof typeof people;
const ids = {} as Record<Person, string>;

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      await changeTickets(db, { title: "Start Limit Party", lastBookingDate: `${YEAR}-12-20`, pattern: "A+13+5-5" });
      const members = d1Members(db);
      for (const key of Object.keys(people) as Person[]) ids[key] = (await members.register(people[key])).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

let address = 0;
/** Each test posts from its own client address unless it names one, so the per-address limit is tested on purpose only. */
const freshIp = () => `198.51.100.${++address}`;

const post = (path: string, fields: Record<string, string>, userId: string, ip: string) => client(server, { ip }).as(userId).post(path, fields);

const pending = (userId: string): Promise<Transaction[]> => withDb(server, (db) => d1Transactions(db).listByUser(userId, "pending"));
const ticketsOf = (userId: string): Promise<Ticket[]> => withDb(server, (db) => d1Tickets(db).listByUser(userId));
const practiceSessions = (): Promise<number> =>
  withDb(server, async (db) => Number((await db.prepare("SELECT COUNT(*) AS n FROM practice_checkout_sessions").first<{ n: number }>())!.n));

function pressPractice(location: string, intent: "pay" | "cancel") {
  return fetch(new URL(location, server.url), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
  });
}

const LIMIT = PAYMENT_START_RATE_RULES.member.limit;

describe("starting a payment again", () => {
  it("a Renew Now post that carries more than its button (a named button's value) starts the renewal as the button does", async () => {
    const press = await post("/mem-account", { intent: "renew" }, ids.junkPoster, freshIp());
    expect(press.status).toBe(303);
    expect(press.headers.get("Location")).toMatch(/^\/practice-checkout\/cs_practice_/);
    expect(await pending(ids.junkPoster)).toHaveLength(1);
  });

  it(`25 presses of Renew Now make one pending transaction and one checkout; after ${LIMIT} the member is refused with 429`, async () => {
    const sessionsBefore = await practiceSessions();
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await post("/mem-account", {}, ids.renewer, ip));
    const locations = answers.slice(0, LIMIT).map((r) => (expect(r.status).toBe(303), r.headers.get("Location")));
    expect(new Set(locations).size).toBe(1);
    expect(locations[0]).toMatch(/^\/practice-checkout\/cs_practice_/);
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(text(await answers[LIMIT]!.text())).toContain("Too many payment attempts. Nothing was charged.");
    expect(await pending(ids.renewer)).toHaveLength(1);
    expect((await practiceSessions()) - sessionsBefore).toBe(1);
  });

  it("a cancelled checkout is not reused: the next press opens a new one", async () => {
    const ip = freshIp();
    const first = await post("/mem-account", {}, ids.canceller, ip);
    expect(first.status).toBe(303);
    const cancel = await pressPractice(first.headers.get("Location")!, "cancel");
    await fetch(new URL(cancel.headers.get("Location")!, server.url), { redirect: "manual" });
    const second = await post("/mem-account", {}, ids.canceller, ip);
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).not.toBe(first.headers.get("Location"));
    expect(await pending(ids.canceller)).toHaveLength(1);
  });

  it("the upgrade reuses its open checkout for the same family, and opens another for a different one", async () => {
    const ip = freshIp();
    const form = {
      title: "Mrs",
      fullName: "Upgrade Repeater",
      address: "1 Test Street",
      city: "Manchester",
      county: "",
      postcode: "M1 1AA",
      mobile: "07700900031",
      membership: "Family",
      spouseTitle: "Mr",
      spouseName: "Sam Repeater",
      spouseEmail: "sam@example.org",
      spouseMobile: "07700900032",
      childCount: "0",
      intent: "save",
    };
    const a = await post("/amend-account", form, ids.upgrader, ip);
    const b = await post("/amend-account", form, ids.upgrader, ip);
    expect(a.status).toBe(303);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await pending(ids.upgrader)).toHaveLength(1);
    const other = await post("/amend-account", { ...form, spouseName: "Alex Repeater" }, ids.upgrader, ip);
    expect(other.status).toBe(303);
    expect(other.headers.get("Location")).not.toBe(a.headers.get("Location"));
    const open = await pending(ids.upgrader);
    expect(open.map((t) => t.familyDetails?.spouse?.name).sort()).toEqual(["Alex Repeater", "Sam Repeater"]);

    // Over the member's limit: the form again with the message and the family as typed, nothing opened.
    let refused = other;
    for (let i = 0; i < LIMIT && refused.status !== 429; i++) refused = await post("/amend-account", { ...form, spouseName: "Kim Repeater" }, ids.upgrader, ip);
    expect(refused.status).toBe(429);
    const page = await refused.text();
    expect(formMessage(page)).toBe(PAYMENT_LIMITED_MESSAGE);
    expect(fieldValue(page, "spouseName")).toBe("Kim Repeater");
    expect(await pending(ids.upgrader)).toHaveLength(3);
  });

  it("10 presses of Book Now for the same party make one unpaid ticket and one checkout; a different party is a new ticket", async () => {
    const ip = freshIp();
    const party = {
      numberOfAdults: "2",
      adultName1: "Book Repeater",
      adultName2: "Bo Repeater",
      numberOfChildrenAbove13: "0",
      numberOfChildrenAbove5: "0",
      numberOfChildrenBelow5: "0",
    };
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await post("/book-ticket", party, ids.booker, ip));
    for (const answer of answers) expect(answer.status).toBe(303);
    expect(new Set(answers.map((r) => r.headers.get("Location"))).size).toBe(1);
    expect(await ticketsOf(ids.booker)).toHaveLength(1);
    expect(await pending(ids.booker)).toHaveLength(1);

    const other = await post("/book-ticket", { ...party, adultName2: "Someone Else" }, ids.booker, ip);
    expect(other.status).toBe(303);
    expect(other.headers.get("Location")).not.toBe(answers[0]!.headers.get("Location"));
    expect(await ticketsOf(ids.booker)).toHaveLength(2);

    // The member's own limit: the 11th start is refused, the form shown again with the message.
    const refused = await post("/book-ticket", party, ids.booker, ip);
    expect(refused.status).toBe(429);
    expect(text(await refused.text())).toContain("Too many payment attempts. Nothing was charged.");
    expect(await ticketsOf(ids.booker)).toHaveLength(2);
  });

  it(`one address is refused after ${PAYMENT_START_RATE_RULES.ip.limit} starts, whoever the members are; another address is not`, async () => {
    const ip = freshIp();
    const venue = Array.from({ length: 7 }, (_, i) => ids[`venue${i}` as Person]);
    let sent = 0;
    for (const member of venue) {
      for (let i = 0; i < LIMIT - 1 && sent < PAYMENT_START_RATE_RULES.ip.limit; i++, sent++) {
        expect((await post("/mem-account", {}, member, ip)).status).toBe(303);
      }
    }
    expect(sent).toBe(PAYMENT_START_RATE_RULES.ip.limit);
    const refused = await post("/mem-account", {}, venue[6]!, ip);
    expect(refused.status).toBe(429);
    expect((await post("/mem-account", {}, venue[6]!, freshIp())).status).toBe(303);
  });
});
