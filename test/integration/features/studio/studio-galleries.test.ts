import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { checkUpload, UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { GALLERY_TEXTS } from "~/features/studio/gallery-edit";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { HTML_PAGE, jpegOfSize, PHP_SCRIPT, plainJpeg, PNG_SIGNATURE, pngBomb, pngChunk, SVG_WITH_SCRIPT } from "../../../support/upload-fixtures";

/**
 * The galleries studio and the photo pipeline on a private server (D1, local R2, the Images
 * binding as wrangler runs it): a phone-size upload gets its renditions in R2 at the right
 * widths, served at /media/*; hostile uploads are refused with their message and store
 * nothing; reorder, captions, cover and deletes (with their confirmation) change the gallery,
 * the log records them, and a deleted gallery's files are gone.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const get = (pathname: string, userId: string | null = editor.id) => client(server).as(userId).get(pathname);

async function post(pathname: string, fields: Array<[string, string | { bytes: Uint8Array; name: string; type?: string }]>, userId = editor.id) {
  return client(server).as(userId).post(pathname, multipart(fields));
}

/** Files in the local R2 (its blobs): "nothing stored" means this does not grow. */
function r2FileCount(): number {
  const walk = (dir: string): number =>
    readdirSync(dir).reduce((n, name) => {
      const full = path.join(dir, name);
      return n + (statSync(full).isDirectory() ? walk(full) : name.endsWith(".sqlite") || name.includes("sqlite-") ? 0 : 1);
    }, 0);
  try {
    return walk(path.join(server.persistTo, "v3", "r2"));
  } catch {
    return 0;
  }
}

/** A phone-size photo: 4000×3000, a gradient with detail, as a JPEG of a few MB. */
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

const smallPhoto = async () =>
  new Uint8Array(
    await sharp({ create: { width: 500, height: 400, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer(),
  );

let galleryId = "";
const studioPage = async () => parseHtml(await (await get(`/studio/galleries/${galleryId}`)).text());
/** Every image URL the public gallery page gives a visitor's browser (img src, source srcset, links to the full photo). */
async function galleryImageUrls(): Promise<string[]> {
  const page = parseHtml(await (await get(`/gallery/${galleryId}`, null)).text());
  return [
    ...page.all("main img").map((img) => img.attribs.src ?? ""),
    ...page.all("main source").flatMap((source) => (source.attribs.srcset ?? "").split(",").map((entry) => entry.trim().split(" ")[0]!)),
    ...page
      .all("main a")
      .map((a) => a.attribs.href ?? "")
      .filter((href) => href.startsWith("/media/")),
  ];
}
const photoCaptions = async () => (await studioPage()).all(".studio-photo input[type=text]").map((input) => input.attribs.value ?? "");

describe("/studio/galleries: who may use it", () => {
  it("sends visitors to /login and members to /mem-account; editors and accountants get it, never cached", async () => {
    const visitor = await get("/studio/galleries", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fstudio%2Fgalleries");
    const asMember = await get("/studio/galleries", member.id);
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/mem-account");
    for (const userId of [editor.id, treasurer.id]) {
      const response = await get("/studio/galleries", userId);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const page = parseHtml(await (await get("/studio/galleries")).text());
    expect(page.text("h1")).toBe("Galleries");
    // The seeded galleries, each with its count, edit and View on site links.
    expect(page.all(".studio-list-item").length).toBeGreaterThan(0);
    expect(page.all(".studio-list-item a").map(textOf)).toContain("View on site");
  });
});

describe("uploads are large only for an editor's live session", () => {
  it("refuses a visitor's and a member's 1 MB upload before any route reads it (413)", async () => {
    const form = () => {
      const data = new FormData();
      data.append("photos", new Blob([new Uint8Array(1024 * 1024)], { type: "image/jpeg" }), "p.jpg");
      return data;
    };
    const anonymous = await fetch(`${server.url}/studio/galleries`, { method: "POST", redirect: "manual", body: form(), headers: { Origin: server.url } });
    expect(anonymous.status).toBe(413);
    expect(await anonymous.text()).toBe("Payload Too Large: this form sent more than the site accepts.");
    // A member may not upload (ADR 38): the allowance goes only to the roles that may (test/integration/kernel/http/body-limit.test.ts has the rest).
    const asMember = await fetch(`${server.url}/studio/galleries`, {
      method: "POST",
      redirect: "manual",
      body: form(),
      headers: { Origin: server.url, Cookie: await sessionCookieFor(member.id) },
    });
    expect(asMember.status).toBe(413);
  });
});

describe("a new gallery with uploaded photos", () => {
  it("creates the gallery (a name is required)", async () => {
    const refused = await post("/studio/galleries", [["title", "  "]]);
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text(".field-error")).toBe(GALLERY_TEXTS.titleRequired);
    const created = await post("/studio/galleries", [["title", "Summer Picnic 2026"]]);
    expect(created.status).toBe(302);
    const location = created.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/studio\/galleries\/[0-9a-f]{24}$/);
    galleryId = location.split("/").pop()!;
    expect((await studioPage()).text(".empty-state")).toBe(GALLERY_TEXTS.noPhotos);
  });

  it("makes 350/700/1100/1600 px WebP renditions and a JPEG fallback of a 4000×3000 photo, the 350 px one under 60 kB", async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const uploaded = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ["photos", { bytes: photo, name: "IMG_0001.jpg" }],
      ["photos", { bytes: await smallPhoto(), name: "IMG_0002.jpg" }],
    ]);
    expect(uploaded.status).toBe(302);
    const page = parseHtml(await (await get(`/gallery/${galleryId}`, null)).text());
    const sources = page.all(".gallery-grid picture source");
    expect(sources.length).toBe(2);
    expect(sources.every((source) => source.attribs.type === "image/webp" && source.attribs.sizes)).toBe(true);
    // Thumbnails offer only their small widths; the no-JS link opens the largest.
    const big = sources[0]!.attribs.srcset!;
    expect(big).toMatch(/^\/media\/photos\/[0-9a-f-]+\/350\.webp 350w, \/media\/photos\/[0-9a-f-]+\/700\.webp 700w$/);
    const folder = big.split(" ")[0]!.replace(/350\.webp$/, "");
    expect(page.all(".gallery-thumb").map((a) => a.attribs.href)[0]).toBe(`${folder}1600.webp`);
    // The small photo (500 px) is never upscaled: 350 and 500.
    expect(sources[1]!.attribs.srcset).toMatch(/350\.webp 350w, .*\/500\.webp 500w$/);
    const img = page.all(".gallery-grid picture img")[0]!;
    expect(img.attribs.src).toBe(`${folder}700.jpg`);
    expect([img.attribs.width, img.attribs.height, img.attribs.loading]).toEqual(["4000", "3000", "eager"]);
    expect(page.all(".gallery-grid picture img")[1]!.attribs.loading).toBe("lazy");
    if (server.cockpit) {
      // On Cockpit (ADR 47) the originals are Cockpit's own assets, held as its image field does.
      const entry = server.cockpit.data.collections.gallery!.find((e) => e._id === galleryId)!;
      const paths = (entry.images as Array<{ path: string }>).map((image) => image.path);
      expect(paths).toHaveLength(2);
      for (const p of paths) expect(p).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}_uid_[0-9a-f]+\.jpg$/);
      expect(paths.map((p) => p.slice("/storage/uploads".length)).every((p) => server.cockpit!.assets.some((a) => a.path === p))).toBe(true);
    }

    for (const [file, format, width] of [
      ["350.webp", "webp", 350],
      ["700.webp", "webp", 700],
      ["1100.webp", "webp", 1100],
      ["1600.webp", "webp", 1600],
      ["700.jpg", "jpeg", 700],
      ["original.jpg", "jpeg", 4000],
    ] as const) {
      const response = await get(`${folder}${file}`, null);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("Content-Type"), file).toBe(`image/${format}`);
      expect(response.headers.get("X-Content-Type-Options"), file).toBe("nosniff");
      expect(response.headers.get("Cache-Control"), file).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual([format, width, Math.round((width * 3) / 4)]);
      if (width === 350) expect(bytes.length, file).toBeLessThanOrEqual(60 * 1024);
    }
  });

  it("refuses hostile uploads with their message and stores nothing", async () => {
    const before = r2FileCount();
    const assetsBefore = server.cockpit?.assets.length;
    const photos = async () => (await studioPage()).all(".studio-photo").length;
    const count = await photos();
    const truncated = plainJpeg().slice(0, plainJpeg().length - 6);
    const cases: Array<[string, Uint8Array, number, string]> = [
      ["shell.jpg", new TextEncoder().encode(PHP_SCRIPT), 415, ""],
      ["page.html", new TextEncoder().encode(HTML_PAGE), 415, ""],
      ["logo.svg", new TextEncoder().encode(SVG_WITH_SCRIPT), 415, UPLOAD_MESSAGES.svg],
      ["huge.jpg", jpegOfSize(30 * 1024 * 1024), 413, UPLOAD_MESSAGES.photoTooLarge],
      ["cut.jpg", truncated, 422, UPLOAD_MESSAGES.truncatedPhoto],
    ];
    for (const [name, bytes, status, message] of cases) {
      const expected = message || (checkUpload(bytes, "photo") as { message: string }).message;
      const response = await post(`/studio/galleries/${galleryId}`, [
        ["intent", "upload"],
        ["photos", { bytes, name }],
      ]);
      expect(response.status, name).toBe(status);
      expect(parseHtml(await response.text()).text("#gallery-photos-error"), name).toBe(expected);
    }
    // A batch with one bad file stores none of it.
    const mixed = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ["photos", { bytes: await smallPhoto(), name: "good.jpg" }],
      ["photos", { bytes: new TextEncoder().encode(PHP_SCRIPT), name: "bad.jpg" }],
    ]);
    expect(mixed.status).toBe(415);
    expect(await photos()).toBe(count);
    expect(r2FileCount()).toBe(before);
    expect(server.cockpit?.assets.length).toBe(assetsBefore);
  });

  it("refuses a 30000 × 30000 px PNG (a decompression bomb), with and without JavaScript: nothing stored, nothing on the public page", async () => {
    const bomb = await pngBomb(30000, 30000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const message = "This photo is 30000 × 30000 pixels; photos can be at most 12,000 pixels on a side and 50 megapixels.";
    const before = { files: r2FileCount(), assets: server.cockpit?.assets.length, photos: (await studioPage()).all(".studio-photo").length };
    const publicImages = await galleryImageUrls();
    expect(publicImages.length).toBeGreaterThan(0);

    const form = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ["photos", { bytes: bomb, name: "bomb.png", type: "image/png" }],
    ]);
    expect(form.status).toBe(422);
    expect(parseHtml(await form.text()).text("#gallery-photos-error")).toBe(message);
    // The page's JavaScript sends each photo to the batch route: the same answer, as JSON.
    const one = await post(`/studio/galleries/${galleryId}/photos`, [
      ["intent", "photo"],
      ["photos", { bytes: bomb, name: "bomb.png", type: "image/png" }],
    ]);
    expect(one.status).toBe(422);
    expect(await one.json()).toEqual({ ok: false, message });

    expect(r2FileCount()).toBe(before.files);
    expect(server.cockpit?.assets.length).toBe(before.assets);
    expect((await studioPage()).all(".studio-photo").length).toBe(before.photos);
    const after = await galleryImageUrls();
    expect(after).toEqual(publicImages);
    expect(after.filter((url) => url.endsWith(".png"))).toEqual([]);
  });

  it("refuses a photo the image service cannot resize (its data is broken) instead of publishing its original", async () => {
    // A PNG whose header is fine (200 × 200) and whose image data is not: the renditions fail.
    const broken = new Uint8Array(
      Buffer.concat([
        Buffer.from(PNG_SIGNATURE),
        pngChunk("IHDR", [0, 0, 0, 200, 0, 0, 0, 200, 8, 2, 0, 0, 0]),
        pngChunk("IDAT", [1, 2, 3, 4, 5, 6, 7, 8]),
        pngChunk("IEND", []),
      ]),
    );
    expect(checkUpload(broken, "photo").ok).toBe(true);
    const before = { files: r2FileCount(), assets: server.cockpit?.assets.length, photos: (await studioPage()).all(".studio-photo").length };
    const publicImages = await galleryImageUrls();
    const response = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ["photos", { bytes: broken, name: "broken.png", type: "image/png" }],
    ]);
    expect(response.status).toBe(422);
    expect(parseHtml(await response.text()).text("#gallery-photos-error")).toBe(UPLOAD_MESSAGES.notResized);
    expect(r2FileCount()).toBe(before.files);
    expect(server.cockpit?.assets.length).toBe(before.assets);
    expect((await studioPage()).all(".studio-photo").length).toBe(before.photos);
    expect(await galleryImageUrls()).toEqual(publicImages);
  });

  it("asks for a photo, and takes at most 12 at a time", async () => {
    const none = await post(`/studio/galleries/${galleryId}`, [["intent", "upload"]]);
    expect(none.status).toBe(400);
    expect(parseHtml(await none.text()).text("#gallery-photos-error")).toBe(GALLERY_TEXTS.noFile);
    const tiny = plainJpeg();
    const many = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "upload"],
      ...Array.from({ length: 13 }, (_, i) => ["photos", { bytes: tiny, name: `p${i}.jpg` }] as [string, { bytes: Uint8Array; name: string }]),
    ]);
    expect(many.status).toBe(413);
    expect(parseHtml(await many.text()).text("#gallery-photos-error")).toBe(GALLERY_TEXTS.tooMany);
  });
});

