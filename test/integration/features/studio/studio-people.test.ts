import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { openServerPlatform } from "../../../support/server-d1";
import { ID_SPACE, seedId } from "../../../../seed/ids";
import { selectAll } from "css-select";
import type { Element } from "domhandler";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { HTML_PAGE, PDF, PHP_SCRIPT, SVG_WITH_SCRIPT, docx, plainJpeg } from "../../../support/upload-fixtures";

/**
 * The studio's event calendar, office bearers and documents (docs/requirements.md §7.7,
 * §7.9, §7.10) on a private server: the guards, each save read back from the store (the
 * studio's lists, /documents) and seen at once on the public /event and /office-bearers
 * (contentChanged), bad input answered 400 with its messages and nothing saved, hostile
 * uploads refused with nothing stored, the activity log's entries, and no file left in the
 * bucket that no document names.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    // Known days for the Past mark (the demo's own entries move with today's date).
    prepare: async (db) => {
      const content = createD1Store(db).content;
      await content.createEvent({ month: "JAN", date: "2", name: "Old Lunch 2001", url: "" });
      await content.createEvent({ month: "DEC", date: "31", name: "Far Dinner 2099", url: "" });
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, userId: string | null = editor.id) => client(server).as(userId).get(path);

/** Urlencoded, or multipart when there are files. */
function post(path: string, fields: Record<string, string | Blob>, userId: string | null = editor.id, files: Record<string, File> = {}) {
  const body = Object.keys(files).length
    ? multipart([...Object.entries(fields), ...Object.entries(files)])
    : new URLSearchParams(fields as Record<string, string>);
  return client(server).as(userId).post(path, body);
}

const page = async (path: string, userId: string | null = editor.id) => {
  const response = await get(path, userId);
  expect(response.status, path).toBe(200);
  return parseHtml(await response.text());
};
const errorsOf = async (response: Response) =>
  parseHtml(await response.text())
    .all(".field-error")
    .map(textOf);
const file = (bytes: Uint8Array | string, name: string, type = "application/octet-stream") => new File([bytes as BlobPart], name, { type });

const ROUTES = [
  "/studio/calendar",
  "/studio/calendar/new",
  "/studio/office-bearers",
  "/studio/office-bearers/new",
  `/studio/office-bearers/previous/${seedId(ID_SPACE.team, 1)}`,
  "/studio/documents",
  `/studio/documents/${seedId(ID_SPACE.document, 1)}`,
];

describe("who may use these studio screens", () => {
  it("sends visitors to /login and members to /mem-account; lets editors and accountants in, never cached", async () => {
    for (const path of ROUTES) {
      const visitor = await get(path, null);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const asMember = await get(path, member.id);
      expect(asMember.status, path).toBe(302);
      expect(asMember.headers.get("Location"), path).toBe("/mem-account");
      for (const userId of [editor.id, treasurer.id]) {
        const admitted = await get(path, userId);
        expect(admitted.status, path).toBe(200);
        expect(admitted.headers.get("Cache-Control"), path).toBe("private, no-store");
      }
    }
  });

  it("refuses a member's post before reading it: nothing is changed", async () => {
    const before = await calendarNames();
    const response = await post("/studio/calendar/new", { month: "JUL", date: "1", name: "Member's party" }, member.id);
    expect(response.headers.get("Location")).toBe("/mem-account");
    expect(await calendarNames()).toEqual(before);
  });
});

/** What the store holds, as the studio's lists show it (they read the store, not the visitors' content cache). */
const calendarNames = async () => (await page("/studio/calendar")).all(".studio-item strong").map(textOf);
const teamNames = async () => (await page("/studio/office-bearers")).all("ol.studio-list li strong").map(textOf);
const previousTeams = async () => (await page("/studio/office-bearers")).all("ul.studio-list li strong").map(textOf);

