import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { DomUtils, linkTexts, parseHtml, textOf } from "../../../support/html";
import type { Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { changeTickets } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * The door (/scan-qr-code) on a private server with known tickets: the guard, lookup by
 * code and by signed token, unpaid and forged tickets, admission in two goes. Concurrent
 * SAVEs are in test/integration/whole-site/races.test.ts.
 */

const YEAR = currentYear();
const PARTY = [
  { band: "adult" as const, position: 1, name: "Door Adult One" },
  { band: "adult" as const, position: 2, name: "Door Adult Two" },
  { band: "above13" as const, position: 1, name: "Door Teen" },
  { band: "above5" as const, position: 1, name: "Door Kid" },
  { band: "below5" as const, position: 1, name: "Door Baby" },
];
const CODES = { household: "DRHHHHH2", unpaid: "DRUUUUU4", lastYear: "DRYYYYY5", otherEvent: "DREEEEE6" };
const tickets: Record<keyof typeof CODES, Ticket> = {} as never;
/** The event at the door (the site settings); lastYear and otherEvent are paid tickets for other ones. */
const EVENT_TITLE = "Door Test Party";

let server: SeededServer;
const accountant = demoAccount("treasurer").id;
const member = demoAccount("member").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      await changeTickets(db, { title: EVENT_TITLE, lastBookingDate: `${YEAR}-12-20` });
      for (const key of Object.keys(CODES) as Array<keyof typeof CODES>) {
        const title = key === "otherEvent" ? "Summer Picnic" : EVENT_TITLE;
        const year = key === "lastYear" ? YEAR - 1 : YEAR;
        const ticket = await createTicketWithCode(
          store,
          { userId: member, eventId: null, title, email: "family@example.org", membership: "Family", year, price: 3750, attendees: PARTY },
          () => CODES[key],
        );
        if (key !== "unpaid") await store.tickets.markPaid(ticket.id);
        tickets[key] = ticket;
      }
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, userId: string | null = accountant) => client(server).as(userId).get(path);
function post(fields: Array<[string, string]>, userId: string | null = accountant) {
  return client(server).as(userId).post("/scan-qr-code", fields);
}
const lookup = (code: string) => get(`/scan-qr-code?code=${encodeURIComponent(code)}`);
/** The card's people rows as [name, admitted?]. */
function rows(html: string): Array<[string, boolean]> {
  return parseHtml(html)
    .all("label.door-person")
    .map((label) => [
      DomUtils.textContent(DomUtils.findOne((node) => node.attribs.class === "door-person-name", label.children)!),
      label.attribs.class!.split(" ").includes("door-person-admitted"),
    ]);
}

describe("/scan-qr-code guard", () => {
  it("sends a visitor to the login page and a member to My Account (GET and POST)", async () => {
    const visitor = await get("/scan-qr-code", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fscan-qr-code/);
    const memberGet = await get(`/scan-qr-code?code=${CODES.household}`, member);
    expect(memberGet.status).toBe(302);
    expect(memberGet.headers.get("Location")).toBe("/mem-account");
    const memberPost = await post(
      [
        ["code", CODES.household],
        ["person", "adult-1"],
      ],
      member,
    );
    expect(memberPost.status).toBe(302);
    expect(memberPost.headers.get("Location")).toBe("/mem-account");
    const visitorPost = await post(
      [
        ["code", CODES.household],
        ["person", "adult-1"],
      ],
      null,
    );
    expect(visitorPost.headers.get("Location")).toMatch(/^\/login/);
    // Nobody was admitted by those.
    expect(rows(await (await lookup(CODES.household)).text()).every(([, admitted]) => !admitted)).toBe(true);
  });
});

