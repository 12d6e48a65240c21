import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TIMEOUTS } from "../../support/time-budget";
import { seedDatabase } from "../../../seed/seed";
import { buildCockpitDemo } from "../../../seed/cockpit-demo";
import { buildDemo } from "../../../seed/demo";
import { createCockpitClient, type CockpitClient } from "~/services/store/cockpit/client.server";
import { cockpitContactMessages, readContactMessages } from "~/services/store/cockpit/contact.server";
import { cockpitContent } from "~/services/store/cockpit/content.server";
import { cockpitDocuments } from "~/services/store/cockpit/documents.server";
import { StoreUnavailableError } from "~/services/store/errors";
import { defaultSiteSettings } from "~/domain/site-settings-defaults";
import type { ContentRepository } from "~/services/store/port";
import { startFakeCockpit, type FakeCockpit } from "../../support/fake-cockpit";
import { useTestD1 } from "../../support/d1";

/**
 * The content contract: over the same demo data, the Cockpit adapter (against the fake
 * Cockpit, seeded in Cockpit's shapes) answers every ContentRepository and
 * DocumentsRepository method exactly as the D1 adapter (real local D1, seeded by the seed).
 */

const date = new Date("2026-11-21T12:00:00Z");
const t = useTestD1();
let fake: FakeCockpit;
let client: CockpitClient;
const clientFor = (f: FakeCockpit, timeoutMs = TIMEOUTS.poll) => createCockpitClient({ baseUrl: f.url, token: f.token, timeoutMs });

beforeAll(async () => {
  await seedDatabase(t.db, { date });
  const demo = await buildCockpitDemo(date);
  fake = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
  client = clientFor(fake);
});
afterAll(async () => {
  await fake?.stop();
});

/** The requests `run` made to the fake, as "path body". */
async function requestsOf(f: FakeCockpit, run: () => Promise<unknown>) {
  const before = f.requests.length;
  await run();
  return f.requests.slice(before).map((r) => ({ path: r.path, body: r.body }));
}

describe("Cockpit content adapter: the same answers as D1", () => {
  it("every content method, over the same demo", async () => {
    const d1 = t.store.content;
    const cockpit = cockpitContent(client);
    const demo = await buildDemo(date);
    expect(await cockpit.getSiteSettings()).toEqual(await d1.getSiteSettings());
    expect(await cockpit.getSiteSettings()).toEqual(demo.settings);
    for (const key of ["aboutUs", "aboutSchool"] as const) expect(await cockpit.getPage(key)).toEqual(await d1.getPage(key));
    const methods = [
      "listSlides",
      "listOfficeBearers",
      "listPreviousTeams",
      "listEvents",
      "listGalleries",
      "listPublishedNews",
    ] as const satisfies ReadonlyArray<keyof ContentRepository>;
    for (const method of methods) {
      const expected = await d1[method]();
      expect(expected.length, method).toBeGreaterThan(0);
      expect(await cockpit[method](), method).toEqual(expected);
    }
    for (const id of [...demo.galleries.map((g) => g.id), "nope", "ffffffffffffffffffffffff"]) {
      expect(await cockpit.getGallery(id), id).toEqual(await d1.getGallery(id));
    }
    for (const id of [...demo.news.map((n) => n.id), "nope", "ffffffffffffffffffffffff"]) {
      expect(await cockpit.getPublishedNews(id), id).toEqual(await d1.getPublishedNews(id));
    }
  });

  it("documents, newest first, and one by id", async () => {
    const documents = cockpitDocuments(client, t.db);
    const expected = await t.store.documents.list();
    expect(expected).toHaveLength(3);
    expect(await documents.list()).toEqual(expected);
    for (const doc of expected) expect(await documents.get(doc.id)).toEqual(doc);
    expect(await documents.get("ffffffffffffffffffffffff")).toBeNull();
    expect(await documents.get("../etc")).toBeNull();
  });

  it("asks with the spec's filters and sorts, one request per read, the token in a header", async () => {
    const cockpit = cockpitContent(client);
    expect(await requestsOf(fake, () => cockpit.listPublishedNews())).toEqual([
      { path: "/api/collections/get/news", body: { filter: { published: true }, sort: { _created: -1 } } },
    ]);
    expect(await requestsOf(fake, () => cockpit.listOfficeBearers())).toEqual([{ path: "/api/collections/get/officeBearers", body: { sort: { order: 1 } } }]);
    expect(await requestsOf(fake, () => cockpit.listPreviousTeams())).toEqual([
      { path: "/api/collections/get/officeBearersHistory", body: { sort: { _created: -1 } } },
    ]);
    expect(await requestsOf(fake, () => cockpit.listEvents())).toEqual([{ path: "/api/collections/get/eventCalender", body: { sort: { _created: 1 } } }]);
    expect(await requestsOf(fake, () => cockpit.listGalleries())).toEqual([{ path: "/api/collections/get/gallery", body: { sort: { order: 1 } } }]);
    expect(await requestsOf(fake, () => cockpit.listSlides())).toEqual([{ path: "/api/collections/get/homeBanner", body: { sort: { _created: 1 } } }]);
    expect(await requestsOf(fake, () => cockpit.getSiteSettings())).toEqual([{ path: "/api/singletons/get/general", body: {} }]);
    // An id that cannot be Cockpit's costs no request.
    expect(await requestsOf(fake, () => cockpit.getGallery("nope"))).toEqual([]);
    const last = fake.requests.at(-1)!;
    expect(last.headers["cockpit-token"]).toBe(fake.token);
    expect(fake.requests.every((r) => !r.path.includes(fake.token))).toBe(true);
  });

  it("turns media paths into CMS_ASSETS_URL URLs when given", async () => {
    const cockpit = cockpitContent(client, "https://cms.example.org/");
    expect((await cockpit.listSlides())[0]!.bannerImage.path).toBe("https://cms.example.org/demo/slides/slide-1.svg");
    expect((await cockpit.getSiteSettings()).upcomingEvent.image?.path).toBe("https://cms.example.org/demo/event/upcoming.svg");
    expect((await cockpitDocuments(client, t.db, "https://cms.example.org").list())[0]!.file.path).toMatch(/^https:\/\/cms\.example\.org\/documents\/.+\.pdf$/);
  });
});

