import { describe, expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import {
  captionsChange,
  featuredAfter,
  galleryActionSchema,
  inPostedOrder,
  moveOfButton,
  movePhoto,
  photoMovedMessage,
  withCaptions,
  withoutPhoto,
} from "~/features/studio/gallery-edit";

const a = { path: "/media/photos/a/original.jpg", renditions: [350] };
const b = { path: "/media/photos/b/original.jpg", alt: "Old" };
const c = { path: "/demo/c.jpg" };

describe("the galleries studio's changes to a photo list", () => {
  it("moves a photo one place, and not past either end", () => {
    expect(movePhoto([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(movePhoto([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(movePhoto([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(movePhoto([a, b, c], 2, 1)).toEqual([a, b, c]);
    expect(movePhoto([a, b, c], 7, 1)).toEqual([a, b, c]);
  });

  it("removes one photo", () => {
    expect(withoutPhoto([a, b, c], 1)).toEqual([a, c]);
  });

  it("sets each caption in order; an empty one removes the old", () => {
    expect(withCaptions([a, b, c], ["  Lawn ", "", "Games"])).toEqual([{ ...a, alt: "Lawn" }, { path: b.path }, { ...c, alt: "Games" }]);
  });

  it("keeps the cover while it is one of the photos, else the first, else none", () => {
    expect(featuredAfter(b, [a, { ...b, alt: "New" }])).toEqual({ ...b, alt: "New" });
    expect(featuredAfter(b, [c, a])).toEqual(c);
    expect(featuredAfter({ path: "" }, [a])).toEqual(a);
    expect(featuredAfter(b, [])).toEqual({ path: "" });
  });

  it("reads each form by its intent", () => {
    expect(galleryActionSchema.safeParse({ intent: "down", index: "2" }).data).toEqual({ intent: "down", index: 2 });
    expect(galleryActionSchema.safeParse({ intent: "rename", title: "  " }).success).toBe(false);
    expect(galleryActionSchema.safeParse({ intent: "delete-photo", index: "-1" }).success).toBe(false);
    expect(galleryActionSchema.safeParse({ intent: "format-disk" }).success).toBe(false);
  });
});

describe("the galleries studio's log sentences", () => {
  const jane = { id: "e1", fullName: "Jane Smith" };
  const gallery = { id: "g1", title: "Picnic" };
  const at = new Date("2026-11-24T09:00:00Z");
  it("names the gallery and what was done", () => {
    expect(activityEntry(jane, { kind: "gallery-created", gallery }, at)).toMatchObject({
      kind: "gallery-created",
      subjectId: "g1",
      subjectName: 'gallery "Picnic"',
      summary: 'Jane Smith created the gallery "Picnic".',
    });
    expect(activityEntry(jane, { kind: "gallery-changed", gallery, change: "added 2 photos" }, at).summary).toBe(
      'Jane Smith changed the gallery "Picnic": added 2 photos.',
    );
    expect(activityEntry(jane, { kind: "gallery-deleted", gallery }, at).summary).toBe('Jane Smith deleted the gallery "Picnic".');
  });
});

describe("moves that carry the captions (the captions form)", () => {
  it("reads a move button's value, and nothing else", () => {
    expect(moveOfButton("up-3")).toEqual({ index: 3, step: -1 });
    expect(moveOfButton("down-0")).toEqual({ index: 0, step: 1 });
    expect(moveOfButton("sideways-1")).toBeNull();
    expect(moveOfButton("up-")).toBeNull();
    expect(galleryActionSchema.safeParse({ intent: "captions", caption: ["x"], move: "down-1" }).data).toEqual({
      intent: "captions",
      caption: ["x"],
      move: "down-1",
    });
    expect(galleryActionSchema.safeParse({ intent: "captions", move: "down-1; drop" }).success).toBe(false);
  });

  it("puts the photos in a posted order of paths, or refuses one that is not exactly the gallery's photos", () => {
    expect(inPostedOrder([a, b, c], [c.path, a.path, b.path])).toEqual([c, a, b]);
    expect(inPostedOrder([a, b, a], [a.path, a.path, b.path])).toEqual([a, a, b]);
    expect(inPostedOrder([a, b, c], [c.path, a.path])).toBeNull();
    expect(inPostedOrder([a, b, c], [c.path, a.path, a.path])).toBeNull();
    expect(inPostedOrder([a, b], [a.path, "/media/photos/x/original.jpg"])).toBeNull();
  });

  it("names the moved photo's new place, and tells whether captions change", () => {
    expect(photoMovedMessage(6, 5, 12)).toBe("Photo 7 moved to place 6 of 12.");
    expect(captionsChange([a, b], ["", "Old"])).toBe(false);
    expect(captionsChange([a, b], ["New", "Old"])).toBe(true);
    expect(captionsChange([a, b], ["", " "])).toBe(true);
  });
});
