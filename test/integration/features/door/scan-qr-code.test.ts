import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { DomUtils, linkTexts, parseHtml, selectedOption, textOf } from "../../../support/html";
import type { Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { d1Events } from "~/kernel/store/d1/events.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { ukToday } from "~/features/tickets";
import { DEMO_EVENT_ID, changeEvent, changeTickets } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, devEnv } from "../../../support/session";

/**
 * The door (/scan-qr-code) on a private server with known tickets: the guard, the event
 * chooser, lookup by code and by signed token, unpaid and forged tickets, tickets of
 * other events (refused by event id, docs/requirements.md §5.8), admission in two goes.
 * Concurrent SAVEs are in test/integration/whole-site/races.test.ts.
 */

const YEAR = currentYear();
const PARTY = [
  { band: "adult" as const, position: 1, name: "Door Adult One" },
  { band: "adult" as const, position: 2, name: "Door Adult Two" },
  { band: "above13" as const, position: 1, name: "Door Teen" },
  { band: "above5" as const, position: 1, name: "Door Kid" },
  { band: "below5" as const, position: 1, name: "Door Baby" },
];
const CODES = { household: "DRHHHHH2", unpaid: "DRUUUUU4", lastYear: "DRYYYYY5", otherEvent: "DREEEEE6", noEvent: "DRNNNNN7" };
const tickets: Record<keyof typeof CODES, Ticket> = {} as never;
/** The event at the door by default: the seeded one, dated today. lastYear, otherEvent and noEvent are paid tickets of others. */
const EVENT_TITLE = "Door Test Party";
const DAY = 24 * 60 * 60 * 1000;
const TODAY = ukToday(Math.floor(Date.now() / 1000));
/** A day `days` after today, as YYYY-MM-DD. */
const dayAfter = (days: number) => new Date(Date.parse(`${TODAY}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const PICNIC_DATE = dayAfter(7);
/** "4 July", with the year when it is not this event's year: as the door names another event's day. */
const spoken = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }) +
  (day.slice(0, 4) === TODAY.slice(0, 4) ? "" : ` ${day.slice(0, 4)}`);
const ids = { picnic: "", lastParty: "" };

let server: SeededServer;
const accountant = demoAccount("treasurer").id;
const member = demoAccount("member").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      await changeTickets(db, { title: EVENT_TITLE, lastBookingDate: `${YEAR}-12-20` });
      await changeEvent(db, { date: TODAY });
      // Two more events: a picnic next week, and last year's party of the same name (over).
      const events = d1Events(db);
      const demo = (await events.get(DEMO_EVENT_ID))!;
      const picnic = await events.create({ ...demo, date: PICNIC_DATE, tickets: { ...demo.tickets, title: "Summer Picnic" } });
      const lastParty = await events.create({ ...demo, date: `${YEAR - 1}-12-27`, tickets: { ...demo.tickets, lastBookingDate: `${YEAR - 1}-12-20` } });
      Object.assign(ids, { picnic: picnic.id, lastParty: lastParty.id });
      for (const key of Object.keys(CODES) as Array<keyof typeof CODES>) {
        const title = key === "otherEvent" ? "Summer Picnic" : EVENT_TITLE;
        const year = key === "lastYear" ? YEAR - 1 : YEAR;
        const eventId = key === "otherEvent" ? picnic.id : key === "lastYear" ? lastParty.id : key === "noEvent" ? null : DEMO_EVENT_ID;
        const ticket = await createTicketWithCode(
          store,
          { userId: member, eventId, title, email: "family@example.org", membership: "Family", year, price: 3750, attendees: PARTY },
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
const lookup = (code: string, event?: string) => get(`/scan-qr-code?${event ? `event=${encodeURIComponent(event)}&` : ""}code=${encodeURIComponent(code)}`);
/** Ticks everyone on the ticket and SAVEs, at the given event (none: the door's default). */
const saveAll = (code: string, event?: string) =>
  post([
    ["code", code],
    ...(event ? [["event", event] as [string, string]] : []),
    ...PARTY.map((p) => ["person", `${p.band}-${p.position}`] as [string, string]),
  ]);
const alerts = (html: string) => parseHtml(html).all('p.door-message.door-message-error[role="alert"]').map(textOf);
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
    expect(parseHtml(html).text("#door-card-title")).toBe(EVENT_TITLE);
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
    expect(parseHtml(html).text("#door-card-title")).toBe(EVENT_TITLE);
    expect(rows(html)).toHaveLength(5);

    const last = token.at(-1) === "A" ? "B" : "A";
    const altered = token.slice(0, -1) + last;
    const forged = await ticketToken({ LINK_SIGNING_SECRET: "not-the-server-secret-not-the-server-secret" }, tickets.household);
    for (const bad of [altered, forged, tickets.household.id, "DRZZZZZ9", "<script>", "x".repeat(500)]) {
      const response = await lookup(bad);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain("No ticket found for this code.");
      expect(parseHtml(page).one(".door-card")).toBeNull();
    }
  });

  it("says an unpaid ticket is not paid and shows no card", async () => {
    const html = await (await lookup(CODES.unpaid)).text();
    expect(html).toContain("This ticket is not paid.");
    expect(parseHtml(html).one(".door-card")).toBeNull();
    const save = await post([
      ["code", CODES.unpaid],
      ["person", "adult-1"],
    ]);
    expect(save.status).toBe(400);
    expect(await save.text()).toContain("This ticket is not paid.");
  });

  it("shows a paid ticket of last year's event with its day and year in red 'Do not admit', and SAVE admits nobody", async () => {
    const response = await lookup(CODES.lastYear);
    expect(response.status).toBe(200);
    const html = await response.text();
    const message = `This ticket is for ${EVENT_TITLE}, 27 December ${YEAR - 1}. Do not admit.`;
    expect(alerts(html)).toEqual([message]);
    expect(html).toMatch(new RegExp(`<dt>Year</dt><dd>${YEAR - 1}</dd>`));
    expect(rows(html)).toEqual(PARTY.map((p) => [p.name, false]));
    expect(html).toMatch(/<button type="submit" class="[^"]*door-save-button"[^>]*disabled=""[^>]*>SAVE<\/button>/);

    // SAVE sent anyway (a stale page, or by hand): refused, nobody admitted.
    const save = await saveAll(CODES.lastYear);
    expect(save.status).toBe(400);
    expect(save.headers.get("X-Admitted")).toBeNull();
    expect(alerts(await save.text())).toContain(message);
    expect(rows(await (await lookup(CODES.lastYear)).text()).every(([, admitted]) => !admitted)).toBe(true);
  });

  it("refuses a paid ticket of another event, naming that event and its day, on lookup and on SAVE", async () => {
    const message = `This ticket is for Summer Picnic, ${spoken(PICNIC_DATE)}. Do not admit.`;
    const html = await (await lookup(CODES.otherEvent)).text();
    expect(alerts(html)).toEqual([message]);
    expect(parseHtml(html).text("#door-card-title")).toBe("Summer Picnic");
    // Also when the page's event is named, and when the SAVE names it.
    expect(alerts(await (await lookup(CODES.otherEvent, DEMO_EVENT_ID)).text())).toEqual([message]);
    for (const event of [undefined, DEMO_EVENT_ID]) {
      const save = await saveAll(CODES.otherEvent, event);
      expect(save.status).toBe(400);
      expect(alerts(await save.text())).toContain(message);
    }
    expect(rows(await (await lookup(CODES.otherEvent)).text()).every(([, admitted]) => !admitted)).toBe(true);
  });

  it("refuses a ticket of no event (sold before events were records) by its own title and year, even of the same name", async () => {
    const message = `This ticket is for ${EVENT_TITLE} (${YEAR}). Do not admit.`;
    expect(alerts(await (await lookup(CODES.noEvent)).text())).toEqual([message]);
    const save = await saveAll(CODES.noEvent, DEMO_EVENT_ID);
    expect(save.status).toBe(400);
    expect(alerts(await save.text())).toContain(message);
  });

  it("shows a ticket of the chosen event without a warning", async () => {
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

describe("/scan-qr-code event chooser", () => {
  it("lists the shown events soonest first (past ones last) and chooses today's event by default", async () => {
    const html = await (await get("/scan-qr-code")).text();
    const page = parseHtml(html);
    const select = page.one('form.door-event select[name="event"]');
    expect(select?.attribs.id).toBe("door-event");
    expect(page.all("form.door-event").map((f) => f.attribs.method)).toEqual(["get"]);
    expect(page.all("#door-event option").map((o) => o.attribs.value)).toEqual([DEMO_EVENT_ID, ids.picnic, ids.lastParty]);
    expect(page.all("#door-event option").map(textOf)).toEqual([
      `${EVENT_TITLE}, ${new Date(`${TODAY}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}`,
      `Summer Picnic, ${new Date(`${PICNIC_DATE}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}`,
      `${EVENT_TITLE}, 27 December ${YEAR - 1}`,
    ]);
    expect(selectedOption(html, "event")).toBe(DEMO_EVENT_ID);
    // The select cuts a long name at 360 px: the hint names the chosen event in full.
    expect(page.text("#door-event-hint")).toBe(`Tickets are checked against ${page.all("#door-event option").map(textOf)[0]}.`);
    // The lookup carries the chosen event on.
    expect(page.one('form.door-lookup input[type="hidden"][name="event"]')?.attribs.value).toBe(DEMO_EVENT_ID);
  });

  it("falls back to the default for an unknown event, and keeps a chosen one through lookup and card", async () => {
    expect(selectedOption(await (await get("/scan-qr-code?event=no-such-event")).text(), "event")).toBe(DEMO_EVENT_ID);
    const html = await (await lookup(CODES.otherEvent, ids.picnic)).text();
    const page = parseHtml(html);
    expect(selectedOption(html, "event")).toBe(ids.picnic);
    expect(page.one('form.door-lookup input[name="event"]')?.attribs.value).toBe(ids.picnic);
    expect(page.one('form.door-people-form input[name="event"]')?.attribs.value).toBe(ids.picnic);
    // Changing the event keeps the ticket on screen, checked again.
    expect(page.one('form.door-event input[type="hidden"][name="code"]')?.attribs.value).toBe(CODES.otherEvent);
  });

  it("at the other event, admits its ticket and refuses today's", async () => {
    const html = await (await lookup(CODES.otherEvent, ids.picnic)).text();
    expect(alerts(html)).toEqual([]);
    expect(html).toMatch(/<button type="submit" class="[^"]*door-save-button"(?![^>]*disabled)[^>]*>SAVE<\/button>/);
    const save = await post([
      ["code", CODES.otherEvent],
      ["event", ids.picnic],
      ["person", "adult-1"],
    ]);
    expect(save.status).toBe(302);
    expect(save.headers.get("X-Admitted")).toBe("1");
    expect(save.headers.get("Location")).toBe(`/scan-qr-code?event=${ids.picnic}&code=${CODES.otherEvent}#door-card`);
    expect(rows(await (await lookup(CODES.otherEvent, ids.picnic)).text())[0]).toEqual([PARTY[0]!.name, true]);

    // Today's party ticket at the picnic: refused, naming today's party and its day.
    const message = `This ticket is for ${EVENT_TITLE}, ${spoken(TODAY)}. Do not admit.`;
    expect(alerts(await (await lookup(CODES.household, ids.picnic)).text())).toEqual([message]);
    const refused = await saveAll(CODES.household, ids.picnic);
    expect(refused.status).toBe(400);
    expect(alerts(await refused.text())).toContain(message);
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
    // Back to the card, the event still chosen.
    expect(first.headers.get("Location")).toBe(`/scan-qr-code?event=${DEMO_EVENT_ID}&code=${CODES.household}#door-card`);
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
