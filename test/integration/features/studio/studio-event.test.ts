import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { EVENT_MONEY_FIELDS } from "~/features/studio/event-field-access";
import { EVENT_MESSAGES } from "~/features/studio/event-form-fields";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";
import { PHP_SCRIPT, plainJpeg } from "../../../support/upload-fixtures";

/**
 * /studio/event (docs/requirements.md §7.3) on a private server (it changes the settings): who may use it, a
 * refused form saves nothing, a save is on the home page and /book-ticket at once (both pages
 * warmed first), a capacity under 20 shows its places left, the image goes through the photo
 * pipeline and stays when no new file is chosen, and each changed setting is logged.
 * The server's event gets a ticket title no seeded ticket has, so no place is held yet.
 */

const editor = { ...demoAccount("editor"), fullName: "Vinod Nair" };
const member = demoAccount("member");
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const row = await db.prepare("SELECT data FROM singletons WHERE name = 'general'").first<{ data: string }>();
      const settings = JSON.parse(row!.data) as SiteSettings;
      settings.tickets.title = "Studio Event Test Night";
      await db.prepare("UPDATE singletons SET data = ? WHERE name = 'general'").bind(JSON.stringify(settings)).run();
    },
  });
});
afterAll(() => server?.stop());

type Value = string | { bytes: Uint8Array; name: string };

const get = (path: string, userId: string | null) => client(server).as(userId).get(path);

/** Posts as the page's form does: multipart, with a file when given. */
function post(path: string, fields: Array<[string, Value]>, userId = editor.id) {
  return client(server).as(userId).post(path, multipart(fields));
}

/** The form as the page shows it to `userId` (the editor's has no prices), without its (empty) file field. */
const savedForm = async (userId = editor.id) =>
  formFields(await (await get("/studio/event", userId)).text(), "form.studio-form").filter(([name]) => name !== "image");
const accountant = demoAccount("treasurer").id;
const homeEvent = async () => parseHtml(await (await get("/", null)).text());
const bookingPage = async () => parseHtml(await (await get("/book-ticket", member.id)).text());
const ourActivity = async () => {
  const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
  const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
  return rows.filter((row) => row[1] === editor.fullName).map((row) => [row[2], row[3]]);
};