describe("/scan-qr-code lookup", () => {
  it("shows the empty page with START SCAN, Go To Home, the Ticket code field and a disabled SAVE, never cached", async () => {
    const response = await get("/scan-qr-code");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("START SCAN");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go To Home<\/a>/);
    expect(html).toMatch(/<label for="door-code">Ticket code<\/label>/);
    expect(html).toMatch(/<button type="submit" class="[^"]*door-save-button"[^>]*disabled=""[^>]*>SAVE<\/button>/);
    expect(linkTexts(html, "/scan-qr-code")).toContain("Scan tickets");
  });

  it("finds the ticket by its typed code (any case, spaces, dash) and shows the card", async () => {
    const response = await lookup("drhh hhh-2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Door Test Party");
    expect(html).toContain("FIRST SCAN");
    expect(html).toContain("£37.50");
    expect(html).toMatch(/<dt>Membership type<\/dt><dd>Family<\/dd>/);
    expect(html).toMatch(/<dt>Membership this year<\/dt><dd class="door-(paid|lapsed)">(Paid|Lapsed)<\/dd>/);
    expect(html).toContain("DRHH-HHH2");
    expect(rows(html)).toEqual(PARTY.map((p) => [p.name, false]));
    expect(parseHtml(html).all("span.door-person-type").map(textOf)).toContain("Child below 5");
  });

  it("finds the ticket by its signed token, and refuses an altered or forged one", async () => {
    const token = await ticketToken(devEnv, tickets.household);
    const html = await (await lookup(token)).text();
    expect(html).toContain("Door Test Party");
    expect(rows(html)).toHaveLength(5);

    const last = token.at(-1) === "A" ? "B" : "A";
    const altered = token.slice(0, -1) + last;
    const forged = await ticketToken({ LINK_SIGNING_SECRET: "not-the-server-secret-not-the-server-secret" }, tickets.household);
    for (const bad of [altered, forged, tickets.household.id, "DRZZZZZ9", "<script>", "x".repeat(500)]) {
      const response = await lookup(bad);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain("No ticket found for this code.");
      expect(page).not.toContain("Door Test Party");
    }
  });

  it("says an unpaid ticket is not paid and shows no card", async () => {
    const html = await (await lookup(CODES.unpaid)).text();
    expect(html).toContain("This ticket is not paid.");
    expect(html).not.toContain("Door Test Party");
    const save = await post([
      ["code", CODES.unpaid],
      ["person", "adult-1"],
    ]);
    expect(save.status).toBe(400);
    expect(await save.text()).toContain("This ticket is not paid.");
  });

  it("shows a paid ticket of last year's event with its year and a red 'Do not admit', and SAVE admits nobody", async () => {
    const response = await lookup(CODES.lastYear);
    expect(response.status).toBe(200);
    const html = await response.text();
    const message = `This ticket is for ${EVENT_TITLE} (${YEAR - 1}), not ${EVENT_TITLE} (${YEAR}). Do not admit.`;
    expect(parseHtml(html).all('p.door-message.door-message-error[role="alert"]').map(textOf)).toEqual([message]);
    expect(html).toMatch(new RegExp(`<dt>Year</dt><dd>${YEAR - 1}</dd>`));
    expect(rows(html)).toEqual(PARTY.map((p) => [p.name, false]));
    expect(html).toMatch(/<button type="submit" class="[^"]*door-save-button"[^>]*disabled=""[^>]*>SAVE<\/button>/);

    // SAVE sent anyway (a stale page, or by hand): refused, nobody admitted.
    const save = await post([["code", CODES.lastYear], ...PARTY.map((p) => ["person", `${p.band}-${p.position}`] as [string, string])]);
    expect(save.status).toBe(400);
    expect(save.headers.get("X-Admitted")).toBeNull();
    expect(await save.text()).toContain(message);
    expect(rows(await (await lookup(CODES.lastYear)).text()).every(([, admitted]) => !admitted)).toBe(true);
  });

  it("refuses a paid ticket of another event this year the same way", async () => {
    const message = `This ticket is for Summer Picnic (${YEAR}), not ${EVENT_TITLE} (${YEAR}). Do not admit.`;
    const html = await (await lookup(CODES.otherEvent)).text();
    expect(html).toContain(message);
    expect(html).toContain("Summer Picnic");
    const save = await post([
      ["code", CODES.otherEvent],
      ["person", "adult-1"],
    ]);
    expect(save.status).toBe(400);
    expect(await save.text()).toContain(message);
    expect(rows(await (await lookup(CODES.otherEvent)).text()).every(([, admitted]) => !admitted)).toBe(true);
  });

  it("shows this year's ticket of the event without a warning", async () => {
    const html = await (await lookup(CODES.household)).text();
    expect(html).toMatch(new RegExp(`<dt>Year</dt><dd>${YEAR}</dd>`));
    expect(html).not.toContain("Do not admit.");
  });

  it("refuses a SAVE without a ticket or without anyone selected", async () => {
    const none = await post([["person", "adult-1"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Scan a ticket or enter its code first.");
    const nobody = await post([["code", CODES.household]]);
    expect(nobody.status).toBe(400);
    expect(await nobody.text()).toContain("Select the people to admit, then press SAVE.");
  });
});

describe("/scan-qr-code admission", () => {
  it("admits two, shows USED TICKET with them green, then admits the rest from the same code", async () => {
    const first = await post([
      ["code", CODES.household],
      ["person", "adult-1"],
      ["person", "above5-1"],
    ]);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/scan-qr-code?code=${CODES.household}`);
    expect(first.headers.get("X-Admitted")).toBe("2");
    expect(first.headers.get("Set-Cookie")).toContain("__toast=");

    const after = await (await lookup(CODES.household)).text();
    expect(after).toContain("USED TICKET");
    expect(after).not.toContain("FIRST SCAN");
    expect(rows(after)).toEqual([
      ["Door Adult One", true],
      ["Door Adult Two", false],
      ["Door Teen", false],
      ["Door Kid", true],
      ["Door Baby", false],
    ]);
    expect(after).toMatch(/Admitted \d\d:\d\d, \d{1,2} [A-Z][a-z]{2}/);

    // A stale phone asks for one already in and one new: only the new one counts.
    const rest = await post([
      ["code", CODES.household],
      ["person", "adult-1"],
      ["person", "adult-2"],
      ["person", "above13-1"],
      ["person", "below5-1"],
    ]);
    expect(rest.headers.get("X-Admitted")).toBe("3");
    const done = await (await lookup(CODES.household)).text();
    expect(rows(done).every(([, admitted]) => admitted)).toBe(true);
    expect(done).toContain("Everyone on this ticket has been admitted.");
  });
});

describe("scanner assets", () => {
  it("serves the ZXing .wasm from our own assets as application/wasm", async () => {
    const html = await (await get("/scan-qr-code")).text();
    // The scanner's chunk (loaded on START SCAN) names the fingerprinted .wasm.
    const manifest = /"(\/assets\/manifest-[^"]+\.js)"/.exec(html)?.[1] ?? /src="(\/assets\/manifest-[^"]+\.js)"/.exec(html)?.[1];
    expect(manifest).toBeTruthy();
    const routeChunk = /"door\/scanner":\{[^}]*"module":"([^"]+)"/.exec(await (await fetch(server.url + manifest)).text())?.[1];
    expect(routeChunk).toBeTruthy();
    const route = await (await fetch(server.url + routeChunk)).text();
    const detectorChunk = /zxing-detector\.client-[\w-]+\.js/.exec(route)?.[0];
    expect(detectorChunk).toBeTruthy();
    const detector = await (await fetch(`${server.url}/assets/${detectorChunk}`)).text();
    const wasm = /zxing_reader-[\w-]+\.wasm/.exec(detector)?.[0];
    expect(wasm).toBeTruthy();
    const response = await fetch(`${server.url}/assets/${wasm}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/wasm");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
  });
});
