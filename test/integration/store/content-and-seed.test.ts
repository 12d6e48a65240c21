import { describe, expect, it } from "vitest";
import { buildDemo } from "../../../seed/demo";
import { seedDatabase } from "../../../seed/seed";
import { useTestD1 } from "../../support/d1";

const t = useTestD1();
const date = new Date("2026-11-21T12:00:00Z");

describe("seeding and reading content (D1)", () => {
  it("seeds the demo, and seeding again changes nothing", async () => {
    const first = await seedDatabase(t.db, { date });
    expect(first.counts).toMatchObject({ home_slides: 3, office_bearers: 8, previous_teams: 3, calendar_events: 6, galleries: 4, news: 13, documents: 3, members: 4 });
    const again = await seedDatabase(t.db, { date });
    expect(again.counts).toEqual(first.counts);
    expect((await seedDatabase(t.db, { date, ifEmpty: true })).demo).toBe("kept");
  });

  it("reads every content set in the spec's order", async () => {
    const demo = await buildDemo(date);
    expect(await t.store.content.getSiteSettings()).toEqual(demo.settings);
    expect(await t.store.content.getPage("aboutUs")).toEqual(demo.pages.aboutUs);
    expect((await t.store.content.listSlides()).map((s) => s.title)).toEqual(demo.slides.map((s) => s.title));
    expect((await t.store.content.listOfficeBearers()).map((o) => o.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const teams = await t.store.content.listPreviousTeams();
    expect(teams.map((t) => t.createdAt)).toEqual([...teams.map((t) => t.createdAt)].sort((a, b) => b - a));
    const events = await t.store.content.listEvents();
    expect(events.map((e) => e.createdAt)).toEqual([...events.map((e) => e.createdAt)].sort((a, b) => a - b));
    expect((await t.store.content.listGalleries()).map((g) => g.images.length)).toEqual([6, 5, 4, 6]);
    const gallery = await t.store.content.getGallery(demo.galleries[1]!.id);
    expect(gallery).toEqual(demo.galleries[1]);
    expect(await t.store.content.getGallery("nope")).toBeNull();
  });

  it("shows only published news, newest first", async () => {
    const news = await t.store.content.listPublishedNews();
    expect(news).toHaveLength(12);
    expect(news.every((n) => n.published)).toBe(true);
    expect(news.map((n) => n.createdAt)).toEqual([...news.map((n) => n.createdAt)].sort((a, b) => b - a));
    const draft = (await buildDemo(date)).news.find((n) => !n.published)!;
    expect(await t.store.content.getPublishedNews(draft.id)).toBeNull();
    expect((await t.store.content.getPublishedNews(news[0]!.id))?.title).toBe(news[0]!.title);
  });

  it("lists documents and the seeded members' history", async () => {
    expect((await t.store.documents.list()).map((d) => d.title).sort()).toEqual(["Annual Report 2025", "Association Constitution", "Membership Handbook"]);
    const member = await t.store.members.findByEmail("member@example.org");
    expect(member?.children).toHaveLength(3);
    expect((await t.store.transactions.listByUser(member!.id, "success")).length).toBeGreaterThanOrEqual(2);
    expect(await t.store.tickets.listOpenByUser(member!.id)).toHaveLength(1);
  });

  it("seeds synthetic members on top, and a rerun gives the same rows", async () => {
    const report = await seedDatabase(t.db, { date, members: 300, tickets: 500 });
    expect(report.counts.members).toBe(304);
    expect(report.counts.tickets).toBe(501);
    expect((await seedDatabase(t.db, { date, members: 300, tickets: 500 })).counts).toEqual(report.counts);
  });
});
