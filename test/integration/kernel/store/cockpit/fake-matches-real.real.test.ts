import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCockpitBackend, type CockpitBackend } from "../../../../support/cockpit-backend";

/**
 * Where the real Cockpit v1 differs from the API's description (vendor/cockpit-v1/README.md
 * §1, §2, §3, §7, §9), the fake does what the real one does. The same assertions run on the
 * fake in the usual run and on the real Cockpit (PHP 8) in `npm run test:cockpit-real`, so
 * a fake that drifts from the real server fails there. Raw REST calls: what the site's
 * client would hide (statuses, bodies) is part of what is compared.
 */

let cockpit: CockpitBackend;
beforeAll(async () => {
  cockpit = await startCockpitBackend();
});
afterAll(async () => {
  await cockpit?.stop();
});

type Entry = Record<string, unknown> & { _id: string };
const save = async (collection: string, data: unknown) => {
  const answer = await cockpit.call(`collections/save/${collection}`, { data });
  expect(answer.status).toBe(200);
  return answer.body as Entry;
};
const stored = async (collection: string, id: string) => (await cockpit.entries(collection, { _id: id })).find((e) => e._id === id);

describe(`Cockpit v1's collections/save`, () => {
  it("coerces by the collection's field types only: text, number and boolean fields; keys outside the schema are stored as sent", async () => {
    const news = await save("news", { title: "", published: "true", excerpt: "false", extra: "", flag: "true", n: "7" });
    // title is text ("" → null), published boolean, excerpt wysiwyg (as sent); the rest are not fields of news.
    expect(news).toMatchObject({ title: null, published: true, excerpt: "false", extra: "", flag: "true", n: "7" });
    expect(await stored("news", news._id)).toMatchObject({ title: null, published: true, excerpt: "false", extra: "", flag: "true", n: "7" });

    for (const [sent, kept] of [
      ["false", false],
      ["", false],
      ["0", false],
      [0, false],
      ["yes", true],
      [1, true],
    ] as const) {
      expect((await save("news", { title: "t", published: sent })).published, `published: ${JSON.stringify(sent)}`).toBe(kept);
    }
    // number keeps numeric strings as strings and drops the rest; text casts scalars, false is null.
    expect(await save("officeBearers", { order: "5", name: 5, role: true })).toMatchObject({ order: "5", name: "5", role: "1" });
    expect(await save("officeBearers", { order: "abc", name: false })).toMatchObject({ order: null, name: null });
    expect(await save("officeBearers", { order: 5.5 })).toMatchObject({ order: 5.5 });
    // A select field is not coerced: "" stays "".
    expect(await save("userlist", { email: "a@example.org", title: "", membership: "Unknown" })).toMatchObject({ title: "", membership: "Unknown" });
  });

  it("refuses an array or object in a text field with 412 (PHP 8's strlen TypeError), saving nothing", async () => {
    const before = (await cockpit.entries("news")).length;
    for (const title of [["x"], { a: 1 }]) {
      expect(await cockpit.call("collections/save/news", { data: { title } })).toEqual({
        status: 412,
        body: { error: "strlen(): Argument #1 ($string) must be of type string, array given" },
      });
    }
    expect(await cockpit.entries("news")).toHaveLength(before);
  });

  it("fills every field a create did not get (booleans with false, the others with null), and an update with none", async () => {
    const created = await save("tickets", { title: "Fair" });
    expect(created).toMatchObject({ title: "Fair", userId: null, year: null, paymentStatus: false, status: false, adult1Status: false, below5Child3: null });
    const updated = await save("tickets", { _id: created._id, year: "2026" });
    // The answer of an update is what was sent (coerced) plus the metadata.
    expect(Object.keys(updated).sort()).toEqual(["_by", "_id", "_modified", "year"]);
    expect(updated.year).toBe("2026");
    expect(await stored("tickets", created._id)).toMatchObject({ title: "Fair", year: "2026", status: false });
    // null on an update is not coerced (isset): it is stored as null.
    await save("tickets", { _id: created._id, status: null });
    expect((await stored("tickets", created._id))?.status).toBeNull();
  });

  it("stores and answers empty objects as [] at any depth", async () => {
    const gallery = await save("gallery", { title: "g", featuredImage: {}, images: [{ path: "/a.jpg", meta: {} }], extra: { inner: {} } });
    const expected = { featuredImage: [], images: [{ path: "/a.jpg", meta: [] }], extra: { inner: [] } };
    expect(gallery).toMatchObject(expected);
    expect(await stored("gallery", gallery._id)).toMatchObject(expected);
  });

  it("lets an update set _created", async () => {
    const created = await save("tickets", { title: "Old" });
    await cockpit.setCreated("tickets", created._id, 1_700_000_000);
    expect((await stored("tickets", created._id))?._created).toBe(1_700_000_000);
  });
});

describe(`Cockpit v1's collections/remove`, () => {
  it("answers {success, count}: count false unless asked for, and 417 without a filter", async () => {
    for (const title of ["gone", "gone", "gone", "stays"]) await save("homeBanner", { Title: title });
    expect(await cockpit.call("collections/remove/homeBanner", { filter: { Title: "none" } })).toEqual({ status: 200, body: { success: true, count: false } });
    expect(await cockpit.call("collections/remove/homeBanner", { filter: { Title: "gone" }, count: true })).toEqual({
      status: 200,
      body: { success: true, count: 3 },
    });
    expect((await cockpit.entries("homeBanner")).map((e) => e.Title)).toEqual(["stays"]);
    for (const body of [{}, { filter: {} }]) {
      expect(await cockpit.call("collections/remove/homeBanner", body)).toEqual({
        status: 417,
        body: { error: "Please provide a collection name and filter" },
      });
    }
    expect(await cockpit.entries("homeBanner")).toHaveLength(1);
  });

  it("removes only by _id when the filter names one", async () => {
    const a = await save("eventCalender", { Name: "A" });
    await save("eventCalender", { Name: "B" });
    await cockpit.call("collections/remove/eventCalender", { filter: { _id: a._id, Name: "B" } });
    expect((await cockpit.entries("eventCalender")).map((e) => e.Name)).toEqual(["B"]);
  });
});

describe(`Cockpit v1's forms`, () => {
  it("keeps submissions and answers them with forms/export as [{data, _created, _modified, _id}] in the order they came", async () => {
    const first = { name: "Ann", n: 5, ok: true, empty: "", meta: {} };
    expect(await cockpit.call("forms/submit/contactus", { form: first })).toEqual({ status: 200, body: { ...first, meta: [] } });
    await cockpit.call("forms/submit/contactus", { form: { name: "Bob" } });
    const exported = await cockpit.formEntries("contactus");
    expect(exported).toEqual([
      { data: { ...first, meta: [] }, _created: expect.any(Number), _modified: expect.any(Number), _id: expect.stringMatching(/^[0-9a-f]{24}$/) },
      expect.objectContaining({ data: { name: "Bob" } }),
    ]);
  });

  it("answers 404 with an empty body for an unknown form and for an empty submission", async () => {
    expect(await cockpit.call("forms/export/nosuchform")).toEqual({ status: 404, body: undefined });
    expect(await cockpit.call("forms/submit/contactus", { form: {} })).toEqual({ status: 404, body: undefined });
  });
});
