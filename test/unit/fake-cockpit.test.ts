import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMEOUTS } from "../support/time-budget";
import { createCockpitClient, type CockpitClient } from "~/services/store/cockpit/client.server";
import { StoreUnavailableError } from "~/services/store/errors";
import { startFakeCockpit, type FakeCockpit } from "../support/fake-cockpit";

/**
 * The fake Cockpit against the facts of ../shared/cockpit-api.md, through the site's own
 * client (app/services/store/cockpit/client.server.ts) and, where the client cannot say
 * it, through raw HTTP; and the client's behaviour when Cockpit is slow, down or refusing.
 */

let fake: FakeCockpit;
let client: CockpitClient;

const things = [
  { _id: "aaaaaaaaaaaaaaaaaaaaaaa1", name: "alpha", n: 5, tags: ["red", "blue"], published: true, nested: { level: 2 } },
  { _id: "aaaaaaaaaaaaaaaaaaaaaaa2", name: "Beta", n: "5", tags: ["green"], published: 1 },
  { _id: "aaaaaaaaaaaaaaaaaaaaaaa3", name: "gamma", n: 10, published: false, note: null },
  { _id: "aaaaaaaaaaaaaaaaaaaaaaa4", name: "delta", n: "abc", published: "", nested: { level: 7 } },
  { _id: "aaaaaaaaaaaaaaaaaaaaaaa5", n: 1 },
];

beforeAll(async () => {
  fake = await startFakeCockpit({
    token: "secret-token",
    collections: { things },
    singletons: { general: { siteName: "MMA", email: null } },
    forms: ["feedback"],
  });
  client = createCockpitClient({ baseUrl: fake.url, token: fake.token, timeoutMs: TIMEOUTS.poll });
});
afterAll(async () => {
  await fake.stop();
});

/** A raw POST (JSON unless told), answering status and text. */
async function post(path: string, body: unknown, headers: Record<string, string> = { "Cockpit-Token": "secret-token" }, json = true) {
  const response = await fetch(`${fake.url}/${path}`, {
    method: "POST",
    headers: json ? { "Content-Type": "application/json", ...headers } : headers,
    body: json ? JSON.stringify(body) : (body as string),
  });
  return { status: response.status, text: await response.text() };
}

const ids = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  (await client.find("things", { filter, ...extra })).entries.map((e) => e._id.slice(-1));

