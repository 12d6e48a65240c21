import { describe, expect, it } from "vitest";
import { describedPhotos, photoCount, stepPhoto } from "~/features/site/gallery";

describe("photoCount", () => {
  it.each([
    [0, "0 photos"],
    [1, "1 photo"],
    [2, "2 photos"],
    [6, "6 photos"],
  ])("%i → %j", (count, expected) => expect(photoCount(count)).toBe(expected));
});

describe("describedPhotos", () => {
  it("keeps stored alt text and names the others by the gallery's title and place", () => {
    const photos = describedPhotos({
      title: "Picnic 2026",
      images: [{ path: "/a.jpg", width: 1200, height: 800, alt: "Children on the swings" }, { path: "/b.jpg" }, { path: "/c.jpg", alt: "   " }],
    });
    expect(photos).toEqual([
      { path: "/a.jpg", width: 1200, height: 800, alt: "Children on the swings" },
      { path: "/b.jpg", alt: "Picnic 2026, photo 2" },
      { path: "/c.jpg", alt: "Picnic 2026, photo 3" },
    ]);
  });
});

describe("stepPhoto", () => {
  it("moves forward and back", () => {
    expect(stepPhoto(0, 1, 6)).toBe(1);
    expect(stepPhoto(3, -1, 6)).toBe(2);
  });
  it("wraps round at both ends", () => {
    expect(stepPhoto(5, 1, 6)).toBe(0);
    expect(stepPhoto(0, -1, 6)).toBe(5);
    expect(stepPhoto(0, -7, 6)).toBe(5);
  });
  it("stays on the only photo, and at 0 in an empty gallery", () => {
    expect(stepPhoto(0, 1, 1)).toBe(0);
    expect(stepPhoto(0, -1, 1)).toBe(0);
    expect(stepPhoto(0, 1, 0)).toBe(0);
  });
});
