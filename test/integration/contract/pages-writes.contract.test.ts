import { describe, expect, it } from "vitest";
import { buildCockpitDemo } from "../../../seed/cockpit-demo";
import { buildDemo } from "../../../seed/demo";
import { seedDatabase } from "../../../seed/seed";
import { describeStore } from "../../support/store-adapters";

/**
 * The studio's writes of home slides, About Us and School through the port, over the demo
 * content on both adapters: the slides keep the order they had, new ones come last, the
 * order an editor sets is the order read, an update keeps the image it was not given.
 * Pages: both write them (Cockpit through the singletons/save endpoint of ADR 42), the image
 * kept when not given, removed when null, replaced when given (with its sizes and renditions).
 */
const date = new Date("2026-11-21T12:00:00Z");

describeStore(
  "slides and pages writes",
  {
    seedD1: async (db) => {
      await seedDatabase(db, { date });
    },
    cockpit: async () => {
      const demo = await buildCockpitDemo(date);
      return { collections: demo.collections, singletons: demo.singletons };
    },
  },
  (t) => {
    const titles = async () => (await t.store.content.listSlides()).map((s) => s.title);

    describe("slides", () => {
      it("keeps the order existing slides had (oldest first) and adds a new one last, with what was written", async () => {
        const demo = await buildDemo(date);
        expect(await titles()).toEqual(demo.slides.map((s) => s.title));
        const id = await t.store.content.createSlide({ smallText: "Welcome", title: "Summer picnic", description: "In the park" });
        expect(await titles()).toEqual([...demo.slides.map((s) => s.title), "Summer picnic"]);
        expect(await t.store.content.getSlide(id)).toMatchObject({ id, smallText: "Welcome", title: "Summer picnic", description: "In the park" });
        expect((await t.store.content.getSlide(id))!.bannerImage.path).toBe("");
      });

      it("updates a slide's texts and keeps its image when given none; an unknown slide is false", async () => {
        const [first] = await t.store.content.listSlides();
        const changed = await t.store.content.updateSlide(first!.id, { smallText: "New small", title: "New title", description: "New text" });
        expect(changed).toBe(true);
        const read = await t.store.content.getSlide(first!.id);
        expect(read).toMatchObject({ smallText: "New small", title: "New title", description: "New text", bannerImage: first!.bannerImage });
        expect((await t.store.content.listSlides())[0]!.id).toBe(first!.id);
        expect(await t.store.content.updateSlide("0123456789abcdef01234567", { smallText: "", title: "x", description: "" })).toBe(false);
        expect(await t.store.content.getSlide("0123456789abcdef01234567")).toBeNull();
      });

      it("reads the slides in the order set, and an order naming some slides puts the others after them in their old order", async () => {
        const before = await t.store.content.listSlides();
        expect(before.length).toBeGreaterThanOrEqual(3);
        const reversed = [...before].reverse().map((s) => s.id);
        await t.store.content.setSlideOrder(reversed);
        expect((await t.store.content.listSlides()).map((s) => s.id)).toEqual(reversed);
        const [a, b, ...rest] = reversed;
        await t.store.content.setSlideOrder([b!]);
        expect((await t.store.content.listSlides()).map((s) => s.id)).toEqual([b, a, ...rest]);
        // A slide added after a reorder still comes last.
        const id = await t.store.content.createSlide({ smallText: "", title: "Latest", description: "" });
        expect((await t.store.content.listSlides()).map((s) => s.id)).toEqual([b, a, ...rest, id]);
      });

      it("removes a slide; removing it again is false", async () => {
        const [first, ...others] = await t.store.content.listSlides();
        expect(await t.store.content.deleteSlide(first!.id)).toBe(true);
        expect((await t.store.content.listSlides()).map((s) => s.id)).toEqual(others.map((s) => s.id));
        expect(await t.store.content.deleteSlide(first!.id)).toBe(false);
      });
    });

    describe("About Us and School", () => {
      const written = {
        preTitle: "Who we are",
        title: "About the association",
        descriptionHtml: "<p>First <strong>part</strong></p>",
        description2Html: "<p>Second part</p>",
        youtubeVideoId: "dQw4w9WgXcQ",
      };

      it("writes a page and keeps its image when given none, removes it when given null, and leaves the other page alone", async () => {
        const before = await t.store.content.getPage("aboutUs");
        const school = await t.store.content.getPage("aboutSchool");
        expect(before?.image).not.toBeNull();
        await t.store.content.savePage("aboutUs", written);
        expect(await t.store.content.getPage("aboutUs")).toEqual({ ...written, image: before!.image });
        expect(await t.store.content.getPage("aboutSchool")).toEqual(school);
        await t.store.content.savePage("aboutSchool", { ...written, title: "School", image: null });
        expect(await t.store.content.getPage("aboutSchool")).toEqual({ ...written, title: "School", image: null });
        expect((await t.store.content.getPage("aboutUs"))!.title).toBe("About the association");
      });

      it("replaces the image with an uploaded photo, keeping its size and renditions", async () => {
        const photo = { path: "/media/photos/0123456789abcdef/original.jpg", width: 2000, height: 1500, renditions: [350, 700, 1600] };
        await t.store.content.savePage("aboutSchool", { ...written, image: photo });
        expect((await t.store.content.getPage("aboutSchool"))!.image).toMatchObject(photo);
        await t.store.content.savePage("aboutSchool", { ...written, title: "Kept" });
        expect(await t.store.content.getPage("aboutSchool")).toMatchObject({ title: "Kept", image: photo });
      });
    });
  },
);