describe("Cockpit content adapter: what editors leave behind", () => {
  let loose: FakeCockpit;
  beforeAll(async () => {
    const demo = await buildCockpitDemo(date);
    loose = await startFakeCockpit({ collections: demo.collections, singletons: demo.singletons });
  });
  afterAll(async () => {
    await loose?.stop();
  });

  it("never shows unpublished news, whatever value says so", async () => {
    const drafts = [false, 0, "0", "false", "", null, undefined].map((published, i) => ({
      _id: `ddd${String(i).padStart(21, "0")}`,
      _created: 1_900_000_000 + i,
      title: `Draft ${i}`,
      ...(published === undefined ? {} : { published }),
    }));
    loose.data.collections.news!.push(...drafts, { _id: "eee000000000000000000001", _created: 1_900_000_100, title: "Loosely published", published: "1" });
    const cockpit = cockpitContent(clientFor(loose));
    const news = await cockpit.listPublishedNews();
    expect(news[0]!.title).toBe("Loosely published");
    expect(news).toHaveLength(13);
    expect(news.some((n) => n.title.startsWith("Draft"))).toBe(false);
    for (const draft of drafts) expect(await cockpit.getPublishedNews(draft._id)).toBeNull();
    expect((await cockpit.getPublishedNews("eee000000000000000000001"))?.published).toBe(true);
  });

  it("orders by the numbers even when an editor typed them as text", async () => {
    loose.data.collections.officeBearers!.push({ _id: "aaa000000000000000000010", _created: 1, name: "Tenth", role: "Auditor", order: "10", photo: null });
    loose.data.collections.officeBearers!.push({ _id: "aaa000000000000000000009", _created: 1, name: "Ninth", role: "Helper", order: "9" });
    const bearers = await cockpitContent(clientFor(loose)).listOfficeBearers();
    expect(bearers.map((b) => b.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bearers.at(-1)).toEqual({ id: "aaa000000000000000000010", name: "Tenth", role: "Auditor", photo: null, order: 10 });
  });

  it("reads by the exact id, even where PHP's == takes two ids for the same number", async () => {
    const twins = ["0000000000000000000001e2", "000000000000000000000100"].map((_id, i) => ({
      _id,
      _created: 10 + i,
      title: `Twin ${i}`,
      featuredImage: null,
      images: [],
      order: 90 + i,
    }));
    loose.data.collections.gallery!.push(...twins);
    const cockpit = cockpitContent(clientFor(loose));
    expect((await cockpit.getGallery("000000000000000000000100"))?.title).toBe("Twin 1");
    expect((await cockpit.getGallery("0000000000000000000001e2"))?.title).toBe("Twin 0");
  });

  it("a page singleton never saved or unknown is missing; a general never saved gives the fresh site's defaults, as on D1; an unknown general is an unavailable store", async () => {
    const cockpit = cockpitContent(clientFor(loose));
    loose.data.singletons.aboutSchool = { Image: null, YoutubeVideoId: null, preTitle: null, Title: null, Description: null, Description2: null };
    expect(await cockpit.getPage("aboutSchool")).toBeNull();
    delete loose.data.singletons.aboutUs;
    expect(await cockpit.getPage("aboutUs")).toBeNull();
    const saved = loose.data.singletons.general;
    delete loose.data.singletons.general;
    await expect(cockpit.getSiteSettings()).rejects.toBeInstanceOf(StoreUnavailableError);
    loose.data.singletons.general = { PrimaryContactNumber: null, ticketType: null };
    expect(await cockpit.getSiteSettings()).toEqual(defaultSiteSettings());
    expect((await cockpit.getSiteSettings()).membership.registrationDisabled).toBe(true);
    loose.data.singletons.general = saved!;
    loose.data.singletons.general = { PrimaryContactNumber: "0161 000 0000", UpComingEventTicketLastBookingDate: "20/12/2026", christmasKidsTicketPrice: "5" };
    expect(await cockpit.getSiteSettings()).toMatchObject({
      primaryContactNumber: "0161 000 0000",
      tickets: { lastBookingDate: "2026-12-20", christmasKidsPrice: 500 },
    });
  });
});

describe("Cockpit's contactus form", () => {
  it("submits a visitor's five fields to forms/submit/contactus", async () => {
    const fields = { name: "Ada", lastname: "Lovelace", email: "ada@example.org", subject: "Hello", notes: "A question about the school." };
    const requests = await requestsOf(fake, () => cockpitContactMessages(client).create({ ...fields, memberId: null }));
    expect(requests).toEqual([{ path: "/api/forms/submit/contactus", body: { form: fields } }]);
    expect(fake.data.forms.contactus!.at(-1)).toMatchObject({ data: fields });
  });

  it("sends a signed-in member's id with the entry, and reads it back", async () => {
    const fields = { name: "Ada", lastname: "Lovelace", email: "ada@example.org", subject: "Hello", notes: "Signed in." };
    const requests = await requestsOf(fake, () => cockpitContactMessages(client).create({ ...fields, memberId: "member-ada" }));
    expect(requests).toEqual([{ path: "/api/forms/submit/contactus", body: { form: { ...fields, memberId: "member-ada" } } }]);
    expect((await readContactMessages(client)).at(-1)).toMatchObject({ ...fields, memberId: "member-ada" });
  });
});

describe("Cockpit down, slow or refusing", () => {
  afterEach(() => {
    fake.down(false);
    fake.setDelay(0);
  });
  const reads = (c: CockpitClient) => {
    const content = cockpitContent(c);
    return [
      () => content.getSiteSettings(),
      () => content.getPage("aboutUs"),
      () => content.listSlides(),
      () => content.listOfficeBearers(),
      () => content.listPreviousTeams(),
      () => content.listEvents(),
      () => content.listGalleries(),
      () => content.getGallery("140000000000000000000001"),
      () => content.listPublishedNews(),
      () => content.getPublishedNews("150000000000000000000001"),
      () => cockpitDocuments(c, t.db).list(),
      () => cockpitDocuments(c, t.db).get("160000000000000000000001"),
      () => cockpitContactMessages(c).create({ name: "A", lastname: "B", email: "a@example.org", subject: "S", notes: "N", memberId: null }),
    ];
  };

  it("throws StoreUnavailableError from every method while Cockpit is down", async () => {
    fake.down(true);
    for (const read of reads(client)) await expect(read()).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it("throws StoreUnavailableError on an error answer, and works again after it", async () => {
    for (const [status, body] of [
      [500, '{"error":"500","message":"system error"}'],
      [406, '{"error":true,"message":"Oooops, something went wrong."}'],
      [401, '{"error":"Unauthorized"}'],
    ] as const) {
      for (const read of reads(client)) {
        fake.failNext(status, body);
        await expect(read()).rejects.toMatchObject({ name: "StoreUnavailableError", status });
      }
    }
    expect((await cockpitContent(client).listSlides()).length).toBe(3);
  });

  it("throws StoreUnavailableError with a wrong token, and when Cockpit is too slow", async () => {
    const wrong = createCockpitClient({ baseUrl: fake.url, token: "not-the-token" });
    await expect(cockpitContent(wrong).listSlides()).rejects.toMatchObject({ name: "StoreUnavailableError", status: 401 });
    fake.setDelay(400);
    const impatient = createCockpitClient({ baseUrl: fake.url, token: fake.token, timeoutMs: 100 });
    await expect(cockpitContent(impatient).listPublishedNews()).rejects.toThrow(/within 100 ms/);
  });

  it("names the system's reason when nothing listens, for the log", async () => {
    const closed = await startFakeCockpit();
    await closed.stop();
    const nobody = createCockpitClient({ baseUrl: closed.url, token: closed.token });
    await expect(cockpitContent(nobody).listSlides()).rejects.toThrow("Cockpit could not be reached for collections/get (ECONNREFUSED)");
  });
});
