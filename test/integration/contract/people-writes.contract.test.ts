import { expect, it } from "vitest";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import { createMedia } from "~/kernel/media/media.server";
import { describeStore } from "../../support/store-adapters";

/**
 * The studio's writes of the event calendar, the office bearers (and previous teams) and the
 * members' documents through the port (docs/requirements.md §7.7, §7.9, §7.10): what is
 * written is what the public reads return, on D1, the fake Cockpit and the real Cockpit v1;
 * unknown ids change nothing.
 */
const UNKNOWN = "0123456789abcdef01234567";

describeStore("studio writes: event calendar", {}, (t) => {
  it("creates, updates and deletes an entry, as the calendar lists them", async () => {
    const created = await t.store.content.createEvent({ month: "JUL", date: "12", name: "Summer Picnic", url: "/blog" });
    expect(created).toMatchObject({ month: "JUL", date: "12", name: "Summer Picnic", url: "/blog" });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(Math.abs(created.createdAt - Date.now() / 1000)).toBeLessThan(120);
    expect(await t.store.content.listEvents()).toEqual([created]);

    const updated = await t.store.content.updateEvent(created.id, { month: "AUG", date: "2", name: "Summer Picnic (moved)", url: "" });
    expect(updated).toEqual({ ...created, month: "AUG", date: "2", name: "Summer Picnic (moved)", url: "" });
    expect(await t.store.content.listEvents()).toEqual([updated]);

    expect(await t.store.content.deleteEvent(created.id)).toBe(true);
    expect(await t.store.content.listEvents()).toEqual([]);
    expect(await t.store.content.deleteEvent(created.id)).toBe(false);
  });

  it("answers null / false for an entry that is not there, and writes nothing", async () => {
    expect(await t.store.content.updateEvent(UNKNOWN, { month: "JAN", date: "1", name: "x", url: "" })).toBeNull();
    expect(await t.store.content.deleteEvent(UNKNOWN)).toBe(false);
    expect(await t.store.content.listEvents()).toEqual([]);
  });
});

describeStore("studio writes: office bearers", {}, (t) => {
  it("adds bearers at the end of the team, changes, reorders and removes them", async () => {
    const photo = { path: "/demo/people/president.svg", alt: "Jane" };
    const jane = await t.store.content.createOfficeBearer({ name: "Jane Smith", role: "President", photo });
    const ravi = await t.store.content.createOfficeBearer({ name: "Ravi Nair", role: "Secretary", photo: null });
    const anna = await t.store.content.createOfficeBearer({ name: "Anna Joseph", role: "Treasurer", photo: null });
    expect([jane.order, ravi.order, anna.order]).toEqual([1, 2, 3]);
    expect(jane.photo?.path).toBe(photo.path);
    expect((await t.store.content.listOfficeBearers()).map((b) => b.name)).toEqual(["Jane Smith", "Ravi Nair", "Anna Joseph"]);

    const changed = await t.store.content.updateOfficeBearer(ravi.id, { name: "Ravi K. Nair", role: "General Secretary", photo: null });
    expect(changed).toMatchObject({ id: ravi.id, name: "Ravi K. Nair", role: "General Secretary", photo: null, order: 2 });
    // The photo is kept when it is given back as it was read, and removed with null.
    const same = await t.store.content.updateOfficeBearer(jane.id, { name: "Jane Smith", role: "Chair", photo: jane.photo });
    expect(same?.photo?.path).toBe(photo.path);
    expect((await t.store.content.updateOfficeBearer(jane.id, { name: "Jane Smith", role: "Chair", photo: null }))?.photo).toBeNull();

    await t.store.content.reorderOfficeBearers([anna.id, jane.id, UNKNOWN, ravi.id]);
    const reordered = await t.store.content.listOfficeBearers();
    expect(reordered.map((b) => [b.name, b.order])).toEqual([
      ["Anna Joseph", 1],
      ["Jane Smith", 2],
      ["Ravi K. Nair", 3],
    ]);

    expect(await t.store.content.deleteOfficeBearer(jane.id)).toBe(true);
    expect(await t.store.content.deleteOfficeBearer(jane.id)).toBe(false);
    expect(await t.store.content.updateOfficeBearer(UNKNOWN, { name: "x", role: "y", photo: null })).toBeNull();
    expect((await t.store.content.listOfficeBearers()).map((b) => b.name)).toEqual(["Anna Joseph", "Ravi K. Nair"]);
    // A new bearer still goes after the last one.
    expect((await t.store.content.createOfficeBearer({ name: "Tom", role: "Member", photo: null })).order).toBe(4);
  });

  it("moves the team to the previous teams (newest first) and empties the current team; edits and deletes a previous team", async () => {
    expect((await t.store.content.listOfficeBearers()).length).toBeGreaterThan(0);
    const moved = await t.store.content.moveTeamToPrevious({ title: "Office Bearers 2025–26", contentHtml: "<ul><li>Treasurer: Anna Joseph</li></ul>" });
    expect(moved).toMatchObject({ title: "Office Bearers 2025–26", contentHtml: "<ul><li>Treasurer: Anna Joseph</li></ul>" });
    expect(await t.store.content.listOfficeBearers()).toEqual([]);
    expect(await t.store.content.listPreviousTeams()).toEqual([moved]);

    const edited = await t.store.content.updatePreviousTeam(moved.id, { title: "Office Bearers 2025", contentHtml: "<p>The 2025 team</p>" });
    expect(edited).toEqual({ ...moved, title: "Office Bearers 2025", contentHtml: "<p>The 2025 team</p>" });
    expect(await t.store.content.listPreviousTeams()).toEqual([edited]);
    expect(await t.store.content.updatePreviousTeam(UNKNOWN, { title: "x", contentHtml: "" })).toBeNull();

    expect(await t.store.content.deletePreviousTeam(moved.id)).toBe(true);
    expect(await t.store.content.deletePreviousTeam(moved.id)).toBe(false);
    expect(await t.store.content.listPreviousTeams()).toEqual([]);
  });
});