describe("the fake Cockpit: tokens and status codes (§1)", () => {
  it("starts with the spec's collections, singletons and the contactus form, and an API base ending in /api", async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(Object.keys(fake.data.collections)).toEqual(
      expect.arrayContaining([
        "userlist",
        "membertransactions",
        "tickets",
        "documents",
        "officeBearers",
        "officeBearersHistory",
        "eventCalender",
        "gallery",
        "news",
        "homeBanner",
        "things",
      ]),
    );
    expect((await client.find("userlist")).entries).toEqual([]);
    expect(await client.singleton("aboutUs")).toEqual({});
    expect(fake.data.forms).toHaveProperty("contactus");
    const random = await startFakeCockpit();
    expect(random.token).toMatch(/^\S{20,}$/);
    await random.stop();
  });

  it("accepts the token as a parameter (query or body), the Cockpit-Token header or a Bearer, the parameter first", async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${fake.url}/${path}`, { headers }).then(async (r) => ({ status: r.status, text: await r.text() }));
    expect((await get("collections/get/things?token=secret-token&simple=true")).status).toBe(200);
    expect((await get("collections/get/things", { Authorization: "Bearer secret-token" })).status).toBe(200);
    expect((await post("collections/get/things", { token: "secret-token" }, {})).status).toBe(200);
    expect((await post("collections/get/things", {}, { "Cockpit-Token": "secret-token" })).status).toBe(200);
    // The parameter wins over a good header.
    expect((await get("collections/get/things?token=wrong", { "Cockpit-Token": "secret-token" })).status).toBe(401);
  });

  it("answers a missing or wrong token 401 {error: Unauthorized}", async () => {
    const attempts: Array<Record<string, string>> = [{}, { "Cockpit-Token": "wrong" }, { Authorization: "Bearer wrong" }];
    for (const headers of attempts) {
      const answer = await post("collections/get/things", {}, headers);
      expect(answer).toEqual({ status: 401, text: expect.any(String) });
      expect(JSON.parse(answer.text)).toEqual({ error: "Unauthorized" });
    }
  });

  it("answers 412 for an unknown or missing collection, 404 with an empty body for an unknown action, singleton or form", async () => {
    expect(await post("collections/get/nope", {})).toEqual({ status: 412, text: JSON.stringify({ error: "Collection not found" }) });
    expect(await post("collections/save/nope", { data: { a: 1 } })).toEqual({ status: 412, text: JSON.stringify({ error: "Collection not found" }) });
    expect(await post("collections/get", {})).toEqual({ status: 412, text: JSON.stringify({ error: "Missing collection name" }) });
    expect(await post("collections/frobnicate/things", {})).toEqual({ status: 404, text: "" });
    expect(await post("singletons/get/nope", {})).toEqual({ status: 404, text: "" });
    expect(await post("forms/submit/nope", { form: { a: 1 } })).toEqual({ status: 404, text: "" });
    expect(await post("collections/entry/things/ffffffffffffffffffffffff", {})).toEqual({ status: 404, text: JSON.stringify({ error: "Entry not found." }) });
    expect(JSON.parse((await post("collections/entry/things/aaaaaaaaaaaaaaaaaaaaaaa3", {})).text).name).toBe("gamma");
  });

  it("ignores a body that is not sent as application/json", async () => {
    const answer = await post(
      "collections/get/things",
      JSON.stringify({ filter: { name: "alpha" } }),
      { "Cockpit-Token": "secret-token", "Content-Type": "text/plain" },
      false,
    );
    expect(JSON.parse(answer.text).entries).toHaveLength(things.length);
  });

  it("answers an unknown operator 406 with Cockpit's error body", async () => {
    const answer = await post("collections/get/things", { filter: { n: { $bogus: 1 } } });
    expect(answer.status).toBe(406);
    expect(JSON.parse(answer.text)).toEqual({ error: true, message: "Oooops, something went wrong." });
  });
});

describe("the fake Cockpit: collections/get (§2)", () => {
  it("answers {fields, entries, total}, or only the entries with simple", async () => {
    const answer = JSON.parse((await post("collections/get/things", {})).text);
    expect(Object.keys(answer).sort()).toEqual(["entries", "fields", "total"]);
    expect(answer.total).toBe(5);
    // "things" has no schema: `"fields": []`, as PHP encodes an empty array; a spec collection lists its fields.
    expect(answer.fields).toEqual([]);
    expect(JSON.parse((await post("collections/get/news", {})).text).fields.title).toEqual({ name: "title", type: "text", localize: false, options: [] });
    expect(answer.entries.map((e: { name?: string }) => e.name)).toEqual(["alpha", "Beta", "gamma", "delta", undefined]);
    const simple = JSON.parse((await post("collections/get/things", { simple: true, limit: 2 })).text);
    expect(Array.isArray(simple)).toBe(true);
    expect(simple).toHaveLength(2);
  });

  it("applies limit and skip together, ignores skip without limit, and then counts the filtered total", async () => {
    const page = await client.find("things", { sort: { n: 1 }, limit: 2, skip: 1 });
    // Sorted by n: 1, 5, 10, "5", "abc" (ids 5, 1, 3, 2, 4): skip one, take two.
    expect(page.entries.map((e) => e._id.slice(-1))).toEqual(["1", "3"]);
    expect(page.total).toBe(5);
    const filtered = await client.find("things", { filter: { published: true }, limit: 1 });
    expect(filtered).toMatchObject({ total: 2 });
    expect(filtered.entries).toHaveLength(1);
    const skipOnly = JSON.parse((await post("collections/get/things", { skip: 3 })).text);
    expect(skipOnly.entries).toHaveLength(5);
    expect(skipOnly.total).toBe(5);
    // limit 0 means no limit.
    expect((await client.find("things", { limit: 0 })).entries).toHaveLength(5);
  });

  it("projects top-level fields, always keeping _id unless _id: 0", async () => {
    const kept = await client.find("things", { fields: { name: 1 }, limit: 1 });
    expect(kept.entries[0]).toEqual({ _id: "aaaaaaaaaaaaaaaaaaaaaaa1", name: "alpha" });
    const dropped = await client.find("things", { fields: { tags: 0, nested: 0, _created: 0, _modified: 0 }, limit: 1 });
    expect(dropped.entries[0]).toEqual({ _id: "aaaaaaaaaaaaaaaaaaaaaaa1", name: "alpha", n: 5, published: true });
    const noId = JSON.parse((await post("collections/get/things", { fields: { name: 1, _id: 0 }, limit: 1 })).text);
    expect(noId.entries[0]).toEqual({ name: "alpha" });
  });

  it("reads a GET query string PHP's way: brackets nest, only top-level true/false become booleans", async () => {
    const get = (query: string) =>
      fetch(`${fake.url}/collections/get/things?${query}`, { headers: { "Cockpit-Token": "secret-token" } }).then(
        (r) => r.json() as Promise<Array<{ _id: string; name: string; n: unknown }>>,
      );
    const byName = await get("filter[name]=gamma&simple=true");
    expect(byName.map((e: { name: string }) => e.name)).toEqual(["gamma"]);
    // "true" inside the filter stays a string: it loosely equals true, but (PHP 8) not 1.
    const published = await get("filter[published]=true&simple=true");
    expect(published.map((e: { _id: string }) => e._id.slice(-1))).toEqual(["1"]);
    const top = await get("filter[published]=true&simple=false");
    expect(Array.isArray(top)).toBe(false);
    const sorted = await get(`sort=${encodeURIComponent(JSON.stringify({ n: -1 }))}&limit=1&simple=true`);
    expect(sorted[0]?.n).toBe("abc");
  });
});

describe("the fake Cockpit: filters and sort (§3)", () => {
  it("compares plain {k: v} with PHP's loose ==", async () => {
    expect(await ids({ n: 5 })).toEqual(["1", "2"]);
    expect(await ids({ n: "5" })).toEqual(["1", "2"]);
    expect(await ids({ n: "5.0" })).toEqual(["1", "2"]);
    expect(await ids({ published: true })).toEqual(["1", "2"]);
    expect(await ids({ published: false })).toEqual(["3", "4"]);
    expect(await ids({ name: "ALPHA" })).toEqual([]);
    // PHP 8: a number never equals a non-numeric string.
    expect(await ids({ n: 0 })).toEqual([]);
  });

  it("compares numeric strings as numbers, but two overflowing integer strings (all-digit ids) as text", async () => {
    fake.data.collections.digits = [
      { _id: "150000000000000000000001", code: "1e3", big: "9007199254740993" },
      { _id: "150000000000000000000002", code: "1000.0", big: "9007199254740992" },
    ];
    const digits = async (filter: Record<string, unknown>) => (await client.find("digits", { filter })).entries.map((e) => e._id.slice(-1));
    expect(await digits({ _id: "150000000000000000000001" })).toEqual(["1"]);
    expect(await digits({ code: "1000" })).toEqual(["1", "2"]);
    // Integers that fit a PHP int compare exactly (beyond JavaScript's 2^53).
    expect(await digits({ big: "9007199254740993" })).toEqual(["1"]);
    delete fake.data.collections.digits;
  });

  it("matches a missing or null field with {k: null}, and nothing else", async () => {
    expect(await ids({ note: null })).toEqual(["1", "2", "3", "4", "5"]);
    expect(await ids({ name: null })).toEqual(["5"]);
    expect(await ids({ tags: null })).toEqual(["3", "4", "5"]);
  });

  it("matches a string against an array field that contains it", async () => {
    expect(await ids({ tags: "blue" })).toEqual(["1"]);
    expect(await ids({ tags: "purple" })).toEqual([]);
  });

  it("follows dot paths", async () => {
    expect(await ids({ "nested.level": 7 })).toEqual(["4"]);
    expect(await ids({ "nested.level": { $gt: 1 } })).toEqual(["1", "4"]);
  });

  it("fails every operator on a missing field except $exists (so $ne skips it, unlike MongoDB)", async () => {
    expect(await ids({ name: { $ne: "alpha" } })).toEqual(["2", "3", "4"]);
    expect(await ids({ name: { $nin: ["alpha"] } })).toEqual(["2", "3", "4"]);
    expect(await ids({ name: { $exists: false } })).toEqual(["5"]);
    expect(await ids({ name: { $exists: true } })).toEqual(["1", "2", "3", "4"]);
    expect(await ids({ note: { $exists: true } })).toEqual([]);
    // Even an unknown operator is simply no match when the field is missing.
    expect(await ids({ missing: { $bogus: 1 } })).toEqual([]);
  });

  it("supports $in / $nin (loose for a value, any overlap for an array field)", async () => {
    expect(await ids({ n: { $in: [5, 10] } })).toEqual(["1", "2", "3"]);
    expect(await ids({ n: { $in: ["10"] } })).toEqual(["3"]);
    expect(await ids({ tags: { $in: ["green", "red"] } })).toEqual(["1", "2"]);
    expect(await ids({ tags: { $nin: ["green"] } })).toEqual(["1"]);
    expect(await ids({ n: { $nin: [5] } })).toEqual(["3", "4", "5"]);
  });

  it("supports $or and $and, nested", async () => {
    expect(await ids({ $or: [{ name: "alpha" }, { n: 10 }] })).toEqual(["1", "3"]);
    expect(await ids({ $and: [{ n: { $gte: 5 } }, { $or: [{ published: true }, { name: "gamma" }] }] })).toEqual(["1", "2", "3"]);
    expect(await ids({ $or: [] })).toEqual([]);
  });

  it("compares $gt/$gte/$lt/$lte only numeric with numeric or string with string", async () => {
    expect(await ids({ n: { $gt: 4 } })).toEqual(["1", "2", "3"]);
    expect(await ids({ n: { $gte: "5", $lt: 10 } })).toEqual(["1", "2"]);
    expect(await ids({ n: { $lte: 1 } })).toEqual(["5"]);
    // Text compares byte by byte (upper case before lower case).
    expect(await ids({ name: { $lt: "b" } })).toEqual(["1", "2"]);
    expect(await ids({ published: { $gt: 0 } })).toEqual(["2"]);
  });

  it("wraps $regex as /p/iu unless it starts with /", async () => {
    expect(await ids({ name: { $regex: "^B" } })).toEqual(["2"]);
    expect(await ids({ name: { $regex: "/^b/" } })).toEqual([]);
    expect(await ids({ name: { $regex: "/^b/i" } })).toEqual(["2"]);
    expect(await ids({ name: { $regex: "(" } })).toEqual([]);
    expect(await ids({ name: { $not: "^(alpha|beta)$" } })).toEqual(["3", "4"]);
  });

  it("sorts as SQLite over document_key: missing as '', numbers before text, case-sensitive, -1 descending, ties in insertion order", async () => {
    const order = async (sort: Record<string, 1 | -1>) => (await client.find("things", { sort })).entries.map((e) => e._id.slice(-1));
    // n: 5, "5", 10, "abc", 1 → numbers 1, 5, 10 then text "5", "abc".
    expect(await order({ n: 1 })).toEqual(["5", "1", "3", "2", "4"]);
    expect(await order({ n: -1 })).toEqual(["4", "2", "3", "1", "5"]);
    // name: missing ('') first, then "Beta" before lower case.
    expect(await order({ name: 1 })).toEqual(["5", "2", "1", "4", "3"]);
    // published: 1 is a number; true is "1", and false, "" and missing are all "".
    expect(await order({ published: 1, name: -1 })).toEqual(["2", "3", "4", "5", "1"]);
  });
});

describe("the fake Cockpit: collections/save and remove (§4)", () => {
  it("creates with a 24-hex _id and _created/_modified in seconds, coercing by the schema's field types only and filling the fields not sent", async () => {
    const before = Math.floor(Date.now() / 1000);
    const saved = await client.save("news", { title: "Hello", excerpt: "", published: "true", archived: "false", count: "7", body: "" });
    expect(saved._id).toMatch(/^[0-9a-f]{24}$/);
    expect(saved._created).toBeGreaterThanOrEqual(before);
    expect(saved._created).toBeLessThan(before + 5);
    expect(saved._modified).toBe(saved._created);
    // published is a boolean field; excerpt a wysiwyg one (kept as sent); archived, count and body are outside the schema.
    expect(saved).toEqual({
      ...saved,
      title: "Hello",
      excerpt: "",
      published: true,
      archived: "false",
      count: "7",
      body: "",
      content: null,
      image: null,
      _by: null,
    });
    expect(fake.data.collections.news).toContainEqual(saved);
    expect(await client.findOne("news", { _id: saved._id })).toEqual(saved);
  });

  it("updates as a shallow merge and answers only the fields sent plus the metadata", async () => {
    const created = await client.save("news", { title: "Old", meta: { a: 1, b: 2 }, list: [1, 2], keep: "yes" });
    const answer = await client.save("news", { _id: created._id, title: "New", meta: { a: 9 }, list: [] });
    expect(answer).toEqual({ _id: created._id, title: "New", meta: { a: 9 }, list: [], _modified: expect.any(Number), _by: null });
    const stored = await client.findOne("news", { _id: created._id });
    expect(stored).toEqual({ ...created, title: "New", meta: { a: 9 }, list: [], _modified: answer._modified });
    // Keys cannot be deleted: sending null keeps the key, with null.
    await client.save("news", { _id: created._id, keep: null });
    expect(await client.findOne("news", { _id: created._id })).toHaveProperty("keep", null);
  });

  it("refuses an update of an unknown _id with 404 and an empty body, saving nothing", async () => {
    const count = fake.data.collections.news!.length;
    expect(await post("collections/save/news", { data: { _id: "ffffffffffffffffffffffff", title: "x" } })).toEqual({ status: 404, text: "" });
    expect(fake.data.collections.news).toHaveLength(count);
    await expect(client.save("news", { _id: "ffffffffffffffffffffffff", title: "x" })).rejects.toMatchObject({ name: "StoreUnavailableError", status: 404 });
    expect(await post("collections/save/news", {})).toEqual({ status: 404, text: "" });
    expect(await post("collections/save/news", { data: { _id: "", title: "x" } })).toEqual({ status: 404, text: "" });
    expect(fake.data.collections.news).toHaveLength(count);
  });

  it("saves an array of entries one by one, a one-element array as a plain object, failures as false", async () => {
    const one = JSON.parse((await post("collections/save/gallery", { data: [{ title: "one" }] })).text);
    expect(one).toMatchObject({ title: "one", _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const many = JSON.parse(
      (await post("collections/save/gallery", { data: [{ title: "two" }, { _id: "ffffffffffffffffffffffff", title: "x" }, { title: "three" }] })).text,
    );
    expect(many).toEqual([expect.objectContaining({ title: "two" }), false, expect.objectContaining({ title: "three" })]);
    expect(fake.data.collections.gallery!.map((e) => e.title)).toEqual(["one", "two", "three"]);
  });

  it("removes what a filter matches, and answers 417 without a filter", async () => {
    await client.save("homeBanner", { title: "a", kind: "x" });
    await client.save("homeBanner", { title: "b", kind: "y" });
    const live = fake.data.collections.homeBanner!;
    await client.remove("homeBanner", { kind: "x" });
    expect(live.map((e) => e.title)).toEqual(["b"]);
    const refused = await post("collections/remove/homeBanner", {});
    expect(refused.status).toBe(417);
    expect(JSON.parse(refused.text)).toHaveProperty("error");
    await expect(client.remove("homeBanner", {})).rejects.toMatchObject({ status: 417 });
    expect(live).toHaveLength(1);
  });

  it("lets tests read and change the live data", async () => {
    fake.data.collections.documents!.push({ _id: "bbbbbbbbbbbbbbbbbbbbbbbb", title: "Minutes", _created: 1 });
    expect(await client.findOne("documents", { title: "Minutes" })).toMatchObject({ _id: "bbbbbbbbbbbbbbbbbbbbbbbb" });
  });
});

describe("the fake Cockpit: singletons and forms (§5)", () => {
  it("answers a singleton's raw data, or one field of it", async () => {
    expect(await client.singleton("general")).toEqual({ siteName: "MMA", email: null });
    expect(await post("singletons/get/general/siteName", {})).toEqual({ status: 200, text: '"MMA"' });
  });

  it("echoes a submitted form without an _id and stores {data, _created, _modified, _id}", async () => {
    const answer = await post("forms/submit/contactus", { form: { name: "Ann", message: "Hi" } });
    expect(JSON.parse(answer.text)).toEqual({ name: "Ann", message: "Hi" });
    await client.submitForm("feedback", { text: "Good" });
    expect(fake.data.forms.contactus).toEqual([
      { data: { name: "Ann", message: "Hi" }, _created: expect.any(Number), _modified: expect.any(Number), _id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    ]);
    expect(fake.data.forms.feedback).toEqual([expect.objectContaining({ data: { text: "Good" } })]);
    expect(await post("forms/submit/contactus", {})).toEqual({ status: 404, text: "" });
  });
});

describe("the Cockpit client against the fake", () => {
  it("sends POST with a JSON body and the token in the Cockpit-Token header, never in the URL", async () => {
    const from = fake.requests.length;
    await client.find("things", { filter: { name: "alpha" }, limit: 1 });
    await client.save("news", { title: "t" });
    await client.singleton("general");
    await client.submitForm("contactus", { a: 1 });
    const sent = fake.requests.slice(from);
    expect(sent).toHaveLength(4);
    for (const request of sent) {
      expect(request.method).toBe("POST");
      expect(request.path).not.toContain("secret-token");
      expect(request.path).not.toContain("?");
      expect(request.headers["cockpit-token"]).toBe("secret-token");
      expect(request.headers["content-type"]).toContain("application/json");
      expect(JSON.stringify(request.body)).not.toContain("secret-token");
    }
    expect(sent[0]).toMatchObject({ path: "/api/collections/get/things", body: { filter: { name: "alpha" }, limit: 1 } });
  });

  it("turns a 401 into a StoreUnavailableError with status 401", async () => {
    const wrong = createCockpitClient({ baseUrl: fake.url, token: "wrong", timeoutMs: 1000 });
    const failure = await wrong.find("things").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect(failure).toMatchObject({ status: 401, message: expect.stringContaining("Unauthorized") });
  });

  it("turns injected failures into StoreUnavailableErrors, then recovers", async () => {
    fake.failNext(500, JSON.stringify({ error: "500", message: "system error" }), 2);
    await expect(client.find("things")).rejects.toMatchObject({ status: 500, message: expect.stringContaining("system error") });
    await expect(client.singleton("general")).rejects.toMatchObject({ status: 500 });
    expect((await client.find("things")).entries).toHaveLength(5);
    fake.failNext(200, "not json");
    await expect(client.find("things")).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it("gives up after timeoutMs with a StoreUnavailableError that says so", async () => {
    const quick = createCockpitClient({ baseUrl: fake.url, token: fake.token, timeoutMs: 150 });
    // Cockpit answers only after 3 s; the client gives up long before. The margin is wide
    // because a loaded CI machine can run the abort's timer hundreds of ms late.
    fake.setDelay(3_000);
    try {
      const started = Date.now();
      const failure = await quick.find("things").catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as Error).message).toMatch(/within 150 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      fake.setDelay(0);
    }
    expect((await quick.find("things")).entries).toHaveLength(5);
  });

  it("gives a StoreUnavailableError while Cockpit is down, and works again when it is back", async () => {
    await client.find("things"); // a kept-alive connection the outage must also cut
    fake.down(true);
    try {
      const failure = await client.find("things").catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as Error).message).toMatch(/could not be reached/);
      expect((failure as StoreUnavailableError).status).toBeUndefined();
    } finally {
      fake.down(false);
    }
    expect((await client.find("things")).entries).toHaveLength(5);
  });
});
