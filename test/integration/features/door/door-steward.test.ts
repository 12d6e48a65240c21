import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import type { Member, Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { d1Events } from "~/kernel/store/d1/events.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ukToday } from "~/features/tickets";
import { DEMO_EVENT_ID, changeEvent, changeTickets } from "../../../support/book-ticket";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { newMember } from "../../../support/fixtures";

/**
 * The door steward at the door (docs/requirements.md §5.8, ADR 65), on a private server: the
 * steward's door (scanner and code box first, the door alone in the menu), "Admit everyone"
 * for a household of 5 over two tickets (a ticket of another event untouched), and a SAVE that
 * comes back to the same card rather than the top of the page. The guards themselves are in
 * test/integration/whole-site/access-matrix.test.ts.
 */

const YEAR = currentYear();
const TODAY = ukToday(Math.floor(Date.now() / 1000));
const PICNIC_DATE = new Date(Date.parse(`${TODAY}T12:00:00Z`) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const CODES = { parents: "HHPPPPP2", children: "HHCCCCC3", picnic: "HHQQQQQ4", single: "HHSSSSS5", again: "HHAAAAA6" };
const tickets = {} as Record<keyof typeof CODES, Ticket>;
const people = {} as { household: Member; single: Member; again: Member };
let picnicId = "";

let server: SeededServer;
const steward = demoAccount("steward").id;

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      await changeTickets(db, { title: "Household Party", lastBookingDate: `${YEAR}-12-20` });
      await changeEvent(db, { date: TODAY });
      const events = d1Events(db);
      const demo = (await events.get(DEMO_EVENT_ID))!;
      picnicId = (await events.create({ ...demo, date: PICNIC_DATE, tickets: { ...demo.tickets, title: "Household Picnic" } })).id;
      people.household = await store.members.register(newMember({ active: true, membership: "Family", fullName: "Hana Household" }));
      people.single = await store.members.register(newMember({ active: true, fullName: "Sam Single" }));
      people.again = await store.members.register(newMember({ active: true, fullName: "Ada Again" }));
      const make = async (key: keyof typeof CODES, userId: string, eventId: string, attendees: Ticket["attendees"]) => {
        const ticket = await createTicketWithCode(
          store,
          { userId, eventId, title: "Household Party", email: "h@example.org", membership: "Family", year: YEAR, price: 1000, attendees },
          () => CODES[key],
        );
        await store.tickets.markPaid(ticket.id);
        tickets[key] = ticket;
      };
      const person = (band: Ticket["attendees"][number]["band"], position: number, name: string) => ({ band, position, name, admittedAt: null });
      // A household of 5 on two tickets for today's party, and one ticket of theirs for next week's picnic.
      await make("parents", people.household.id, DEMO_EVENT_ID, [person("adult", 1, "Hana Household"), person("adult", 2, "Hugo Household")]);
      await make("children", people.household.id, DEMO_EVENT_ID, [
        person("above13", 1, "Hattie Household"),
        person("above5", 1, "Henry Household"),
        person("below5", 1, "Holly Household"),
      ]);
      await make("picnic", people.household.id, picnicId, [person("adult", 1, "Hana Household")]);
      await make("single", people.single.id, DEMO_EVENT_ID, [person("adult", 1, "Sam Single"), person("adult", 2, "Sue Single")]);
      await make("again", people.again.id, DEMO_EVENT_ID, [person("adult", 1, "Ada Again"), person("adult", 2, "Abe Again")]);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie = "") => client(server).as(steward).get(path, { cookie });
const post = (fields: Array<[string, string]>) => client(server).as(steward).post("/scan-qr-code", fields);
const lookup = (code: string, event = DEMO_EVENT_ID) => get(`/scan-qr-code?event=${event}&code=${code}`);
const toastOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__toast="))!
    .split(";")[0]!;
const admittedNames = (html: string) => parseHtml(html).all("label.door-person.door-person-admitted .door-person-name").map(textOf);
const everyoneButton = (html: string) => parseHtml(html).one("form.door-household-form button[type=submit]");

describe("the door for a door steward", () => {
  it("draws the scanner and the code box before any menu, the door alone in the back-office menu, and no Dashboard crumb", async () => {
    const response = await get(`/scan-qr-code?event=${DEMO_EVENT_ID}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = parseHtml(html);
    expect(page.one(".door-scanner")).not.toBeNull();
    expect(page.one("#door-code")).not.toBeNull();
    const nav = html.indexOf('aria-label="Back office"');
    expect(nav).toBeGreaterThan(0);
    expect(html.indexOf('class="door-scanner"')).toBeLessThan(nav);
    expect(html.indexOf('id="door-code"')).toBeLessThan(nav);
    expect(html.indexOf('id="door-code"')).toBeGreaterThan(0);
    expect(page.all('nav[aria-label="Back office"] a').map((a) => [textOf(a), a.attribs.href])).toEqual([["Scan tickets", "/scan-qr-code"]]);
    expect(page.all(".page-title a").map((a) => a.attribs.href)).not.toContain("/accounts");
    // The site's own links: Door, and no Dashboard or Website.
    const hrefs = page.all("a").map((a) => a.attribs.href);
    expect(hrefs).not.toContain("/accounts");
    expect(hrefs).not.toContain("/studio");
  });

  it("is turned away from the ticket desk and the dashboard, to the door", async () => {
    for (const path of ["/accounts", "/accounts/desk", "/mem-renewals", "/studio"]) {
      const response = await get(path);
      expect([path, response.status, response.headers.get("Location")]).toEqual([path, 302, "/scan-qr-code"]);
    }
    expect((await get("/mem-account")).status).toBe(200);
  });
});

describe("Admit everyone (a household)", () => {
  it("offers one button for the household's 5 still to come over its two tickets for today's event", async () => {
    const html = await (await lookup(CODES.parents)).text();
    expect(textOf(everyoneButton(html)!)).toBe("Admit everyone (5)");
    expect(parseHtml(html).text("#door-household-hint")).toBe("Admits the 5 people still to come on this household's 2 tickets for this event.");
    // A plain form: it posts without JavaScript, and says which household by its code and event.
    const form = parseHtml(html).one("form.door-household-form")!;
    expect(form.attribs.method).toBe("post");
    const hidden = Object.fromEntries(
      parseHtml(html)
        .all("form.door-household-form input[type=hidden]")
        .map((i) => [i.attribs.name, i.attribs.value]),
    );
    expect(hidden).toEqual({ code: CODES.parents, event: DEMO_EVENT_ID, intent: "household" });
  });

  it("admits all 5 with one press, says so, and comes back to the same card", async () => {
    const response = await post([
      ["code", CODES.parents],
      ["event", DEMO_EVENT_ID],
      ["intent", "household"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("X-Admitted")).toBe("5");
    expect(response.headers.get("Location")).toBe(`/scan-qr-code?event=${DEMO_EVENT_ID}&code=${CODES.parents}#door-card`);
    const page = await (await get(response.headers.get("Location")!.split("#")[0]!, toastOf(response))).text();
    expect(textOf(parseHtml(page).document)).toContain("Everyone admitted: 5 people on 2 tickets.");
    expect(parseHtml(page).one("#door-card")).not.toBeNull();
    expect(admittedNames(page)).toEqual(["Hana Household", "Hugo Household"]);
    expect(everyoneButton(page)).toBeNull();
    expect(admittedNames(await (await lookup(CODES.children)).text())).toEqual(["Hattie Household", "Henry Household", "Holly Household"]);
    // The household's picnic ticket, and another household's ticket, are untouched.
    expect(admittedNames(await (await lookup(CODES.picnic, picnicId)).text())).toEqual([]);
    expect(admittedNames(await (await lookup(CODES.single)).text())).toEqual([]);
  });

  it("admits nobody twice: a second press says everyone was already in", async () => {
    const response = await post([
      ["code", CODES.children],
      ["event", DEMO_EVENT_ID],
      ["intent", "household"],
    ]);
    expect(response.headers.get("X-Admitted")).toBe("0");
    const page = await (await get(`/scan-qr-code?event=${DEMO_EVENT_ID}&code=${CODES.children}`, toastOf(response))).text();
    expect(textOf(parseHtml(page).document)).toContain("Nobody admitted: everyone in this household was already in.");
  });

  it("admits the rest of a household some of whom are in, and refuses a ticket of another event", async () => {
    await post([
      ["code", CODES.again],
      ["event", DEMO_EVENT_ID],
      ["person", "adult-1"],
    ]);
    expect(textOf(everyoneButton(await (await lookup(CODES.again)).text())!)).toBe("Admit everyone (1)");
    const rest = await post([
      ["code", CODES.again],
      ["event", DEMO_EVENT_ID],
      ["intent", "household"],
    ]);
    expect(rest.headers.get("X-Admitted")).toBe("1");

    // The picnic ticket at today's party: no button, and a forged press is refused.
    expect(everyoneButton(await (await lookup(CODES.picnic)).text())).toBeNull();
    const refused = await post([
      ["code", CODES.picnic],
      ["event", DEMO_EVENT_ID],
      ["intent", "household"],
    ]);
    expect(refused.status).toBe(400);
    expect(admittedNames(await (await lookup(CODES.picnic, picnicId)).text())).toEqual([]);
  });
});

describe("SAVE keeps the steward's place", () => {
  it("comes back to the same event and ticket, at its card", async () => {
    const response = await post([
      ["code", CODES.single],
      ["event", DEMO_EVENT_ID],
      ["person", "adult-2"],
    ]);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toBe(`/scan-qr-code?event=${DEMO_EVENT_ID}&code=${CODES.single}#door-card`);
    const page = parseHtml(await (await get(location.split("#")[0]!)).text());
    expect(page.one("#door-card")).not.toBeNull();
    expect(page.one("#door-code")!.attribs.value).toBe(CODES.single);
    expect(page.all("label.door-person.door-person-admitted .door-person-name").map(textOf)).toEqual(["Sue Single"]);
  });
});
