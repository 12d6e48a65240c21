import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { HOME_BUTTON_MESSAGES } from "~/features/studio/home-button-form";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";

/**
 * /studio/event (docs/requirements.md §7.3) on a private server (it changes the settings): the
 * events are records now (/studio/events, ADR 60); this page keeps the home page's booking
 * button, its text and link, which the settings still hold. Who may use it, a refused form
 * saves nothing, a save is on the home page at once (warmed first), and each change is logged.
 */

const editor = { ...demoAccount("editor"), fullName: "Vinod Nair" };
const member = demoAccount("member");
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const get = (path: string, userId: string | null) => client(server).as(userId).get(path);
const post = (path: string, fields: Array<[string, string]>, userId = editor.id) => client(server).as(userId).post(path, fields);
const savedForm = async () => formFields(await (await get("/studio/event", editor.id)).text(), "form.studio-form");
const ourActivity = async () => {
  const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
  const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
  return rows.filter((row) => row[1] === editor.fullName).map((row) => [row[2], row[3]]);
};

describe("/studio/event: who may use it", () => {
  it("sends visitors to /login with the way back, members to /mem-account", async () => {
    const visitor = await get("/studio/event", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fstudio%2Fevent");
    for (const response of [await get("/studio/event", member.id), await post("/studio/event", [["buttonText", "Not yours"]], member.id)]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/mem-account");
    }
  });

  it("lets editors and accountants in, never cached, with the button's text and link only, and a way to the events", async () => {
    for (const account of ["editor", "treasurer"] as const) {
      const response = await get("/studio/event", demoAccount(account).id);
      expect(response.status, account).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(formFields(html, "form.studio-form").map(([name]) => name)).toEqual(["buttonText", "bookingLink"]);
      expect(parseHtml(html).all('main a[href="/studio/events"]').length).toBeGreaterThan(0);
    }
  });
});

describe("/studio/event: saving", () => {
  it("refuses a link a browser would run (400) with its message, keeps what was typed, and saves nothing", async () => {
    const before = await savedForm();
    const response = await post("/studio/event", withChanges(before, { buttonText: "Never saved", bookingLink: "javascript:alert(1)" }));
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text('[role="alert"]')).toBe(HOME_BUTTON_MESSAGES.invalid);
    expect(page.text("#event-bookingLink-error")).toBe(HOME_BUTTON_MESSAGES.link);
    expect(page.one("#event-buttonText")?.attribs.value).toBe("Never saved");
    expect(await savedForm()).toEqual(before);
  });

  it("puts a saved button on the home page at once, and logs each changed setting", async () => {
    const before = new Map(await savedForm());
    await get("/", null);
    expect((await get("/", null)).headers.get("X-Page-Cache")).toBe("hit");
    const saved = await post("/studio/event", withChanges(await savedForm(), { buttonText: "Get your tickets", bookingLink: "/book-ticket" }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/studio/event");

    const home = await get("/", null);
    expect(home.headers.get("X-Page-Cache")).toBe("miss");
    const button = parseHtml(await home.text()).one(".upcoming-event a.button");
    expect(button ? textOf(button) : null).toBe("Get your tickets");
    // The button books the event it shows (its own booking page, ADR 60).
    expect(button?.attribs.href).toBe(`/book-ticket/${DEMO_EVENT_ID}`);
    expect(await ourActivity()).toContainEqual([
      `${editor.fullName} changed the setting Booking button text.`,
      `${before.get("buttonText") || "(empty)"} → Get your tickets`,
    ]);
  });

  it("sends the button elsewhere when its link is set to another address, and back to the event's page when emptied", async () => {
    const buttonHref = async () => parseHtml(await (await get("/", null)).text()).one(".upcoming-event a.button")?.attribs.href;
    expect((await post("/studio/event", withChanges(await savedForm(), { bookingLink: "https://tickets.example/xmas" }))).status).toBe(302);
    expect(await buttonHref()).toBe("https://tickets.example/xmas");
    expect((await post("/studio/event", withChanges(await savedForm(), { bookingLink: "" }))).status).toBe(302);
    expect(await buttonHref()).toBe(`/book-ticket/${DEMO_EVENT_ID}`);
  });
});
