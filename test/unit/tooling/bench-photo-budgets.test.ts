import { describe, expect, it } from "vitest";
import { checkGalleryImages, checkPhotoLighthouse } from "../../../bench/budgets";
import { parseOptions } from "../../../bench/options";

const base = "http://127.0.0.1:8787";
const photo = (n: number, bytes: number) => ({ url: `${base}/media/photos/p${n}/700.webp`, bytes });

describe("the photo budgets of the bench", () => {
  it("passes a gallery under 1.5 MB before scrolling whose thumbnails are each at most 60 kB", () => {
    const checks = checkGalleryImages({ path: "/gallery/x", images: [photo(1, 60_000), photo(2, 55_000), { url: `${base}/logo.svg`, bytes: 90_000 }] });
    expect(checks.map((check) => check.verdict)).toEqual(["PASS", "PASS"]);
    expect(checks[0]?.actual).toBe("205.0 kB (3 images)");
    expect(checks[1]?.actual).toBe("largest 60.0 kB (p1/700.webp), 2 loaded");
  });

  it("fails a thumbnail over 60 kB (other images do not count as thumbnails), and a total over 1.5 MB", () => {
    expect(checkGalleryImages({ path: "/g", images: [photo(1, 60_001)] }).map((check) => check.verdict)).toEqual(["PASS", "FAIL"]);
    const many = Array.from({ length: 26 }, (_, n) => photo(n, 58_000));
    expect(checkGalleryImages({ path: "/g", images: many }).map((check) => check.verdict)).toEqual(["FAIL", "PASS"]);
  });

  it("fails when no photo loaded at all: nothing was measured", () => {
    expect(checkGalleryImages({ path: "/g", images: [] }).map((check) => check.verdict)).toEqual(["FAIL", "FAIL"]);
  });

  it("holds Lighthouse to performance ≥ 95 and LCP ≤ 2.5 s", () => {
    expect(checkPhotoLighthouse({ path: "/", performance: 95, lcpMs: 2500 }).map((check) => check.verdict)).toEqual(["PASS", "PASS"]);
    expect(checkPhotoLighthouse({ path: "/", performance: 94, lcpMs: 2501 }).map((check) => check.verdict)).toEqual(["FAIL", "FAIL"]);
    expect(checkPhotoLighthouse({ path: "/", performance: 99, lcpMs: undefined })[1]).toMatchObject({ actual: "not measured", verdict: "FAIL" });
  });

  it("runs only the photos part with --photos, with a smaller gallery when asked", () => {
    const options = parseOptions(["--photos", "--photo-count", "5", "--photo-size", "800x600"])!;
    expect([options.photos, options.public, options.lighthouse, options.admin]).toEqual([true, false, false, false]);
    expect([options.photoCount, options.photoSize]).toEqual([5, { width: 800, height: 600 }]);
    expect(parseOptions([])!.photos).toBe(true);
    expect(parseOptions(["--no-photos"])!.photos).toBe(false);
    expect(() => parseOptions(["--photo-size", "big"])).toThrow(/WIDTHxHEIGHT/);
  });
});