describe("the event calendar", () => {
  it("adds an entry (listed last, as /event lists them), and records it", async () => {
    const response = await post("/studio/calendar/new", { month: "DEC", date: "31", name: "New Year's Eve Dinner 2099", url: "/blog" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/studio/calendar");
    expect((await calendarNames()).at(-1)).toBe("New Year's Eve Dinner 2099");
    const log = (await page("/accounts/activity", treasurer.id)).all("table.activity-table tbody tr").map(textOf);
    expect(log[0]).toContain(`added "New Year's Eve Dinner 2099" to the event calendar.`);
  });

  it("shows a new entry on /event at once, though the page was just read (contentChanged)", async () => {
    expect((await page("/event", null)).all(".event-name").map(textOf)).not.toContain("Seen At Once 2099");
    expect((await post("/studio/calendar/new", { month: "NOV", date: "30", name: "Seen At Once 2099" })).status).toBe(302);
    // (Entries added within the same second may list in either order: only that it is there.)
    expect((await page("/event", null)).all(".event-name").map(textOf)).toContain("Seen At Once 2099");
  });

  it("marks entries before today as Past on /event, with a label for screen readers", async () => {
    const items = (await page("/event", null)).all(".event-item");
    const within = (item: Element, selector: string) => selectAll<Element, Element>(selector, item.children as Element[]).map(textOf);
    const old = items.find((item) => textOf(item).includes("Old Lunch 2001"))!;
    expect(old.attribs.class).toBe("event-item event-past");
    expect(within(old, '.event-past-label [aria-hidden="true"]')).toEqual(["Past"]);
    expect(within(old, ".event-past-label .visually-hidden")).toEqual(["This event has already taken place"]);
    const far = items.find((item) => textOf(item).includes("Far Dinner 2099"))!;
    expect(far.attribs.class).toBe("event-item");
    expect(within(far, ".event-past-label")).toEqual([]);
  });

  it("answers bad input with 400 and its messages, and saves nothing", async () => {
    const before = await calendarNames();
    const response = await post("/studio/calendar/new", { month: "Spring", date: "", name: "", url: "javascript:alert(1)" });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      "Please enter the month, for example JAN or January",
      "Please enter the day of the month, for example 14",
      "Please enter the event's name",
      "Please enter a page of this site (starting with /) or a full web address (starting with https://)",
    ]);
    expect(await calendarNames()).toEqual(before);
  });

  it("edits an entry, and removes one only after the question", async () => {
    const id = seedId(ID_SPACE.event, 1);
    expect((await post(`/studio/calendar/${id}`, { month: "FEB", date: "2", name: "Renamed Lunch", url: "" })).status).toBe(302);
    expect(await calendarNames()).toContain("Renamed Lunch");
    const form = await page(`/studio/calendar/${id}`);
    expect(form.one("#calendar-month")?.attribs.value).toBe("FEB");

    const asked = await post("/studio/calendar", { intent: "remove", id });
    expect(asked.status).toBe(200);
    expect(parseHtml(await asked.text()).text(".confirm-step p")).toBe('Remove "Renamed Lunch" from the event calendar?');
    expect(await calendarNames()).toContain("Renamed Lunch");
    expect((await post("/studio/calendar", { intent: "remove", id, confirmed: "1" })).status).toBe(302);
    expect(await calendarNames()).not.toContain("Renamed Lunch");
    expect((await get(`/studio/calendar/${id}`)).status).toBe(404);
  });
});

