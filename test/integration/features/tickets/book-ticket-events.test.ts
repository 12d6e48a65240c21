import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1Events } from "~/kernel/store/d1/events.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { currentYear } from "~/kernel/dates/dates";
import { DEMO_EVENT_ID, FAMILY_PARTY, client, withDb } from "../../../support/book-ticket";
import { parseHtml, textOf, within } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * Several events, each booked on its own page (docs/requirements.md §5.4, ADR 60): with more
 * than one open, /book-ticket asks which; /book-ticket/<id> books that event, and the ticket
 * carries its id; My Account shows each ticket with its own event's date and venue. The
 * seeded event is this year's Christmas one; this file adds next summer's and a draft.
 * Private server.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const family = demoAccount("member").id;
const single = demoAccount("single").id;
const YEAR = currentYear();
const ids = { summer: "", draft: "" };

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const events = d1Events(db);
      const christmas = (await events.get(DEMO_EVENT_ID))!;
      const { id: _id, title: _title, createdAt: _c, updatedAt: _u, cancelledAt: _x, ...fields } = christmas;
      const summer = { ...fields, date: `${YEAR + 1}-07-04`, startTime: "11:00", venue: "Riverside Park", capacity: 0 };
      ids.summer = (await events.create({ ...summer, tickets: { ...christmas.tickets, title: "Summer Fair", lastBookingDate: `${YEAR + 1}-07-01` } })).id;
      ids.draft = (
        await events.create({ ...summer, published: false, tickets: { ...christmas.tickets, title: "Draft Quiz", lastBookingDate: `${YEAR + 1}-07-01` } })
      ).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, as: string) => {
  const response = await get(path, as);
  return { status: response.status, page: parseHtml(await response.text()) };
};

describe("several events open for booking", () => {
  it("/book-ticket asks which event, with each one's date, venue and its own booking link; a draft is not offered", async () => {
    const { status, page: html } = await page("/book-ticket", single);
    expect(status).toBe(200);
    expect(html.text("h2")).toBe("Which event?");
    const choices = html.all(".booking-choices li").map((li) => ({
      title: within(li).text("h3"),
      href: within(li).one("a")?.attribs.href,
      text: textOf(li),
    }));
    expect(choices.map((c) => c.title)).toEqual([`Christmas & New Year Celebration ${YEAR}`, "Summer Fair"]);
    expect(choices.map((c) => c.href)).toEqual([`/book-ticket/${DEMO_EVENT_ID}`, `/book-ticket/${ids.summer}`]);
    expect(choices[1]!.text).toContain(`4 July ${YEAR + 1}, 11am`);
    expect(choices[1]!.text).toContain("Riverside Park");
    expect(html.one("form.booking-form")).toBeNull();
  });

  it("an unknown or unpublished event's booking page is not found, and a post to it books nothing", async () => {
    expect((await page(`/book-ticket/${ids.draft}`, single)).status).toBe(404);
    expect((await page("/book-ticket/nope", single)).status).toBe(404);
    const before = await withDb(server, (db) => d1Tickets(db).listByUser(single));
    expect((await post(`/book-ticket/${ids.draft}`, { numberOfAdults: "1", adultName1: "Sam Single" }, single)).status).toBe(404);
    // Without an event named, a post cannot say which of the open events it is for.
    expect((await post("/book-ticket", { numberOfAdults: "1", adultName1: "Sam Single" }, single)).status).toBe(404);
    expect(await withDb(server, (db) => d1Tickets(db).listByUser(single))).toHaveLength(before.length);
  });

  it("books next summer's event on its own page: the form posts to it, the ticket carries its id, title and year", async () => {
    const { page: form } = await page(`/book-ticket/${ids.summer}`, family);
    expect(form.one("form.booking-form")?.attribs.action).toBe(`/book-ticket/${ids.summer}`);
    expect(form.all(".booking-event dd").map(textOf)).toEqual([expect.stringContaining(`4 July ${YEAR + 1}, 11am`), "Riverside Park"]);
    // The family's Christmas ticket is for another event: no "already booked" block here.
    expect(form.one(".booking-held")).toBeNull();

    const booked = await post(`/book-ticket/${ids.summer}`, FAMILY_PARTY, family);
    expect(booked.status).toBe(303);
    const paid = await post(booked.headers.get("Location")!, { intent: "pay" });
    const back = new URL(paid.headers.get("Location")!, server.url);
    expect((await get(`${back.pathname}${back.search}`)).headers.get("X-Settlement")).toBe("settled");

    const summerTickets = (await withDb(server, (db) => d1Tickets(db).listByUser(family))).filter((t) => t.eventId === ids.summer);
    expect(summerTickets).toHaveLength(1);
    expect(summerTickets[0]).toMatchObject({ title: "Summer Fair", year: YEAR + 1, paid: true });
  });

  it("My Account shows each ticket with its own event's date and venue", async () => {
    const { page: account } = await page("/mem-account", family);
    const tickets = account.all("li.account-ticket").map((li) => ({ text: textOf(li), details: within(li).all(".ticket-event dd").map(textOf) }));
    const christmas = tickets.find((t) => t.text.includes("Christmas"));
    const summer = tickets.find((t) => t.text.includes("Summer Fair"));
    expect(christmas?.details[0]).toMatch(new RegExp(`27 December ${YEAR}`));
    expect(summer?.details).toEqual([expect.stringContaining(`4 July ${YEAR + 1}, 11am`), "Riverside Park"]);
  });
});
