import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { photoMovedMessage } from "~/features/studio/gallery-edit";

/**
 * The studio's photos are the files the upload made (ADR 40), never a rendition that was not
 * made nor the original: a real phone-size JPEG is uploaded to a gallery and as a home slide's
 * banner, and every `src` and `srcset` entry of the studio's pages (the gallery, the slides
 * list, the slide's form) and of the public gallery answers 200 with an image. Then, without
 * JavaScript, a photo's Move down button posts the captions form: the captions typed before
 * it are kept, and the toast names the photo's new place (docs/requirements.md §7.12).
 */

const editor = demoAccount("editor");
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const get = (pathname: string, userId: string | null = editor.id) => client(server).as(userId).get(pathname);
const post = (pathname: string, fields: Array<[string, string | { bytes: Uint8Array; name: string }]>) =>
  client(server).as(editor.id).post(pathname, multipart(fields));

/** A phone's photo: 4000×3000 with detail, a JPEG of a few MB (as test/integration/features/studio/studio-galleries.test.ts makes). */
async function phonePhoto(): Promise<Uint8Array> {
  const [width, height] = [4000, 3000];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 61) - 30;
      raw[i] = Math.max(0, Math.min(255, (x * 255) / width + noise));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + 60 * Math.sin(x / 40) + noise));
    }
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** Every image URL a page's main part asks the browser for: each img's src and srcset, each source's srcset. */
function imageUrls(html: string): string[] {
  const page = parseHtml(html);
  const entries = (srcset: string | undefined) =>
    (srcset ?? "")
      .split(",")
      .map((entry) => entry.trim().split(/\s+/)[0] ?? "")
      .filter(Boolean);
  return [
    ...page.all("main img").flatMap((img) => [img.attribs.src ?? "", ...entries(img.attribs.srcset)]),
    ...page.all("main source").flatMap((source) => entries(source.attribs.srcset)),
  ];
}

let galleryId = "";
let slideId = "";
let photoPath = "";

describe("every image in the studio is a file that exists", () => {
  it("uploads a 4000×3000 JPEG to a new gallery and as a new slide's banner", async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const created = await post("/studio/galleries", [["title", "Renditions Check"]]);
    expect(created.status).toBe(302);
    galleryId = created.headers.get("Location")!.split("/").pop()!;
    const uploaded = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ["photos", { bytes: photo, name: "IMG_0001.jpg" }],
      ["photos", { bytes: photo, name: "IMG_0002.jpg" }],
    ]);
    expect(uploaded.status).toBe(302);
    const slide = await post("/studio/slides/new", [
      ["smallText", "Summer"],
      ["title", "Rendition Slide"],
      ["description", ""],
      ["image", { bytes: photo, name: "banner.jpg" }],
    ]);
    expect(slide.status).toBe(302);
    const list = parseHtml(await (await get("/studio/slides")).text());
    const row = list.all(".studio-slide").find((li) => textOf(li).includes("Rendition Slide"));
    expect(row).toBeDefined();
    slideId = row!.attribs["data-row-id"] ?? "";
    expect(slideId).not.toBe("");
    photoPath = parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text()).all(".studio-photo source")[0]?.attribs.srcset ?? "";
    expect(photoPath).toMatch(/^\/media\/photos\/[0-9a-f-]+\/350\.webp 350w$/);
  });

  it("the studio's gallery, slides list and slide form and the public gallery load every src and srcset entry: 200, an image", async () => {
    const pages = [`/studio/galleries/${galleryId}`, "/studio/slides", `/studio/slides/${slideId}`, `/gallery/${galleryId}`];
    const checked = new Set<string>();
    for (const path of pages) {
      const response = await get(path, path.startsWith("/studio") ? editor.id : null);
      expect(response.status, path).toBe(200);
      const urls = imageUrls(await response.text());
      // The uploaded photo is on each page, as <picture> sources (the seeded ones are SVGs without renditions).
      expect(
        urls.some((url) => url.startsWith("/media/photos/")),
        path,
      ).toBe(true);
      // Never the original: a phone's 3 MB photo for a thumbnail.
      expect(
        urls.filter((url) => url.includes("/original.")),
        path,
      ).toEqual([]);
      for (const url of urls) {
        if (checked.has(url)) continue;
        checked.add(url);
        const image = await fetch(new URL(url, server.url), { headers: { Cookie: await sessionCookieFor(editor.id) } });
        expect(image.status, `${path}: ${url}`).toBe(200);
        expect(image.headers.get("Content-Type"), `${path}: ${url}`).toMatch(/^image\//);
        await image.arrayBuffer();
      }
    }
    // The studio's thumbnails point at the JPEG the upload made (700 px), never a 350 px one it did not make.
    const studio = parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text());
    expect(studio.all(".studio-photo img").map((img) => img.attribs.src)).toEqual([expect.stringMatching(/\/700\.jpg$/), expect.stringMatching(/\/700\.jpg$/)]);
    const slides = parseHtml(await (await get("/studio/slides")).text());
    const slideImage = parseHtml(await (await get("/studio/slides")).text())
      .all(`.studio-slide[data-row-id="${slideId}"] img`)
      .map((img) => img.attribs.src);
    expect(slideImage).toEqual([expect.stringMatching(/^\/media\/photos\/[0-9a-f-]+\/700\.jpg$/)]);
    expect(slides.all(`.studio-slide[data-row-id="${slideId}"] source`).map((source) => source.attribs.srcset)).toEqual([
      expect.stringMatching(/\/350\.webp 350w$/),
    ]);
    expect(checked.size).toBeGreaterThan(3);
  });
});

