import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeroSlider, type SlideView } from "~/features/site/components/HeroSlider";
import { shownImage } from "~/kernel/media/photo-renditions";
import { selectAll } from "css-select";
import { parseHtml, textOf } from "../../../support/html";

const slide = (n: number, bannerImage: SlideView["bannerImage"]): SlideView => ({
  id: `s${n}`,
  bannerImage,
  smallText: "WELCOME",
  title: `Slide ${n}`,
  description: "Text",
});
// As the home loader hands it over.
const banner = (id: string) => shownImage({ path: `/media/photos/${id}/original.jpg`, width: 2400, height: 1000, renditions: [350, 700, 1600], alt: "" });

/** The home slider's banners (server render, as a visitor without JavaScript gets them). */
describe("home slider banners", () => {
  it("offers a banner with renditions by the screen's width: the first at once with high priority; the others are not drawn until the page has loaded", () => {
    const page = parseHtml(renderToStaticMarkup(createElement(HeroSlider, { slides: [slide(1, banner("a")), slide(2, banner("b"))] })));
    // The carousel also draws clones of slides for its infinite loop: the selected one is the first slide.
    expect(page.one("li.slide.selected picture source")?.attribs).toEqual({
      type: "image/webp",
      srcset: "/media/photos/a/350.webp 350w, /media/photos/a/700.webp 700w, /media/photos/a/1600.webp 1600w",
      sizes: "100vw",
    });
    expect(page.one("li.slide.selected picture img")?.attribs).toMatchObject({
      src: "/media/photos/a/700.jpg",
      class: "hero-slide-image",
      loading: "eager",
      fetchpriority: "high",
      width: "2400",
      height: "1000",
      alt: "",
    });
    // The second slide (and its loop clone) is there with its text but without its banner: the fade stacks every
    // slide in view, so a lazy <img> would be fetched with the first and slow it.
    const second = page.all(".hero-slide").filter((slide) => textOf(slide).includes("Slide 2"));
    expect(second.length).toBeGreaterThan(0);
    for (const slide of second) expect(selectAll("img", slide)).toEqual([]);
    expect(new Set(page.all(".hero-slide img").map((img) => img.attribs.src))).toEqual(new Set(["/media/photos/a/700.jpg"]));
  });

  it("shows a banner without renditions (the demo's) as the plain image it was", () => {
    const page = parseHtml(
      renderToStaticMarkup(createElement(HeroSlider, { slides: [slide(1, { path: "/demo/slides/slide-1.svg", width: 1920, height: 800, alt: "" })] })),
    );
    expect(page.all(".hero-slide picture")).toEqual([]);
    expect(page.one("li.slide.selected .hero-slide img")?.attribs).toEqual({
      src: "/demo/slides/slide-1.svg",
      alt: "",
      width: "1920",
      height: "800",
      loading: "eager",
      fetchpriority: "high",
      decoding: "async",
      class: "hero-slide-image",
    });
  });
});