describe("/media/*: photos only", () => {
  it("never serves documents or anything outside a photo's folder", async () => {
    for (const pathname of [
      "/media/documents/constitution.pdf",
      "/media/photos/../documents/constitution.pdf",
      "/media/photos/x",
      "/media/photos/none/350.webp",
      "/media/",
    ]) {
      const response = await get(pathname, null);
      expect(response.status, pathname).toBe(404);
    }
  });
});

describe("editing the gallery's photos", () => {
  it("captions, reorders, chooses the cover, deletes a photo after its confirmation", async () => {
    expect(
      (
        await post(`/studio/galleries/${galleryId}`, [
          ["intent", "captions"],
          ["caption[0]", "The big lawn"],
          ["caption[1]", "Green"],
        ])
      ).status,
    ).toBe(302);
    expect(await photoCaptions()).toEqual(["The big lawn", "Green"]);
    expect(
      (
        await post(`/studio/galleries/${galleryId}`, [
          ["intent", "down"],
          ["index", "0"],
        ])
      ).status,
    ).toBe(302);
    expect(await photoCaptions()).toEqual(["Green", "The big lawn"]);
    expect(
      (
        await post(`/studio/galleries/${galleryId}`, [
          ["intent", "featured"],
          ["index", "1"],
        ])
      ).status,
    ).toBe(302);
    expect((await studioPage()).all(".studio-photo strong").map(textOf)).toEqual(["(cover)"]);

    const first = (await studioPage()).all(".studio-photo img")[0]!.attribs.src!;
    const asked = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "delete-photo"],
      ["index", "0"],
    ]);
    expect(asked.status).toBe(200);
    expect(parseHtml(await asked.text()).text(".confirm-step p")).toBe(GALLERY_TEXTS.deletePhoto(1));
    expect(await photoCaptions()).toEqual(["Green", "The big lawn"]);
    expect(
      (
        await post(`/studio/galleries/${galleryId}`, [
          ["intent", "delete-photo"],
          ["index", "0"],
          ["confirmed", "1"],
        ])
      ).status,
    ).toBe(302);
    expect(await photoCaptions()).toEqual(["The big lawn"]);
    expect((await get(first, null)).status).toBe(404);
  });

  it("renames, then deletes the gallery and its files after the confirmation; the log has each change", async () => {
    expect(
      (
        await post(`/studio/galleries/${galleryId}`, [
          ["intent", "rename"],
          ["title", "Picnic 2026"],
        ])
      ).status,
    ).toBe(302);
    expect((await studioPage()).text("h1")).toBe("Picnic 2026");
    const file = parseHtml(await (await get(`/gallery/${galleryId}`, null)).text()).all(".gallery-grid picture img")[0]!.attribs.src!;
    expect((await get(file, null)).status).toBe(200);
    const asked = await post(`/studio/galleries/${galleryId}`, [["intent", "delete-gallery"]]);
    expect(asked.status).toBe(200);
    expect(parseHtml(await asked.text()).text(".confirm-step p")).toBe(GALLERY_TEXTS.deleteGallery("Picnic 2026"));
    const deleted = await post(`/studio/galleries/${galleryId}`, [
      ["intent", "delete-gallery"],
      ["confirmed", "1"],
    ]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/studio/galleries");
    expect((await get(`/studio/galleries/${galleryId}`)).status).toBe(404);
    expect((await get(file, null)).status).toBe(404);
    // On Cockpit, its assets of the gallery's photos are deleted with it.
    if (server.cockpit) expect(server.cockpit.assets).toEqual([]);

    const log = parseHtml(await (await get("/accounts/activity", treasurer.id)).text())
      .all("table.activity-table tbody tr")
      .map(textOf)
      .join("\n");
    for (const sentence of [
      'created the gallery "Summer Picnic 2026".',
      'changed the gallery "Summer Picnic 2026": added 2 photos.',
      'changed the gallery "Summer Picnic 2026": changed the captions.',
      'changed the gallery "Summer Picnic 2026": moved photo 1 to place 2.',
      'changed the gallery "Summer Picnic 2026": chose photo 2 as its cover.',
      'changed the gallery "Summer Picnic 2026": deleted photo 1.',
      'changed the gallery "Picnic 2026": renamed from "Summer Picnic 2026".',
      'deleted the gallery "Picnic 2026".',
    ])
      expect(log).toContain(sentence);
  });
});
