import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture } from "~/kernel/media/Picture";
import { PHOTO_NOT_SHOWN, PhotoInput } from "~/kernel/forms/PhotoInput";
import { shownImage } from "~/kernel/media/photo-renditions";
import { parseHtml } from "../../../support/html";

const uploaded = { path: "/media/photos/abc/original.jpg", width: 4000, height: 3000, renditions: [350, 700, 1600], alt: "The lawn" };

describe("Picture (its sources worked out on the server by shownImage)", () => {
  it("draws <picture> with the WebP srcset and sizes, the JPEG fallback, the size and lazy loading", () => {
    const page = parseHtml(renderToStaticMarkup(createElement(Picture, { image: shownImage(uploaded, 700), sizes: "(min-width: 600px) 350px, 100vw" })));
    expect(page.one("picture source")?.attribs).toEqual({
      type: "image/webp",
      srcset: "/media/photos/abc/350.webp 350w, /media/photos/abc/700.webp 700w",
      sizes: "(min-width: 600px) 350px, 100vw",
    });
    expect(page.one("picture img")?.attribs).toMatchObject({
      src: "/media/photos/abc/700.jpg",
      alt: "The lawn",
      width: "4000",
      height: "3000",
      loading: "lazy",
    });
  });

  it("loads the page's first image at once when told", () => {
    const page = parseHtml(renderToStaticMarkup(createElement(Picture, { image: shownImage(uploaded), sizes: "100vw", eager: true })));
    expect(page.one("picture img")?.attribs).toMatchObject({ loading: "eager", fetchpriority: "high" });
  });

  it("draws a photo without renditions as the plain image it always was", () => {
    const demo = { path: "/demo/gallery-1.jpg", alt: "Dancers" };
    expect(renderToStaticMarkup(createElement(Picture, { image: shownImage(demo), sizes: "100vw" }))).toBe(
      '<img src="/demo/gallery-1.jpg" alt="Dancers" loading="lazy" decoding="async"/>',
    );
  });
});

describe("PhotoInput", () => {
  it("is a plain file input for photos, several at once when asked, with its hint and message tied to it", () => {
    const page = parseHtml(
      renderToStaticMarkup(createElement(PhotoInput, { id: "p", name: "photos", label: "Photos", hint: "Up to 12", error: "Too big", multiple: true })),
    );
    expect(page.one("input")?.attribs).toMatchObject({
      type: "file",
      name: "photos",
      accept: "image/jpeg,image/png,image/webp,image/gif",
      multiple: "",
      "aria-invalid": "true",
      "aria-describedby": "p-hint p-error",
    });
    expect(page.text("label")).toBe("Photos");
    expect(page.all("input[type=checkbox]")).toEqual([]);
  });

  it("shows the current photo with a Remove box when editing", () => {
    const page = parseHtml(renderToStaticMarkup(createElement(PhotoInput, { id: "i", name: "image", label: "Image", current: { path: "/demo/x.jpg" } })));
    expect(page.one(".photo-input-current img")?.attribs.src).toBe("/demo/x.jpg");
    expect(page.one("input[type=checkbox]")?.attribs).toMatchObject({ name: "image-remove", value: "1" });
    expect(page.text(".photo-input-remove")).toBe("Remove");
  });

  it("does not ask the editor's browser to decode an upload that could not be resized (it may be a decompression bomb): it says so", () => {
    const current = { path: "/media/photos/0f8e2a4c-1b2d-4e6f-8a9b-0c1d2e3f4a5b/original.png", width: 30000, height: 30000 };
    const page = parseHtml(renderToStaticMarkup(createElement(PhotoInput, { id: "i", name: "image", label: "Image", current })));
    expect(page.all("img")).toEqual([]);
    expect(page.text(".photo-input-current .field-hint")).toBe(PHOTO_NOT_SHOWN);
    expect(page.one(".photo-input-current input[type=checkbox]")?.attribs.name).toBe("image-remove");
  });
});