describeStore("studio writes: documents", {}, (t) => {
  it("creates (newest first), renames, points at another file and removes a document", async () => {
    const first = await t.store.documents.create({ title: "Constitution", file: { path: "/documents/aaaa.pdf" } });
    expect(first).toMatchObject({ title: "Constitution", file: { path: "/documents/aaaa.pdf" } });
    expect(await t.store.documents.get(first.id)).toEqual(first);
    const second = await t.store.documents.create({ title: "Minutes", file: { path: "/documents/bbbb.docx" } });
    expect((await t.store.documents.list()).map((d) => d.id)).toContain(second.id);

    const renamed = await t.store.documents.update(first.id, { title: "Our constitution" });
    expect(renamed).toEqual({ ...first, title: "Our constitution" });
    const replaced = await t.store.documents.update(first.id, { file: { path: "/documents/cccc.pdf" } });
    expect(replaced).toEqual({ ...first, title: "Our constitution", file: { path: "/documents/cccc.pdf" } });
    expect(await t.store.documents.update(UNKNOWN, { title: "x" })).toBeNull();

    expect(await t.store.documents.remove(first.id)).toBe(true);
    expect(await t.store.documents.get(first.id)).toBeNull();
    expect(await t.store.documents.remove(first.id)).toBe(false);
    expect((await t.store.documents.list()).map((d) => d.id)).toEqual([second.id]);
  });

  it("serves an uploaded document's file from the MEDIA bucket by the path the record keeps", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.4 studio test");
    await createMedia(t.media).putAt("documents/studio-test.pdf", bytes, "application/pdf");
    const document = await t.store.documents.create({ title: "Agenda", file: { path: "/documents/studio-test.pdf" } });
    const file = await t.store.documents.file((await t.store.documents.get(document.id))!);
    expect(file?.contentType).toBe("application/pdf");
    expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(bytes);

    if (t.cockpit) {
      // With CMS_ASSETS_URL the path reads back as "<base>/documents/…": still found in the bucket, never fetched from the CMS.
      const client = createCockpitClient({ baseUrl: t.cockpit.url, token: t.cockpit.token });
      const withBase = createCockpitStore(client, t.db, { media: t.media, assetsBase: "https://cms.invalid/" });
      const read = (await withBase.documents.get(document.id))!;
      expect(read.file.path).toBe("https://cms.invalid/documents/studio-test.pdf");
      expect((await withBase.documents.file(read))?.contentType).toBe("application/pdf");
    }
  });
});