describe("/studio/event: who may use it", () => {
  it("sends visitors and applicants to /login with the way back, members to /mem-account", async () => {
    for (const account of [null, "applicant"] as const) {
      const response = await get("/studio/event", account && demoAccount(account).id);
      expect(response.status, String(account)).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fstudio%2Fevent");
    }
    const refused = await get("/studio/event", member.id);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/mem-account");
    const posted = await post("/studio/event", [["title", "Not yours"]], member.id);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/mem-account");
  });

  it("lets editors and accountants in, never cached, with the saved event in the form; the prices (in pounds) for the accountant only", async () => {
    for (const account of ["editor", "treasurer"] as const) {
      const response = await get("/studio/event", demoAccount(account).id);
      expect(response.status, account).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      const fields = new Map(formFields(html, "form.studio-form"));
      expect(fields.get("ticketTitle")).toBe("Studio Event Test Night");
      expect(fields.get("lastBookingDate")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (account === "treasurer") {
        expect(fields.get("christmasAdultPrice")).toMatch(/^\d+\.\d{2}$/);
        expect(fields.get("christmasAdultPriceId")).toMatch(/^price_/);
      } else {
        // Not a field, not a value in the page's data, and the page says who sets them.
        for (const name of EVENT_MONEY_FIELDS) expect(fields.has(name), name).toBe(false);
        expect(html).not.toContain(String(fields.get("christmasAdultPriceId") ?? "price_"));
        expect(parseHtml(html).text(".studio-prices-note")).toBe(EVENT_MESSAGES.pricesNote);
      }
    }
  });

  it("is linked from the studio", async () => {
    const studio = parseHtml(await (await get("/studio", editor.id)).text());
    expect(studio.all('a[href="/studio/event"]').length).toBeGreaterThan(0);
  });
});

describe("/studio/event: saving", () => {
  it("refuses bad input with a message at each field (400) and saves nothing", async () => {
    const before = await savedForm(accountant);
    const response = await post(
      "/studio/event",
      withChanges(before, {
        title: "Never saved",
        date: "2026-02-30",
        startTime: "25:00",
        capacity: "ten",
        christmasAdultPrice: "15p",
        bookingLink: "javascript:alert(1)",
      }),
      accountant,
    );
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text('[role="alert"]')).toBe(EVENT_MESSAGES.invalid);
    expect(page.text("#event-date-error")).toBe(EVENT_MESSAGES.date);
    expect(page.text("#event-startTime-error")).toBe(EVENT_MESSAGES.time);
    expect(page.text("#event-capacity-error")).toBe(EVENT_MESSAGES.capacity);
    expect(page.text("#event-christmasAdultPrice-error")).toBe(POUNDS_MESSAGES.notPounds);
    expect(page.text("#event-bookingLink-error")).toBe(EVENT_MESSAGES.link);
    // What was typed stays in the form.
    expect(page.one("#event-capacity")?.attribs.value).toBe("ten");
    expect(await savedForm(accountant)).toEqual(before);
    expect((await homeEvent()).text("#upcoming-event")).not.toBe("Never saved");
  });

  it("puts a saved change on the home page and /book-ticket at once, with the places left, and logs each changed setting", async () => {
    const before = new Map(await savedForm());
    // Warm both pages (the visitors' page cache and the content cache).
    await get("/", null);
    expect((await get("/", null)).headers.get("X-Page-Cache")).toBe("hit");
    const warmBooking = await bookingPage();
    expect(warmBooking.text(".booking-places")).toBe("");

    const saved = await post(
      "/studio/event",
      withChanges(await savedForm(), { title: "Winter Social", date: "2026-12-28", startTime: "19:30", venue: "St Mary's Hall, Levenshulme", capacity: "7" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/studio/event");

    const home = await get("/", null);
    expect(home.headers.get("X-Page-Cache")).toBe("miss");
    expect(parseHtml(await home.text()).text("#upcoming-event")).toBe("Winter Social");
    const booking = await bookingPage();
    expect(booking.all(".booking-event dd").map(textOf)).toEqual(["Monday 28 December 2026, 7:30pm", "St Mary's Hall, Levenshulme"]);
    expect(booking.text(".booking-places")).toBe("7 places left");

    expect(await ourActivity()).toEqual(
      expect.arrayContaining([
        [`${editor.fullName} changed the setting Event title.`, `${before.get("title")} → Winter Social`],
        [`${editor.fullName} changed the setting Event venue.`, `${before.get("venue")} → St Mary's Hall, Levenshulme`],
        [`${editor.fullName} changed the setting Event capacity.`, `${before.get("capacity")} → 7`],
      ]),
    );
    expect(await ourActivity()).toHaveLength(5);
  });

  it("stores a new image through the photo pipeline, keeps it when no file is chosen, and refuses a file that is not a photo", async () => {
    const uploaded = await post("/studio/event", [...(await savedForm()), ["image", { bytes: plainJpeg(), name: "party.jpg" }]]);
    expect(uploaded.status).toBe(302);
    const imageOnHome = async () => (await homeEvent()).one(".upcoming-event img")?.attribs.src ?? null;
    const stored = await imageOnHome();
    expect(stored).toMatch(/^\/media\/photos\/[^/]+\//);
    expect((await get(stored!, null)).status).toBe(200);
    // Its renditions are offered by srcset (ADR 40), like every photo the studio stores.
    const webp = (await homeEvent()).one(".upcoming-event picture source[type='image/webp']");
    expect(webp?.attribs.srcset).toMatch(/^\/media\/photos\/[^/]+\/\d+\.webp \d+w/);

    // Saved again without a file: the image stays.
    expect((await post("/studio/event", withChanges(await savedForm(), { venue: "The Old School" }))).status).toBe(302);
    expect(await imageOnHome()).toBe(stored);

    // A PHP script named .jpg: refused with its message, nothing changes.
    const hostile = await post("/studio/event", [
      ...withChanges(await savedForm(), { venue: "Never saved" }),
      ["image", { bytes: new TextEncoder().encode(PHP_SCRIPT), name: "x.jpg" }],
    ]);
    expect(hostile.status).toBeGreaterThanOrEqual(400);
    expect(Object.values(UPLOAD_MESSAGES)).toContain(parseHtml(await hostile.text()).text("#event-image-error"));
    expect(new Map(await savedForm()).get("venue")).toBe("The Old School");
    expect(await imageOnHome()).toBe(stored);

    // Remove ticked: no image.
    expect((await post("/studio/event", [...(await savedForm()), ["image-remove", "1"]])).status).toBe(302);
    expect(await imageOnHome()).toBeNull();
  });
});

describe("/studio/event: the prices are the accountant's", () => {
  it("keeps every price and price id the editor posts as stored, saves the rest, and takes the accountant's", async () => {
    const stored = () => savedForm(accountant).then((fields) => new Map(fields));
    const before = await stored();
    // The editor re-posts the form with prices and price ids of their own, as an accountant's page would send them.
    const editorsPrices = Object.fromEntries(EVENT_MONEY_FIELDS.map((name) => [name, name.endsWith("Id") ? "price_editors_own" : "0.01"]));
    const response = await post("/studio/event", [...withChanges(await savedForm(), { venue: "The Editor's Hall" }), ...Object.entries(editorsPrices)]);
    expect(response.status).toBe(302);
    const after = await stored();
    for (const name of EVENT_MONEY_FIELDS) expect(after.get(name), name).toBe(before.get(name));
    expect(after.get("venue")).toBe("The Editor's Hall");

    const byAccountant = await post("/studio/event", withChanges(await savedForm(accountant), { singlePrice: "9.99" }), accountant);
    expect(byAccountant.status).toBe(302);
    expect((await stored()).get("singlePrice")).toBe("9.99");
  });

  it("tells the editor who sets the prices when the ticket type chosen lacks one (400), and saves nothing", async () => {
    const before = await savedForm(accountant);
    // Christmas prices above £0.00 with no price ids, as only an accountant could leave them.
    const setUp = await post(
      "/studio/event",
      withChanges(before, { ticketType: "Individual", christmasAdultPrice: "5.00", christmasAdultPriceId: "" }),
      accountant,
    );
    expect(setUp.status).toBe(302);
    const response = await post("/studio/event", withChanges(await savedForm(), { ticketType: "Christmas" }));
    expect(response.status).toBe(400);
    expect(parseHtml(await response.text()).text('[role="alert"]')).toBe(EVENT_MESSAGES.pricesByAccountant);
    expect(new Map(await savedForm(accountant)).get("ticketType")).toBe("Individual");
  });
});
