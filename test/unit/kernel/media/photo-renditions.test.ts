import { describe, expect, it } from "vitest";
import { resolveMedia, resolveMediaUrl } from "~/kernel/media/media";
import {
  fallbackWidth,
  mediaKeyFromUrlPath,
  photoKeyFromSplat,
  photoKeys,
  pictureSources,
  renditionWidths,
  scaledHeight,
  shownImage,
} from "~/kernel/media/photo-renditions";

describe("renditionWidths", () => {
  it("makes 350, 700, 1100 and 1600 px of a phone photo", () => {
    expect(renditionWidths(4000)).toEqual([350, 700, 1100, 1600]);
    expect(renditionWidths(1600)).toEqual([350, 700, 1100, 1600]);
  });
  it("never upscales: a narrower photo gets one at its own width", () => {
    expect(renditionWidths(1000)).toEqual([350, 700, 1000]);
    expect(renditionWidths(1200)).toEqual([350, 700, 1100, 1200]);
    expect(renditionWidths(700)).toEqual([350, 700]);
    expect(renditionWidths(200)).toEqual([200]);
  });
  it("makes none of a size it cannot read", () => {
    expect(renditionWidths(0)).toEqual([]);
    expect(renditionWidths(Number.NaN)).toEqual([]);
  });
});

describe("fallbackWidth", () => {
  it("is the widest up to 700 px, or the only one", () => {
    expect(fallbackWidth([350, 700, 1600])).toBe(700);
    expect(fallbackWidth([350, 600])).toBe(600);
    expect(fallbackWidth([200])).toBe(200);
    expect(fallbackWidth([])).toBeNull();
  });
});

describe("keys and URLs", () => {
  it("puts the renditions next to the original", () => {
    const keys = photoKeys("abc", "jpg");
    expect([keys.original, keys.webp(350), keys.jpeg(700)]).toEqual(["photos/abc/original.jpg", "photos/abc/350.webp", "photos/abc/700.jpg"]);
  });
  it("serves photos only, never documents or paths that climb out", () => {
    expect(photoKeyFromSplat("photos/abc/350.webp")).toBe("photos/abc/350.webp");
    expect(photoKeyFromSplat("documents/constitution.pdf")).toBeNull();
    expect(photoKeyFromSplat("photos/../documents/x.pdf")).toBeNull();
    expect(photoKeyFromSplat("photos/abc/..")).toBeNull();
    expect(photoKeyFromSplat("photos//x.jpg")).toBeNull();
    expect(photoKeyFromSplat("photos/abc/sub/x.jpg")).toBeNull();
    expect(photoKeyFromSplat("photos/abc/.hidden")).toBeNull();
    expect(mediaKeyFromUrlPath("/media/photos/abc/original.jpg")).toBe("photos/abc/original.jpg");
    expect(mediaKeyFromUrlPath("/demo/x.jpg")).toBeNull();
  });
});

describe("pictureSources", () => {
  it("lists the WebP widths and the JPEG fallback", () => {
    expect(pictureSources({ path: "/media/photos/abc/original.jpg", renditions: [1600, 350, 700] })).toEqual({
      webpSrcSet: "/media/photos/abc/350.webp 350w, /media/photos/abc/700.webp 700w, /media/photos/abc/1600.webp 1600w",
      fallback: "/media/photos/abc/700.jpg",
      largest: "/media/photos/abc/1600.webp",
    });
  });
  it("is null for a photo without renditions or not stored by us", () => {
    expect(pictureSources({ path: "/media/photos/abc/original.jpg" })).toBeNull();
    expect(pictureSources({ path: "/media/photos/abc/original.jpg", renditions: [] })).toBeNull();
    expect(pictureSources({ path: "/demo/gallery/1.jpg", renditions: [350] })).toBeNull();
    expect(pictureSources({ path: "https://cms.example/media/photos/a/b.jpg", renditions: [350] })).toBeNull();
  });
  it("scales the height with the width", () => {
    expect(scaledHeight({ width: 4000, height: 3000 }, 350)).toBe(263);
    expect(scaledHeight({}, 350)).toBeUndefined();
  });
});

describe("resolveMediaUrl with /media/ paths", () => {
  it("keeps our photos on our origin even with CMS_ASSETS_URL", () => {
    expect(resolveMediaUrl("/media/photos/abc/original.jpg", "https://cms.example")).toBe("/media/photos/abc/original.jpg");
    expect(resolveMediaUrl("/storage/uploads/x.jpg", "https://cms.example")).toBe("https://cms.example/storage/uploads/x.jpg");
    expect(resolveMedia({ path: "/media/photos/a/original.jpg", renditions: [350] }, "https://cms.example")).toEqual({
      path: "/media/photos/a/original.jpg",
      renditions: [350],
    });
  });
});

describe("pictureSources for thumbnails", () => {
  it("offers only the widths up to the cap, but links the largest", () => {
    const sources = pictureSources({ path: "/media/photos/abc/original.jpg", renditions: [350, 700, 1600] }, 700);
    expect(sources?.webpSrcSet).toBe("/media/photos/abc/350.webp 350w, /media/photos/abc/700.webp 700w");
    expect(sources?.largest).toBe("/media/photos/abc/1600.webp");
    expect(pictureSources({ path: "/media/photos/abc/original.jpg", renditions: [1000] }, 700)?.webpSrcSet).toBe("/media/photos/abc/1000.webp 1000w");
  });
});

describe("shownImage (what a loader hands the page)", () => {
  const photo = { path: "/media/photos/abc/original.jpg", width: 4000, height: 3000, alt: "The lawn", renditions: [350, 700, 1600] };

  it("points the image at the JPEG fallback and carries the WebP srcset, capped for a thumbnail; the widths list stays behind", () => {
    expect(shownImage(photo)).toEqual({
      path: "/media/photos/abc/700.jpg",
      width: 4000,
      height: 3000,
      alt: "The lawn",
      webpSrcSet: "/media/photos/abc/350.webp 350w, /media/photos/abc/700.webp 700w, /media/photos/abc/1600.webp 1600w",
    });
    // The only JPEG made is the 700 px one (fallbackWidth of all widths): a 350 px cap still points at it.
    expect(shownImage(photo, 350)).toMatchObject({ path: "/media/photos/abc/700.jpg", webpSrcSet: "/media/photos/abc/350.webp 350w" });
    // A photo narrower than 700 px has its JPEG at its widest width up to 700 (here 500), whatever the cap.
    expect(shownImage({ path: "/media/photos/s/original.jpg", renditions: [350, 500] }, 350)?.path).toBe("/media/photos/s/500.jpg");
  });

  it("leaves a photo without renditions (or not ours) as it is, and no photo as none", () => {
    expect(shownImage({ path: "/demo/gallery-1.jpg", alt: "Dancers" })).toEqual({ path: "/demo/gallery-1.jpg", alt: "Dancers" });
    expect(shownImage({ path: "https://cms.example/x.jpg", renditions: [350] })).toEqual({ path: "https://cms.example/x.jpg" });
    expect(shownImage(null)).toBeNull();
  });
});
