import { describe, expect, it } from "vitest";
import { resolveMedia, resolveMediaUrl } from "~/domain/media";

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
