import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Ticket, Transaction } from "~/kernel/store/records";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { newMember } from "../../../support/fixtures";
import { attributeOf, fieldErrors, parseHtml } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { FAMILY_PARTY, client, inputValue, selectedOption, text, withDb } from "../../../support/book-ticket";

/**
 * /book-ticket against the real worker: the form (read only, on the shared server), and
 * booking and paying through the practice checkout on a private server with members of
 * its own. The fake Stripe, the closed and the free event are in book-ticket-*.test.ts.
 */

describe("the booking form (shared server, nothing booked)", () => {
  const { get, post } = client(() => inject("baseURL"));
  const family = demoAccount("member");

  it("sends a visitor to sign in, and back here afterwards", async () => {
    const response = await get("/book-ticket");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fbook-ticket");
    const posted = await post("/book-ticket", FAMILY_PARTY);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/login/);
  });

  it("shows the demo Family member's party pre-filled, the red notice with the phone number, and the total; never cached", async () => {
    const response = await get("/book-ticket", family.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const page = text(html);
    expect(page).toMatch(/Book tickets for Christmas & New Year Celebration \d{4}/);
    expect(selectedOption(html, "booking-numberOfAdults")).toBe("2");
    expect(inputValue(html, "adultName1")).toBe("Arun Joseph");
    expect(inputValue(html, "adultName2")).toBe("Meera Joseph");
    expect(selectedOption(html, "booking-numberOfChildrenAbove13")).toBe("1");
    expect(inputValue(html, "above13Child1")).toBe("Anna Joseph");
    expect(inputValue(html, "above5Child1")).toBe("Ben Joseph");
    expect(inputValue(html, "below5Child1")).toBe("Clara Joseph");
    expect(selectedOption(html, "booking-numberOfParents")).toBe("0");
    expect(inputValue(html, "parentName1")).toBeNull();
    expect(inputValue(html, "above13Child2")).toBeNull();
    // 2 adults × £12 + 1 above 13 × £8 + 1 above 5 × £5; below 5 free (seed/demo-content.ts).
    expect(page).toContain("Book Now £37.00");
    expect(page).toContain("Guests living in the city for more than 6 months are not allowed");
    expect(parseHtml(html).one('a[href="tel:+441614960000"]')).not.toBeNull();
    // Without JavaScript the counts are applied by the server.
    expect(html).toMatch(/<button type="submit" name="intent" value="update"[^>]*>Update party<\/button>/);
  });

  it("a Single member books one adult: the adults select is disabled and its value is sent by a hidden input", async () => {
    const html = await (await get("/book-ticket", demoAccount("single").id)).text();
    expect(html).toMatch(/<select[^>]*id="booking-numberOfAdults"[^>]*disabled=""/);
    expect(attributeOf(html, 'input[type="hidden"][name="numberOfAdults"]', "value")).toBe("1");
    expect(html).not.toContain("booking-numberOfChildrenAbove13");
    expect(text(html)).toContain("Book Now £12.00");
  });

  it("Update party shows the name fields for the new counts with the names typed so far, and no messages", async () => {
    const response = await post(
      "/book-ticket",
      { ...FAMILY_PARTY, numberOfParents: "2", parentName1: "Grandma Joseph", numberOfChildrenBelow5: "0", intent: "update" },
      family.id,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(selectedOption(html, "booking-numberOfParents")).toBe("2");
    expect(inputValue(html, "parentName1")).toBe("Grandma Joseph");
    expect(inputValue(html, "parentName2")).toBe("");
    expect(inputValue(html, "below5Child1")).toBeNull();
    expect(inputValue(html, "adultName2")).toBe("Meera Joseph");
    expect(parseHtml(html).all(".field-error, .form-error")).toEqual([]);
    // 4 × £12 + £8 + £5
    expect(text(html)).toContain("Book Now £61.00");
  });

  it("a missing name: 400, the message next to the field, the values kept", async () => {
    const response = await post("/book-ticket", { ...FAMILY_PARTY, adultName2: "  ", numberOfChildrenAbove5: "2", above5Child2: "" }, family.id);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(text(html)).toContain("Please check the numbers and names below.");
    expect(html).toMatch(/id="booking-adultName2"[^>]*aria-invalid="true"/);
    expect(fieldErrors(html)).toEqual(
      expect.arrayContaining([
        ["booking-adultName2-error", "Name of the second adult is required."],
        ["booking-above5Child2-error", "Name of the second child above 5 is required."],
      ]),
    );
    // Each name field says whose name, without a number running into the group's ("Child above 13 1 name").
    const page = parseHtml(html);
    expect(page.text('label[for="booking-above13Child1"]')).toBe("Name of the first child above 13");
    expect(page.text('label[for="booking-adultName2"]')).toBe("Name of the second adult");
    expect(inputValue(html, "adultName1")).toBe("Arun Joseph");
    expect(inputValue(html, "above13Child1")).toBe("Anna Joseph");
  });

  it("counts out of range are refused with a message (400), whatever was posted", async () => {
    for (const [field, value, message] of [
      ["numberOfAdults", "3", "Number of adults must be 1 or 2."],
      ["numberOfAdults", "", "Number of adults is required."],
      ["numberOfParents", "5", "Number of parents must be from 0 to 4."],
      ["numberOfChildrenBelow5", "4", "Number of children below 5 must be from 0 to 3."],
      ["numberOfChildrenAbove13", "-1", "Number of children above 13 must be from 0 to 5."],
      ["numberOfChildrenAbove5", "lots", "Number of children above 5 must be from 0 to 5."],
    ] as const) {
      const response = await post("/book-ticket", { ...FAMILY_PARTY, [field]: value }, family.id);
      expect(response.status, `${field}=${value}`).toBe(400);
      expect(text(await response.text())).toContain(message);
    }
    const single = await post("/book-ticket", { numberOfAdults: "2", adultName1: "Sara", adultName2: "Extra" }, demoAccount("single").id);
    expect(single.status).toBe(400);
    expect(text(await single.text())).toContain("Number of adults must be 1.");
  });

  it("the free-ticket page shows nothing for a ticket that is not the member's, not free, or unknown", async () => {
    // The demo Family's paid ticket (seed) cost money; and it is not the Single member's.
    const html = await (await get("/mem-account", family.id)).text();
    expect(text(html)).toContain("Book tickets for Christmas & New Year Celebration");
    for (const path of [`/ticket-success/nope/${family.id}`, `/ticket-success/x/y`]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(text(await response.text())).toContain("We could not find this ticket.");
    }
  });
});

describe("booking and paying through the practice checkout (private server)", () => {
  let server: SeededServer;
  const people = {
    payer: newMember({
      fullName: "Priya Payer",
      membership: "Family",
      spouse: { title: "Mr", name: "Paul Payer", email: "", mobile: "" },
      children: [{ name: "Kid Payer", birthYear: new Date().getFullYear() - 8 }],
      active: true,
      registrationPaid: true,
    }),
    unpaid: newMember({ fullName: "Una Unpaid", active: true, registrationPaid: false }),
    other: newMember({ fullName: "Otto Other", active: true, registrationPaid: true }),
  };
  const ids = {} as Record<keyof typeof people, string>;
  const { get, post } = client(() => server.url);
  const ticketOf = (id: string) => withDb(server, (db) => d1Tickets(db).getById(id)) as Promise<Ticket>;
  const transactionsOf = (id: string) => withDb(server, (db) => d1Transactions(db).listByUser(id)) as Promise<Transaction[]>;

  beforeAll(async () => {
    server = await startSeededServer({
      prepare: async (db) => {
        for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await d1Members(db).register(people[key])).id;
      },
    });
  });
  afterAll(() => server?.stop());

  it("a booking makes the unpaid ticket and a pending ticket transaction, and goes to checkout; paying marks the ticket paid once; My Tickets lists it", async () => {
    const party = {
      numberOfAdults: "2",
      adultName1: "Priya Payer",
      adultName2: "Paul Payer",
      numberOfChildrenAbove5: "1",
      above5Child1: "Kid Payer",
      numberOfParents: "1",
      parentName1: "Nana Payer",
    };
    const response = await post("/book-ticket", party, ids.payer);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/\/practice-checkout\/cs_practice_/);
    const sessionId = location.split("/").pop()!;

    const [transaction] = await transactionsOf(ids.payer);
    expect(transaction).toMatchObject({ status: "pending", paymentType: "ticket", unitAmount: 4100, qty: 1, checkoutSessionId: sessionId });
    expect(transaction!.title).toMatch(/^Christmas & New Year Celebration/);
    const ticket = await ticketOf(transaction!.ticketId!);
    expect(ticket).toMatchObject({ userId: ids.payer, paid: false, used: false, price: 4100, membership: "Family" });
    expect(ticket.attendees.map((a) => `${a.band}${a.position}:${a.name}`)).toEqual([
      "adult1:Priya Payer",
      "adult2:Paul Payer",
      "parent1:Nana Payer",
      "above51:Kid Payer",
    ]);

    // Before paying, the success page changes nothing; with another ticket's id in the URL, nothing is found.
    const successPath = `/ticket-payment-success/${ticket.id}/${transaction!.id}/${ids.payer}?session_id=${sessionId}`;
    expect((await get(successPath)).headers.get("X-Settlement")).toBe("not-paid");
    const wrongTicket = await get(`/ticket-payment-success/other-ticket/${transaction!.id}/${ids.payer}?session_id=${sessionId}`);
    expect(wrongTicket.status).toBe(404);

    const paid = await post(location, { intent: "pay" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("Location")!, server.url);
    expect(back.pathname).toBe(`/ticket-payment-success/${ticket.id}/${transaction!.id}/${ids.payer}`);
    const page = await get(`${back.pathname}${back.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Settlement")).toBe("settled");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const body = text(await page.text());
    expect(body).toContain("Payment Success");
    expect(body).toContain("You can see the ticket in My Tickets page.");
    expect((await get(`${back.pathname}${back.search}`)).headers.get("X-Settlement")).toBe("already-settled");
    expect((await ticketOf(ticket.id)).paid).toBe(true);
    expect((await transactionsOf(ids.payer))[0]!.status).toBe("success");

    const account = await (await get("/mem-account", ids.payer)).text();
    expect(account).toContain(`aria-label="QR code for ticket`);
    expect(text(account)).toContain("Nana Payer");
  });

  it("a member whose registration is unpaid cannot book", async () => {
    const response = await post("/book-ticket", { numberOfAdults: "1", adultName1: "Una Unpaid" }, ids.unpaid);
    expect(response.status).toBe(403);
    expect(text(await response.text())).toContain("Please pay your registration fee before booking tickets.");
    expect(await transactionsOf(ids.unpaid)).toEqual([]);
  });

  it("a paid ticket's success page cannot be read as another member's", async () => {
    const response = await post("/book-ticket", { numberOfAdults: "1", adultName1: "Otto Other" }, ids.other);
    expect(response.status).toBe(303);
    const [transaction] = await transactionsOf(ids.other);
    // The member id in the URL is not the transaction's: not found, nothing settles.
    const forged = await get(`/ticket-payment-success/${transaction!.ticketId}/${transaction!.id}/${ids.payer}`);
    expect(forged.status).toBe(404);
    expect(forged.headers.get("X-Settlement")).toBe("unknown");
    // A paid ticket that cost money never shows on the free-ticket page.
    expect((await get(`/ticket-success/${transaction!.ticketId}/${ids.other}`)).status).toBe(404);
  });
});
