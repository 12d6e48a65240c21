import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { EVENT_ACCOUNTANT_FIELDS } from "~/features/studio/event-field-access";
import { EVENT_MESSAGES, EVENTS_LIST_MESSAGES } from "~/features/studio/event-form-fields";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import { d1Events } from "~/kernel/store/d1/events.server";
import type { EventFields, EventRecord } from "~/kernel/store/records";
import { CLOSED_BOOKING_DATE, defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { parseHtml, textOf, within } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";
import { withDb } from "../../../support/book-ticket";
import { plainJpeg } from "../../../support/upload-fixtures";

/**
 * The studio's events (docs/requirements.md §7.3, ADR 60) on a private server (it writes
 * events): the list's order and states, who may use the pages, creating and editing with the
 * role split (an editor's post never changes the tickets' fields), "Same event next year",
 * cancelling only after the confirmation (then it cannot be booked) and restoring, bad input
 * answered 400 with its messages, and each write logged and seen by visitors at once.
 */

const editor = { ...demoAccount("editor"), fullName: "Vinod Nair" };
const accountant = { ...demoAccount("treasurer"), fullName: "Deepa Menon" };
const member = demoAccount("member");

/** A day `days` from today, as the studio's forms take it (the list's order depends on today). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const fields = (title: string, date: string, change: Partial<EventFields> = {}, tickets: Partial<EventFields["tickets"]> = {}): EventFields => ({
  date,
  startTime: "18:00",
  endTime: "",
  venue: `${title} Hall`,
  descriptionHtml: `<p>${title}</p>`,
  image: null,
  capacity: 0,
  tickets: {
    ...defaultSiteSettings().tickets,
    type: "Individual",
    pattern: "A",
    title,
    lastBookingDate: date,
    singlePrice: 1200,
    singlePriceId: "price_single_test",
    ...tickets,
  },
  bookingOpensOn: "",
  published: true,
  membersOnly: true,
  ...change,
});

const ids: Record<string, string> = {};
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const events = d1Events(db);
      // The seeded event stays (its dates are the demo's); these four are the list's known ones.
      for (const [key, event] of [
        ["spring", fields("Spring Fair", day(60), {}, { lastBookingDate: day(50) })],
        ["summer", fields("Summer Picnic", day(200), { published: false })],
        ["quiz", fields("Autumn Quiz", day(-100))],
        ["oldQuiz", fields("Old Quiz", day(-400))],
      ] as const)
        ids[key] = (await events.create(event)).id;
    },
  });
});
afterAll(() => server?.stop());

type Value = string | { bytes: Uint8Array; name: string };
const as = (userId: string | null) => client(server).as(userId);
const get = (path: string, userId: string | null = editor.id) => as(userId).get(path);
const post = (path: string, body: Array<[string, Value]>, userId: string | null = editor.id) => as(userId).post(path, multipart(body));
const postRow = (body: Record<string, string>, userId: string | null = editor.id) => as(userId).post("/studio/events", body);
const stored = (id: string): Promise<EventRecord | null> => withDb(server, (db) => d1Events(db).get(id));

/** The form as the page shows it to `userId` (an editor's has no tickets' fields), without its (empty) file field. */
const shownForm = async (path: string, userId = editor.id) =>
  formFields(await (await get(path, userId)).text(), "form.studio-form").filter(([name]) => name !== "image");

const listed = async () => {
  const page = parseHtml(await (await get("/studio/events")).text());
  const section = (id: string) =>
    page.all(`ul[aria-labelledby="${id}"] > li`).map((item) => {
      const row = within(item);
      return {
        title: row.text(".studio-event-title strong"),
        status: row.text(".studio-status"),
        intents: row.all("input[name=intent]").map((i) => i.attribs.value),
      };
    });
  return { page, upcoming: section("upcoming-events"), past: section("past-events") };
};

const ourActivity = async (name: string) => {
  const log = parseHtml(await (await get("/accounts/activity", accountant.id)).text());
  const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
  return rows.filter((row) => row[1] === name).map((row) => [row[2], row[3]]);
};

describe("/studio/events: who may use it", () => {
  it("sends visitors to /login and members to /mem-account, for the list, the new event and an event, to read or to post", async () => {
    for (const path of ["/studio/events", "/studio/events/new", `/studio/events/${ids.spring}`]) {
      const visitor = await get(path, null);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      for (const response of [await get(path, member.id), await post(path, [["title", "Not yours"]], member.id)]) {
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location")).toBe("/mem-account");
      }
    }
    expect((await postRow({ intent: "cancel", id: ids.spring!, confirmed: "1" }, member.id)).status).toBe(302);
    expect((await stored(ids.spring!))?.cancelledAt).toBeNull();
  });

  it("lets editors and accountants in, never cached, and is linked from the studio", async () => {
    for (const userId of [editor.id, accountant.id]) {
      const response = await get("/studio/events", userId);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const studio = parseHtml(await (await get("/studio")).text());
    expect(studio.all('a[href="/studio/events"]').length).toBeGreaterThan(0);
    expect((await get("/studio/events/no-such-event")).status).toBe(404);
  });
});

describe("/studio/events: the list", () => {
  it("shows upcoming events soonest first, then past ones latest first, each with its state and actions", async () => {
    const { upcoming, past } = await listed();
    // The seeded event is listed too; ours are in a known order around today.
    const ours = (rows: typeof upcoming) =>
      rows.map((row) => row.title).filter((title) => ["Spring Fair", "Summer Picnic", "Autumn Quiz", "Old Quiz"].includes(title));
    expect(ours(upcoming)).toEqual(["Spring Fair", "Summer Picnic"]);
    expect(ours(past)).toEqual(["Autumn Quiz", "Old Quiz"]);
    const spring = upcoming.find((row) => row.title === "Spring Fair")!;
    expect(spring.status).toBe("Booking open");
    expect(spring.intents).toEqual(["duplicate", "cancel"]);
    expect(upcoming.find((row) => row.title === "Summer Picnic")!.status).toBe("Draft");
    expect(past.find((row) => row.title === "Autumn Quiz")!.status).toBe("Published");
  });

  it("refuses a button's post it does not understand (400) or for an event that is gone (404), with a message", async () => {
    const refused = await postRow({ intent: "explode", id: ids.spring! });
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text('[role="alert"]')).toBe(EVENTS_LIST_MESSAGES.choose);
    const gone = await postRow({ intent: "duplicate", id: "no-such-event" });
    expect(gone.status).toBe(404);
    expect(parseHtml(await gone.text()).text('[role="alert"]')).toBe(EVENTS_LIST_MESSAGES.gone);
  });
});

describe("/studio/events: creating and editing", () => {
  it("creates an event as the accountant, prices and booking days too, with its photo; it is logged and visitors see it at once", async () => {
    const blank = await shownForm("/studio/events/new", accountant.id);
    expect(new Map(blank).get("singlePrice")).toBe("0.00");
    await get("/", null);
    expect((await get("/", null)).headers.get("X-Page-Cache")).toBe("hit");

    const response = await post(
      "/studio/events/new",
      [
        ...withChanges(blank, {
          title: "Diwali Night",
          date: day(30),
          startTime: "18:30",
          endTime: "22:00",
          venue: "Longsight Hall",
          published: "on",
          ticketType: "Individual",
          ticketPattern: "A+13",
          capacity: "120",
          bookingOpensOn: day(1),
          lastBookingDate: day(25),
          singlePrice: "8.50",
          singlePriceId: "price_diwali",
        }),
        ["image", { bytes: plainJpeg(), name: "diwali.jpg" }],
      ],
      accountant.id,
    );
    expect(response.status).toBe(302);
    const id = /^\/studio\/events\/([^/?]+)$/.exec(response.headers.get("Location") ?? "")?.[1];
    expect(id).toBeTruthy();
    const event = (await stored(id!))!;
    expect(event).toMatchObject({
      title: "Diwali Night",
      date: day(30),
      startTime: "18:30",
      endTime: "22:00",
      venue: "Longsight Hall",
      published: true,
      capacity: 120,
    });
    expect(event.bookingOpensOn).toBe(day(1));
    expect(event.tickets).toMatchObject({
      title: "Diwali Night",
      type: "Individual",
      pattern: "A+13",
      lastBookingDate: day(25),
      singlePrice: 850,
      singlePriceId: "price_diwali",
    });
    expect(event.image?.path).toMatch(/^\/media\/photos\/[^/]+\//);
    expect((await get(event.image!.path, null)).status).toBe(200);

    expect((await get("/", null)).headers.get("X-Page-Cache")).toBe("miss");
    expect(await ourActivity(accountant.fullName)).toContainEqual([`${accountant.fullName} created Event "Diwali Night" (${day(30)}): published.`, ""]);
  });

  it("lets an editor create an event but never set its tickets: it starts with booking closed and no prices", async () => {
    const blank = await shownForm("/studio/events/new");
    for (const name of EVENT_ACCOUNTANT_FIELDS)
      expect(
        blank.map(([n]) => n),
        name,
      ).not.toContain(name);
    const sent = Object.fromEntries(EVENT_ACCOUNTANT_FIELDS.map((name) => [name, name.endsWith("Id") ? "price_editors_own" : "5"]));
    const response = await post("/studio/events/new", [
      ...withChanges(blank, { title: "Editor's Coffee Morning", date: day(40), ...sent, lastBookingDate: day(39), capacity: "3", ticketType: "Christmas" }),
    ]);
    expect(response.status).toBe(302);
    const id = /\/studio\/events\/([^/?]+)$/.exec(response.headers.get("Location") ?? "")![1]!;
    const event = (await stored(id))!;
    expect(event.title).toBe("Editor's Coffee Morning");
    expect(event.capacity).toBe(0);
    expect(event.bookingOpensOn).toBe("");
    expect(event.tickets.lastBookingDate).toBe(CLOSED_BOOKING_DATE);
    expect(event.tickets.singlePrice).toBe(0);
    expect(event.tickets.singlePriceId).toBe("");
  });

  it("keeps the tickets' fields an editor posts as stored, saves the rest, and takes the accountant's", async () => {
    const path = `/studio/events/${ids.quiz}`;
    const before = (await stored(ids.quiz!))!;
    const sent = Object.fromEntries(EVENT_ACCOUNTANT_FIELDS.map((name) => [name, name.endsWith("Id") ? "price_editors_own" : "0.01"]));
    const response = await post(path, withChanges(await shownForm(path), { ...sent, venue: "The Editor's Hall", capacity: "2", lastBookingDate: day(-101) }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path);
    const after = (await stored(ids.quiz!))!;
    expect(after.venue).toBe("The Editor's Hall");
    expect(after.tickets).toEqual(before.tickets);
    expect(after.capacity).toBe(before.capacity);
    expect(after.bookingOpensOn).toBe(before.bookingOpensOn);
    expect(await ourActivity(editor.fullName)).toContainEqual([
      `${editor.fullName} changed Event "Autumn Quiz" (${day(-100)}): Venue.`,
      "Autumn Quiz Hall → The Editor's Hall",
    ]);

    const byAccountant = await post(path, withChanges(await shownForm(path, accountant.id), { singlePrice: "9.99", capacity: "40" }), accountant.id);
    expect(byAccountant.status).toBe(302);
    expect((await stored(ids.quiz!))!).toMatchObject({ capacity: 40, tickets: { singlePrice: 999 } });
  });

  it("refuses bad input with a message at each field (400), keeps what was typed, and saves nothing", async () => {
    const path = `/studio/events/${ids.summer}`;
    const before = await stored(ids.summer!);
    const response = await post(
      path,
      withChanges(await shownForm(path, accountant.id), {
        title: "",
        date: "2026-02-30",
        startTime: "25:00",
        capacity: "ten",
        singlePrice: "15p",
        bookingOpensOn: "soon",
      }),
      accountant.id,
    );
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text('[role="alert"]')).toBe(EVENT_MESSAGES.invalid);
    expect(page.text("#event-title-error")).toBe(EVENT_MESSAGES.titleRequired);
    expect(page.text("#event-date-error")).toBe(EVENT_MESSAGES.date);
    expect(page.text("#event-startTime-error")).toBe(EVENT_MESSAGES.time);
    expect(page.text("#event-capacity-error")).toBe(EVENT_MESSAGES.capacity);
    expect(page.text("#event-singlePrice-error")).toBe(POUNDS_MESSAGES.notPounds);
    expect(page.text("#event-bookingOpensOn-error")).toBe(EVENT_MESSAGES.date);
    expect(page.one("#event-capacity")?.attribs.value).toBe("ten");
    expect(await stored(ids.summer!)).toEqual(before);

    // An editor whose change does not fit the tickets (the event moved before its last booking day) is told who sets them.
    const spring = `/studio/events/${ids.spring}`;
    const moved = await post(spring, withChanges(await shownForm(spring), { date: day(10) }));
    expect(moved.status).toBe(400);
    expect(parseHtml(await moved.text()).text('[role="alert"]')).toBe(EVENT_MESSAGES.pricesByAccountant);
    expect((await stored(ids.spring!))?.date).toBe(day(60));
  });
});

describe("/studio/events: next year, cancelling and restoring", () => {
  it("makes next year's unpublished copy and opens it, with a message", async () => {
    const original = (await stored(ids.spring!))!;
    const response = await postRow({ intent: "duplicate", id: ids.spring! });
    expect(response.status).toBe(302);
    const id = /\/studio\/events\/([^/?]+)$/.exec(response.headers.get("Location") ?? "")![1]!;
    expect(id).not.toBe(ids.spring);
    const copy = (await stored(id))!;
    const nextYear = (iso: string) => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;
    expect(copy).toMatchObject({ title: original.title, venue: original.venue, published: false, cancelledAt: null, date: nextYear(original.date) });
    expect(copy.tickets.lastBookingDate).toBe(nextYear(original.tickets.lastBookingDate));
    expect(copy.tickets.singlePrice).toBe(original.tickets.singlePrice);
    const page = parseHtml(await (await get(`/studio/events/${id}`)).text());
    expect(page.text(".studio-event-status .studio-status")).toBe("Draft");
    expect((await stored(ids.spring!))?.published).toBe(true);
  });

  it("cancels only after the confirmation; then it cannot be booked; Restore puts it back", async () => {
    const bookable = async () => (await get(`/book-ticket/${ids.spring}`, member.id)).status;
    expect(await bookable()).toBe(200);

    const asked = await postRow({ intent: "cancel", id: ids.spring! });
    expect(asked.status).toBe(200);
    const question = parseHtml(await asked.text());
    const step = question.one("section.confirm-step");
    expect(step).not.toBeNull();
    expect(within(step!).text("p")).toMatch(/^Cancel "Spring Fair"\?/);
    // Yes posts the same fields again, with confirmed=1.
    expect(
      within(step!)
        .all("input[type=hidden]")
        .map((input) => [input.attribs.name, input.attribs.value]),
    ).toEqual([
      ["intent", "cancel"],
      ["id", ids.spring],
      ["confirmed", "1"],
    ]);
    expect((await stored(ids.spring!))?.cancelledAt).toBeNull();

    const confirmed = await postRow({ intent: "cancel", id: ids.spring!, confirmed: "1" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/studio/events");
    expect((await stored(ids.spring!))?.cancelledAt).not.toBeNull();
    expect(await bookable()).toBe(404);
    const row = (await listed()).upcoming.find((r) => r.title === "Spring Fair" && r.status === "Cancelled");
    expect(row?.intents).toEqual(["duplicate", "restore"]);
    expect(await ourActivity(editor.fullName)).toContainEqual([`${editor.fullName} cancelled Event "Spring Fair" (${day(60)}).`, ""]);

    const restored = await postRow({ intent: "restore", id: ids.spring! });
    expect(restored.status).toBe(302);
    expect((await stored(ids.spring!))?.cancelledAt).toBeNull();
    expect(await bookable()).toBe(200);
  });
});

describe("/studio/events on a site with no event", () => {
  let empty: SeededServer;
  beforeAll(async () => {
    empty = await startSeededServer({
      prepare: async (db) => {
        await db.prepare("UPDATE tickets SET event_id = NULL").run();
        await db.prepare("DELETE FROM event_totals").run();
        await db.prepare("DELETE FROM events").run();
        // Nor an event in the settings to adopt (ADR 60).
        const row = await db.prepare("SELECT data FROM singletons WHERE name = 'general'").first<{ data: string }>();
        const settings = JSON.parse(row!.data) as SiteSettings;
        settings.tickets.lastBookingDate = CLOSED_BOOKING_DATE;
        await db.prepare("UPDATE singletons SET data = ? WHERE name = 'general'").bind(JSON.stringify(settings)).run();
      },
    });
  });
  afterAll(() => empty?.stop());

  it("says there are no events yet, with a link to create one", async () => {
    const page = parseHtml(await (await client(empty).as(editor.id).get("/studio/events")).text());
    expect(page.text(".empty-state")).toBe(`${EVENTS_LIST_MESSAGES.empty} Create the first event.`);
    expect(page.one('.empty-state a[href="/studio/events/new"]')).not.toBeNull();
    expect(page.all("li.studio-event-item")).toHaveLength(0);
  });
});