describe("moving a photo keeps the captions typed before it (without JavaScript)", () => {
  it("Move down posts the captions form: both captions are saved, the photo moves, the toast names its new place", async () => {
    const captions = async () =>
      parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text())
        .all(".studio-photo input[type=text]")
        .map((input) => input.attribs.value ?? "");
    expect(await captions()).toEqual(["", ""]);
    const page = parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text());
    // The move button belongs to the captions form (what a browser without JavaScript sends with it).
    const moveDown = page.all("button").find((button) => textOf(button) === "Move down")!;
    expect([moveDown.attribs.form, moveDown.attribs.name, moveDown.attribs.value]).toEqual(["captions-form", "move", "down-0"]);
    expect(page.all(".studio-photo input[type=text]").every((input) => input.attribs.form === "captions-form")).toBe(true);
    // Enter in a caption saves the captions: the form's first button is its own Save, not a move.
    const buttons = page.all("button");
    const ownSave = page.one("#captions-form button[type=submit]")!;
    expect(ownSave.attribs.value).toBeUndefined();
    expect(buttons.indexOf(ownSave)).toBeLessThan(buttons.findIndex((button) => button.attribs.form === "captions-form"));

    // One caption left empty (as a browser sends it): still a move that keeps the other.
    const emptyOne = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "captions"],
      ["caption[0]", ""],
      ["caption[1]", "The tea tent"],
      ["move", "up-1"],
    ]);
    expect(emptyOne.status).toBe(302);
    expect(await captions()).toEqual(["The tea tent", ""]);
    const moved = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "captions"],
      ["caption[0]", "The tea tent"],
      ["caption[1]", "The big lawn"],
      ["move", "up-1"],
    ]);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/studio/galleries/${galleryId}#photo-1`);
    expect(await captions()).toEqual(["The big lawn", "The tea tent"]);
    // The toast (its cookie) names the photo and its new place.
    const toastCookie = (moved.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const shown = await fetch(new URL(`/studio/galleries/${galleryId}`, server.url), {
      headers: { Cookie: `${await sessionCookieFor(editor.id)}; ${toastCookie}` },
    });
    const toast = parseHtml(await shown.text()).text(".toast");
    expect(toast).toContain(photoMovedMessage(1, 0, 2));
    expect(photoMovedMessage(1, 0, 2)).toBe("Photo 2 moved to place 1 of 2.");
  });

  it("a dragged order (with JavaScript: the captions form with order and moved) keeps the captions too; an out-of-date order moves nothing", async () => {
    const page = parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text());
    const paths = page.all(".studio-photo[data-row-id]").map((li) => li.attribs["data-row-id"]!);
    expect(paths).toHaveLength(2);
    const moved = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "captions"],
      ["caption[0]", "First, edited"],
      ["caption[1]", "Second, edited"],
      ["order[0]", paths[1]!],
      ["order[1]", paths[0]!],
      ["moved", paths[1]!],
    ]);
    expect(moved.status).toBe(302);
    const after = parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text());
    expect(after.all(".studio-photo input[type=text]").map((input) => input.attribs.value)).toEqual(["Second, edited", "First, edited"]);
    const stale = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "captions"],
      ["caption[0]", "x"],
      ["order[0]", paths[0]!],
      ["order[1]", "/media/photos/not-there/original.jpg"],
    ]);
    expect(stale.status).toBe(409);
    expect(parseHtml(await stale.text()).text(".form-error")).toContain("changed since this page was opened");
  });
});