describe("the office bearers", () => {
  it("adds a person at the end of the team; refuses a person without a name", async () => {
    const before = await teamNames();
    const refused = await post("/studio/office-bearers/new", { name: "", role: "" });
    expect(refused.status).toBe(400);
    expect(await errorsOf(refused)).toEqual(["Please enter the person's name", "Please enter their role, for example President"]);
    expect(await teamNames()).toEqual(before);
    expect((await post("/studio/office-bearers/new", { name: "Meera Pillai", role: "Youth Secretary" })).status).toBe(302);
    expect(await teamNames()).toEqual([...before, "Meera Pillai"]);
  });

  it("moves a person up", async () => {
    const before = await teamNames();
    const row = (await page("/studio/office-bearers")).all("ol.studio-list li").find((li) => textOf(li).includes("Meera Pillai"))!;
    const meera = selectAll<Element, Element>('input[name="id"]', row.children as Element[])[0]!.attribs.value!;
    expect((await post("/studio/office-bearers", { intent: "up", id: meera })).status).toBe(302);
    const after = await teamNames();
    expect(after.at(-2)).toBe("Meera Pillai");
    expect(after.at(-1)).toBe(before.at(-2));
  });

  it("takes a person's photo through the photo pipeline: shown by srcset on /office-bearers, replaced (old files gone), removed; a script named .jpg is refused", async () => {
    const bearerPhoto = async (name: string) => {
      const card = (await page("/office-bearers", null)).all(".bearer-card").find((li) => textOf(li).includes(name));
      const webp = card && selectAll<Element, Element>("picture source[type='image/webp']", card.children as Element[])[0];
      const img = card && selectAll<Element, Element>("img", card.children as Element[])[0];
      return { srcset: webp?.attribs.srcset ?? null, src: img?.attribs.src ?? null };
    };
    const jpeg = () => file(plainJpeg(), "face.jpg", "image/jpeg");
    expect((await post("/studio/office-bearers/new", { name: "Photo Person", role: "Secretary" }, editor.id, { photo: jpeg() })).status).toBe(302);
    const first = await bearerPhoto("Photo Person");
    expect(first.srcset).toMatch(/^\/media\/photos\/[^/]+\/\d+\.webp \d+w/);
    expect((await get(first.src!, null)).status).toBe(200);

    const row = (await page("/studio/office-bearers")).all("ol.studio-list li").find((li) => textOf(li).includes("Photo Person"))!;
    const edit = selectAll<Element, Element>("a", row.children as Element[]).find((a) => textOf(a) === "Edit")!.attribs.href!;
    const hostile = await post(edit, { name: "Photo Person", role: "Never saved" }, editor.id, { photo: file(PHP_SCRIPT, "x.jpg", "image/jpeg") });
    expect(hostile.status).toBeGreaterThanOrEqual(400);
    expect((await errorsOf(hostile)).length).toBe(1);
    expect((await bearerPhoto("Photo Person")).src).toBe(first.src);

    expect((await post(edit, { name: "Photo Person", role: "Secretary" }, editor.id, { photo: jpeg() })).status).toBe(302);
    const second = await bearerPhoto("Photo Person");
    expect(second.src).not.toBe(first.src);
    expect((await get(first.src!, null)).status).toBe(404);

    expect(
      (await post(edit, { name: "Photo Person", role: "Secretary", "photo-remove": "1" }, editor.id, { photo: file("", "", "application/octet-stream") }))
        .status,
    ).toBe(302);
    expect((await bearerPhoto("Photo Person")).src).toBeNull();
    expect((await get(second.src!, null)).status).toBe(404);
  });

  it("moves the team to previous teams after the question: the current list is empty and the team is the newest previous team", async () => {
    const refused = await post("/studio/office-bearers", { intent: "move-team", year: "last year" });
    expect(refused.status).toBe(400);
    expect(await errorsOf(refused)).toEqual(["Please enter the team's year, for example 2025–26"]);

    const team = await teamNames();
    const asked = await post("/studio/office-bearers", { intent: "move-team", year: "2098-99" });
    expect(asked.status).toBe(200);
    expect(parseHtml(await asked.text()).text(".confirm-step p")).toBe(
      `Move the current team (${team.length} people) to previous teams as "Office Bearers 2098–99"? The current list will then be empty.`,
    );
    expect(await teamNames()).toEqual(team);

    expect((await post("/studio/office-bearers", { intent: "move-team", year: "2098-99", confirmed: "1" })).status).toBe(302);
    expect(await teamNames()).toEqual([]);
    expect((await page("/studio/office-bearers")).text(".empty-state")).toBe("There is no current team. Add a person to start the new team.");
    expect((await previousTeams())[0]).toBe("Office Bearers 2098–99");
    const moved = (await page("/studio/office-bearers")).all("ul.studio-list li a")[0]!.attribs.href!;
    expect((await page(moved)).text("#team-content")).toContain("Youth Secretary: Meera Pillai");
  });

  it("edits a previous team (sanitized) and deletes one after the question", async () => {
    const id = seedId(ID_SPACE.team, 1);
    const saved = await post(`/studio/office-bearers/previous/${id}`, {
      title: "Office Bearers Long Ago",
      contentHtml: '<p onclick="x()">Us<script>alert(1)</script></p>',
    });
    expect(saved.status).toBe(302);
    expect(await previousTeams()).toContain("Office Bearers Long Ago");
    const stored = (await page(`/studio/office-bearers/previous/${id}`)).text("#team-content");
    expect(stored).toContain("Us");
    expect(stored).not.toContain("alert(1)");
    expect(stored).not.toContain("onclick");

    expect((await post("/studio/office-bearers", { intent: "remove-team", id })).status).toBe(200);
    expect(await previousTeams()).toContain("Office Bearers Long Ago");
    expect((await post("/studio/office-bearers", { intent: "remove-team", id, confirmed: "1" })).status).toBe(302);
    expect(await previousTeams()).not.toContain("Office Bearers Long Ago");
  });

  it("shows the team's changes on /office-bearers at once, though the page was just read (contentChanged)", async () => {
    const before = await page("/office-bearers", null);
    expect(before.all(".bearer-card h3").map(textOf)).not.toContain("Seen At Once");
    expect((await post("/studio/office-bearers/new", { name: "Seen At Once", role: "President" })).status).toBe(302);
    const after = await page("/office-bearers", null);
    expect(after.all(".bearer-card h3").map(textOf)).toEqual(["Seen At Once"]);
    expect(after.all(".previous-team summary").map(textOf)[0]).toBe("Office Bearers 2098–99");
  });
});

