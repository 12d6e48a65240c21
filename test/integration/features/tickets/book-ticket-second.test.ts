import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILY_PARTY, client, text, withDb } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * docs/requirements.md §5.4, "A second ticket": a member who already holds a paid ticket
 * for the event is told so on /book-ticket, sees it listed, and books a second one only by
 * ticking "Book another ticket"; the server refuses a second booking without it. The demo
 * Family holds the seeded paid ticket XMAS-7K2P for the event on sale. Private server.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const family = demoAccount("member").id;

beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(async () => {
  await server?.stop();
});

const count = (table: "tickets" | "transactions") =>
  withDb(server, async (db) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(family).first<{ n: number }>())!.n);

/** The "already booked" block of the page, or null. */
const heldBlock = (html: string) => /<section class="booking-held"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;

describe("a second booking for the same event", () => {
  it("the booking page says the member already has a ticket, lists it, and offers an unticked 'Book another ticket'", async () => {
    const html = await (await get("/book-ticket", family)).text();
    const block = heldBlock(html);
    expect(block).not.toBeNull();
    expect(text(block!)).toContain("You already have a ticket for this event");
    expect(text(block!)).toContain("XMAS-7K2P");
    expect(text(block!)).toContain("Arun Joseph (Adult)");
    expect(block).toMatch(/<input type="checkbox" id="booking-another" name="another" value="yes"\/>/);
    expect(text(block!)).toContain("Book another ticket");
  });

  it("a member without a ticket for the event sees no such block", async () => {
    expect(heldBlock(await (await get("/book-ticket", demoAccount("single").id)).text())).toBeNull();
  });

  it("refuses a second booking without the box ticked (409, the party kept), and takes it when ticked", async () => {
    const [tickets, transactions] = [await count("tickets"), await count("transactions")];
    const refused = await post("/book-ticket", FAMILY_PARTY, family);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(text(html)).toContain("You already have a ticket for this event (see above). To book a second one, tick 'Book another ticket' and book again.");
    expect(html).toMatch(/name="adultName1"[^>]*value="Arun Joseph"|value="Arun Joseph"[^>]*name="adultName1"/);
    expect(await count("tickets")).toBe(tickets);
    expect(await count("transactions")).toBe(transactions);

    const booked = await post("/book-ticket", { ...FAMILY_PARTY, another: "yes" }, family);
    expect(booked.status).toBe(303);
    expect(booked.headers.get("Location")).toMatch(/^\/practice-checkout\/cs_practice_/);
    expect(await count("tickets")).toBe(tickets + 1);
  });
});
