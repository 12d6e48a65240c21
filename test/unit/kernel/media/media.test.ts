import { describe, expect, it } from "vitest";
import { resolveCover, resolveMedia, resolveMediaUrl } from "~/kernel/media/media";

describe("resolveMediaUrl", () => {
  it("serves paths from public/ without a CMS assets URL", () => {
    expect(resolveMediaUrl("/demo/news/news-1.svg")).toBe("/demo/news/news-1.svg");
    expect(resolveMediaUrl("demo/a.png")).toBe("/demo/a.png");
  });

  it("serves paths from the CMS host when CMS_ASSETS_URL is set", () => {
    expect(resolveMediaUrl("/storage/uploads/2024/01/02/a_uid_1.jpg", "https://cms.example.org/")).toBe(
      "https://cms.example.org/storage/uploads/2024/01/02/a_uid_1.jpg",
    );
    expect(resolveMediaUrl("/storage/uploads/x.jpg", "https://cms.example.org/site")).toBe("https://cms.example.org/site/storage/uploads/x.jpg");
  });

  it("keeps absolute web URLs and drops anything a browser might run", () => {
    expect(resolveMediaUrl("https://img.example.org/a.jpg", "https://cms.example.org")).toBe("https://img.example.org/a.jpg");
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "//evil.example/a.png",
      "\\\\evil\\a",
      "",
      "  ",
    ]) {
      expect(resolveMediaUrl(bad), bad).toBeNull();
    }
  });

  it("resolveMedia keeps the sizes and drops unusable references", () => {
    expect(resolveMedia({ path: "/a.png", width: 10, height: 5, alt: "A" }, "https://cms.example.org")).toEqual({
      path: "https://cms.example.org/a.png",
      width: 10,
      height: 5,
      alt: "A",
    });
    expect(resolveMedia({ path: "javascript:x" })).toBeNull();
    expect(resolveMedia(null)).toBeNull();
  });
});

describe("photos the studio uploaded are shown to visitors only through their renditions", () => {
  const ID = "0f8e2a4c-1b2d-4e6f-8a9b-0c1d2e3f4a5b";
  const ORIGINAL = `/media/photos/${ID}/original.png`;
  const COCKPIT_ASSET = `/storage/uploads/2026/11/24/${ID}_uid_6b05604b29197.png`;

  it("withholds an upload without renditions (its original may be a decompression bomb), on either store", () => {
    expect(resolveMedia({ path: ORIGINAL, width: 30000, height: 30000 })).toBeNull();
    expect(resolveMedia({ path: ORIGINAL, renditions: [] })).toBeNull();
    expect(resolveMedia({ path: COCKPIT_ASSET })).toBeNull();
    expect(resolveMedia({ path: `https://cms.example.org${COCKPIT_ASSET}` }, "https://cms.example.org")).toBeNull();
  });

  it("shows an upload with renditions, and pictures that never went through the studio's pipeline as they are", () => {
    expect(resolveMedia({ path: ORIGINAL, renditions: [350, 700] })).toEqual({ path: ORIGINAL, renditions: [350, 700] });
    expect(resolveMedia({ path: "/demo/gallery/1.jpg" })).toEqual({ path: "/demo/gallery/1.jpg" });
    const adminsOwn = "/storage/uploads/2026/11/24/IMG_0001_uid_6b05604b29197.jpg";
    expect(resolveMedia({ path: adminsOwn }, "https://cms.example.org")).toEqual({ path: `https://cms.example.org${adminsOwn}` });
  });

  it("a gallery whose cover is withheld shows its first shown photo as the cover, so it stays listed", () => {
    const shown = [{ path: "/demo/gallery/1.jpg" }];
    expect(resolveCover({ path: ORIGINAL }, shown)).toEqual(shown[0]);
    expect(resolveCover({ path: ORIGINAL }, [])).toBeNull();
    expect(resolveCover({ path: "/demo/gallery/2.jpg" }, shown)).toEqual({ path: "/demo/gallery/2.jpg" });
    // A gallery without a cover at all (none chosen, nothing uploaded yet) is still not listed.
    expect(resolveCover({ path: "" }, shown)).toBeNull();
  });
});