describe("documents", () => {
  const title = (a: Element) => textOf(a).replace(/ \(opens in a new tab\)$/, "");
  const titles = async () => (await page("/documents", member.id)).all(".document-list a").map(title);

  it("uploads a document that members then open at /documents/<id>", async () => {
    const response = await post("/studio/documents", { intent: "upload", title: "Minutes of the AGM" }, editor.id, {
      file: file(PDF, "agm.pdf", "application/pdf"),
    });
    expect(response.status).toBe(302);
    const link = (await page("/documents", member.id)).all(".document-list a").find((a) => title(a) === "Minutes of the AGM");
    expect(link).toBeDefined();
    const opened = await get(link!.attribs.href!, member.id);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("application/pdf");
    expect(await opened.text()).toBe(PDF);
    // Still for signed-in members only.
    expect((await get(link!.attribs.href!, null)).status).toBe(302);
  });

  it("refuses hostile files and files without a title, and stores nothing", async () => {
    const before = await titles();
    const cases: Array<[File, number, string]> = [
      [file(PHP_SCRIPT, "photo.jpg", "image/jpeg"), 415, "Web pages and scripts cannot be uploaded. Please choose a photo or a document."],
      [file(HTML_PAGE, "page.pdf", "application/pdf"), 415, "Web pages and scripts cannot be uploaded. Please choose a photo or a document."],
      [file(SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml"), 415, "SVG images are not accepted. Please upload a JPEG, PNG, WebP or GIF photo."],
      [file(new Uint8Array(15 * 1024 * 1024 + 1), "big.pdf", "application/pdf"), 413, "This document is larger than 15 MB. Please choose a smaller file."],
    ];
    for (const [hostile, status, message] of cases) {
      const response = await post("/studio/documents", { intent: "upload", title: `Hostile ${hostile.name}` }, editor.id, { file: hostile });
      expect(response.status, hostile.name).toBe(status);
      expect(await errorsOf(response), hostile.name).toEqual([message]);
    }
    const untitled = await post("/studio/documents", { intent: "upload", title: "" }, editor.id, { file: file(PDF, "x.pdf") });
    expect(untitled.status).toBe(400);
    expect(await errorsOf(untitled)).toEqual(["Please enter the document's title"]);
    expect(await titles()).toEqual(before);
  });

  it("renames a document, replaces its file, and removes one after the question", async () => {
    const id = seedId(ID_SPACE.document, 2);
    const replaced = await post(`/studio/documents/${id}`, { title: "Annual Report (final)" }, editor.id, { file: file(docx(), "report.docx") });
    expect(replaced.status).toBe(302);
    expect(await titles()).toContain("Annual Report (final)");
    const opened = await get(`/documents/${id}`, member.id);
    expect(opened.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");

    const photo = await post(`/studio/documents/${id}`, { title: "Annual Report (photo)" }, editor.id, { file: file(plainJpeg(), "scan.jpg") });
    expect(photo.status).toBe(302);

    const id3 = seedId(ID_SPACE.document, 3);
    expect((await post("/studio/documents", { intent: "remove", id: id3 })).status).toBe(200);
    expect(await titles()).toContain("Membership Handbook");
    expect((await post("/studio/documents", { intent: "remove", id: id3, confirmed: "1" })).status).toBe(302);
    expect(await titles()).not.toContain("Membership Handbook");
    expect((await get(`/documents/${id3}`, member.id)).status).toBe(404);
  });

  it("leaves no file in the bucket that no document names (refused, replaced and removed files are gone)", async () => {
    if (server.cockpit) {
      // On Cockpit the studio's files are Cockpit's own assets, named by the entries' file fields (ADR 47).
      const named = server.cockpit.data.collections
        .documents!.map((entry) => String(entry.document))
        .filter((path) => path.startsWith("storage/uploads/"))
        .map((path) => path.slice("storage/uploads".length))
        .sort();
      expect(server.cockpit.assets.map((asset) => asset.path).sort()).toEqual(named);
      expect(named).toHaveLength(2);
      return;
    }
    const { db, media, dispose } = await openServerPlatform(server.persistTo);
    try {
      const rows = (await db.prepare("SELECT file FROM documents").all<{ file: string }>()).results;
      const named = rows.map((row) => (JSON.parse(row.file) as { path: string }).path.replace(/^\//, "")).sort();
      const listed = await media.list({ prefix: "documents/" });
      expect(listed.objects.map((object) => object.key).sort()).toEqual(named);
      expect(named).toHaveLength(3);
    } finally {
      await dispose();
    }
  });
});
