import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart, type FieldValue } from "../../../support/client";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ID_SPACE, seedId } from "../../../../seed/ids";
import { parseHtml, textOf } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { studioRequests, studioServerWithD1 } from "../../../support/studio-requests";

/**
 * The studio's home slides, About Us and School (/studio/slides, /studio/about,
 * /studio/school) on a private server: the guards, refused input (400 with messages,
 * nothing saved), saves that reach the store and the public pages, the slides' up/down
 * buttons and the remove confirmation, and the activity log's entries. Pictures are uploaded
 * (multipart, a real JPEG made here) through the photo pipeline: the public pages show them
 * with their renditions, and a replaced or removed upload's files are deleted. About Us and
 * School are also saved on Cockpit (a fake Cockpit as the store, its singletons/save).
 *
 * The public pages are fetched only after the write they check, for the first time on
 * this server, so neither the content cache nor the page cache holds an older copy; that
 * a cached page is refreshed by the write is contentChanged's (the site-settings part's)
 * test, re-run after the merge.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const slide = (n: number) => seedId(ID_SPACE.slide, n);

const env = studioServerWithD1();
const { get, post } = studioRequests(() => env.server.url);

/** A dragged order, as the slides page posts it with JavaScript: intent "order", `ids` repeated in order. */
function postOrder(ids: string[]) {
  return client(env.server)
    .as(editor)
    .post("/studio/slides", [["intent", "order"], ...ids.map((id): [string, string] => ["ids", id])]);
}

/** A real JPEG (a gradient), wide like a banner; small enough to upload quickly. */
async function bannerJpeg(): Promise<Uint8Array> {
  const [width, height] = [1800, 900];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    raw[i] = (x * 255) / width;
    raw[i + 1] = 120;
    raw[i + 2] = 255 - (x * 255) / width;
  }
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** A multipart post, as the studio's forms send it; `image` is the photo field's file. */
function postWithPhoto(base: string, path: string, fields: Record<string, string>, image?: Uint8Array) {
  const photo: Array<[string, FieldValue]> = image ? [["image", { bytes: image, name: "holiday photo.jpg" }]] : [];
  return client(base)
    .as(editor)
    .post(path, multipart([...Object.entries(fields), ...photo]));
}

type Content = ReturnType<typeof createD1Store>["content"];
const read = <T>(fn: (content: Content) => Promise<T>): Promise<T> => fn(createD1Store(env.local.db).content);

/** A textarea's value: its text, which the parser leaves with its character references. */
const textareaValue = (node: Parameters<typeof textOf>[0]) =>
  textOf(node)
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

const PATHS = ["/studio/slides", "/studio/slides/new", `/studio/slides/${slide(1)}`, "/studio/about", "/studio/school"];

describe("guards", () => {
  it("send visitors to /login and members to /mem-account, on GET and POST", async () => {
    for (const path of PATHS) {
      const visitor = await get(path, null);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const member = await get(path, demoAccount("member").id);
      expect(member.headers.get("Location"), path).toBe("/mem-account");
      const posted = await post(path, { title: "Changed By Guard" }, demoAccount("member").id);
      expect(posted.headers.get("Location"), path).toBe("/mem-account");
    }
    expect((await read((c) => c.getPage("aboutUs")))!.title).not.toBe("Changed By Guard");
  });

  it("let editors and accountants in, never cached", async () => {
    for (const userId of [editor.id, treasurer.id]) {
      for (const path of PATHS) {
        const response = await get(path, userId);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      }
    }
  });
});

describe("/studio/slides", () => {
  it("lists the slides in order with their small text and title, edit links, Add a slide and View on site", async () => {
    const page = parseHtml(await (await get("/studio/slides")).text());
    const expected = await read((c) => c.listSlides());
    expect(page.all(".studio-slide h2").map(textOf)).toEqual(expected.map((s) => s.title));
    expect(page.all(".studio-slide .studio-slide-small").map(textOf)).toEqual(expected.map((s) => s.smallText));
    expect(page.all(".studio-slide a").map((a) => a.attribs.href)).toEqual(expected.map((s) => `/studio/slides/${s.id}`));
    expect(page.one('a[href="/studio/slides/new"]')).not.toBeNull();
    expect(page.all(".studio-page a").find((a) => a.attribs.href === "/")).toBeDefined();
    expect(textOf(page.all(".studio-page a").find((a) => a.attribs.href === "/")!)).toBe("View on site");
    // The first cannot go up, the last cannot go down.
    const ups = page.all('button[name="move"][value="up"]');
    const downs = page.all('button[name="move"][value="down"]');
    expect(ups.map((b) => "disabled" in b.attribs)).toEqual(expected.map((_, i) => i === 0));
    expect(downs.map((b) => "disabled" in b.attribs)).toEqual(expected.map((_, i) => i === expected.length - 1));
  });

  it("refuses a slide without a title with its message, and saves nothing", async () => {
    const before = await read((c) => c.listSlides());
    const response = await post("/studio/slides/new", { smallText: "No title here", title: " " });
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text("#slide-title-error")).toBe("Enter a title.");
    expect(page.one("#slide-small-text")!.attribs.value).toBe("No title here");
    expect(await read((c) => c.listSlides())).toEqual(before);
    const edit = await post(`/studio/slides/${slide(1)}`, { title: "" });
    expect(edit.status).toBe(400);
    expect(await read((c) => c.getSlide(slide(1)))).toEqual(before[0]);
  });

  it("adds a slide last with an uploaded picture, edits one keeping its picture, moves one up, and the home page shows them in that order", async () => {
    const added = await postWithPhoto(
      env.server.url,
      "/studio/slides/new",
      { smallText: "New this year", title: "Studio Picnic Slide", description: "In the park" },
      await bannerJpeg(),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/studio/slides");
    const afterAdd = await read((c) => c.listSlides());
    expect(afterAdd.at(-1)).toMatchObject({ smallText: "New this year", title: "Studio Picnic Slide", description: "In the park" });
    const banner = afterAdd.at(-1)!.bannerImage;
    expect(banner).toMatchObject({ width: 1800, height: 900, renditions: [350, 700, 1100, 1600] });
    expect(banner.path).toMatch(/^\/media\/photos\/[^/]+\/original\.jpg$/);
    const served = await fetch(`${env.server.url}${banner.path.replace("original.jpg", "700.webp")}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");

    const first = afterAdd[0]!;
    const edited = await post(`/studio/slides/${first.id}`, { smallText: first.smallText, title: "Edited In Studio", description: first.description });
    expect(edited.status).toBe(302);
    expect(await read((c) => c.getSlide(first.id))).toEqual({ ...first, title: "Edited In Studio" });

    // The second slide goes up: it is now first.
    const second = afterAdd[1]!;
    const moved = await post("/studio/slides", { intent: "move", id: second.id, move: "up" });
    expect(moved.status).toBe(302);
    const afterMove = await read((c) => c.listSlides());
    expect(afterMove.map((s) => s.id)).toEqual([second.id, first.id, ...afterAdd.slice(2).map((s) => s.id)]);
    // The first cannot go further up: nothing changes.
    await post("/studio/slides", { intent: "move", id: second.id, move: "up" });
    expect((await read((c) => c.listSlides())).map((s) => s.id)).toEqual(afterMove.map((s) => s.id));

    // Slides without a picture are left out of the home page (the new one has its upload).
    expect(afterMove.at(-1)!.bannerImage.path).toBe(banner.path);
    const home = parseHtml(await (await get("/", null)).text());
    // The carousel's infinite loop adds a copy of the last slide before the first and of the first after the last.
    const shown = home.all(".hero-slider li.slide h2").map(textOf).slice(1, -1);
    expect(shown).toEqual(afterMove.filter((s) => s.bannerImage.path).map((s) => (s.id === first.id ? "Edited In Studio" : s.title)));
    expect(shown.slice(0, 2)).toEqual([second.title, "Edited In Studio"]);
    expect(home.text(".hero-slider li.slide.selected h2")).toBe(second.title);
  });

  it("refuses a dragged order that is not exactly the slides there are (400, its message, nothing saved)", async () => {
    const ids = (await read((c) => c.listSlides())).map((s) => s.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const reversed = [...ids].reverse();
    for (const wrong of [reversed.slice(1), [...reversed, slide(99)], [...reversed.slice(1), reversed[1]!], [...reversed.slice(1), slide(99)]]) {
      const response = await postOrder(wrong);
      expect(response.status, wrong.join()).toBe(400);
      expect(parseHtml(await response.text()).text(".form-error"), wrong.join()).toBe("The slides have changed since this page was opened. Please try again.");
      expect((await read((c) => c.listSlides())).map((s) => s.id)).toEqual(ids);
    }
  });

  it("saves a dragged order (the last slide to the top) in one write, and the studio lists it", async () => {
    const ids = (await read((c) => c.listSlides())).map((s) => s.id);
    const next = [ids.at(-1)!, ...ids.slice(0, -1)];
    const saved = await postOrder(next);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/studio/slides");
    expect((await read((c) => c.listSlides())).map((s) => s.id)).toEqual(next);
    const page = parseHtml(await (await get("/studio/slides")).text());
    expect(page.all(".studio-slide a").map((a) => a.attribs.href)).toEqual(next.map((id) => `/studio/slides/${id}`));
  });

  it("asks before removing a slide (Yes, Cancel), then removes it", async () => {
    const [target] = await read((c) => c.listSlides());
    const asked = await post("/studio/slides", { intent: "remove", id: target!.id });
    expect(asked.status).toBe(200);
    const page = parseHtml(await asked.text());
    expect(page.text(".confirm-step p")).toBe(`Remove the slide “${target!.title}” from the home page? This cannot be undone.`);
    expect(page.one('.confirm-step input[name="confirmed"]')!.attribs.value).toBe("1");
    expect(page.one('.confirm-step a[href="/studio/slides"]')).not.toBeNull();
    expect(await read((c) => c.getSlide(target!.id))).not.toBeNull();

    const removed = await post("/studio/slides", { intent: "remove", id: target!.id, confirmed: "1" });
    expect(removed.status).toBe(302);
    expect(await read((c) => c.getSlide(target!.id))).toBeNull();
  });

  it("answers 404 for a slide that does not exist", async () => {
    expect((await get("/studio/slides/ffffffffffffffffffffffff")).status).toBe(404);
  });
});

describe("/studio/about and /studio/school", () => {
  it("shows the page's current texts, video and picture", async () => {
    const about = await read((c) => c.getPage("aboutUs"));
    const page = parseHtml(await (await get("/studio/about")).text());
    expect(page.one("#page-title")!.attribs.value).toBe(about!.title);
    expect(page.one("#page-youtube")!.attribs.value).toBe(about!.youtubeVideoId);
    expect(textareaValue(page.one("#page-description")!)).toBe(about!.descriptionHtml);
    expect(page.one(".photo-input-current img")!.attribs.src).toBe(about!.image!.path);
    expect(page.one('form[enctype="multipart/form-data"] input[type="file"][name="image"]')).not.toBeNull();
    expect(page.one('a[href="/about"]')).not.toBeNull();
  });

  it("refuses a missing title and a video that is not YouTube's, with messages, and saves nothing", async () => {
    const before = await read((c) => c.getPage("aboutSchool"));
    const response = await post("/studio/school", { title: "", youtubeVideoId: "https://vimeo.com/123", descriptionHtml: "<p>kept</p>" });
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text("#page-title-error")).toBe("Enter a title.");
    expect(page.text("#page-youtube-error")).toBe("Enter a YouTube video address or its 11-character id, or leave it empty.");
    expect(textareaValue(page.one("#page-description")!)).toBe("<p>kept</p>");
    expect(await read((c) => c.getPage("aboutSchool"))).toEqual(before);
  });

  it("saves About Us (sanitized, the video id from its address, the picture kept) and /about shows it", async () => {
    const before = await read((c) => c.getPage("aboutUs"));
    const response = await post("/studio/about", {
      preTitle: "WHO WE ARE",
      title: "Studio About Title",
      descriptionHtml: '<p>Hello <strong>all</strong><script>alert(1)</script><img src=x onerror="alert(1)"></p>',
      description2Html: "<p>More</p>",
      youtubeVideoId: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/studio/about");
    const saved = await read((c) => c.getPage("aboutUs"));
    expect(saved).toMatchObject({
      preTitle: "WHO WE ARE",
      title: "Studio About Title",
      youtubeVideoId: "dQw4w9WgXcQ",
      description2Html: "<p>More</p>",
      image: before!.image,
    });
    expect(parseHtml(saved!.descriptionHtml).all("strong").map(textOf)).toEqual(["all"]);
    expect(saved!.descriptionHtml).not.toMatch(/script|onerror/);

    const about = parseHtml(await (await get("/about", null)).text());
    expect(about.text(".info-page-text h2")).toBe("Studio About Title");
    expect(about.text(".info-page-text .eyebrow")).toBe("WHO WE ARE");
  });

  it("uploads a picture for School: /school shows it with its renditions; a new upload replaces it and the old one's files are deleted", async () => {
    const fields = { title: "School With Photo", descriptionHtml: "<p>Hi</p>" };
    expect((await postWithPhoto(env.server.url, "/studio/school", fields, await bannerJpeg())).status).toBe(302);
    const first = (await read((c) => c.getPage("aboutSchool")))!.image!;
    expect(first).toMatchObject({ width: 1800, height: 900, renditions: [350, 700, 1100, 1600] });
    const school = parseHtml(await (await get("/school", null)).text());
    const source = school.one(".info-page-media picture source")!;
    expect(source.attribs.type).toBe("image/webp");
    expect(source.attribs.srcset).toContain(first.path.replace("original.jpg", "700.webp 700w"));
    expect(source.attribs.sizes).toBe("(min-width: 900px) 560px, 100vw");
    // The page's first image: loaded at once, not lazily.
    expect(school.one(".info-page-media picture img")!.attribs.loading).toBe("eager");
    // The studio shows it with Picture too.
    const studio = parseHtml(await (await get("/studio/school")).text());
    expect(studio.one(".photo-input-current picture source")!.attribs.srcset).toContain("350.webp 350w");

    expect((await postWithPhoto(env.server.url, "/studio/school", fields, await bannerJpeg())).status).toBe(302);
    const second = (await read((c) => c.getPage("aboutSchool")))!.image!;
    expect(second.path).not.toBe(first.path);
    expect((await fetch(`${env.server.url}${first.path}`)).status).toBe(404);
    expect((await fetch(`${env.server.url}${first.path.replace("original.jpg", "350.webp")}`)).status).toBe(404);
    expect((await fetch(`${env.server.url}${second.path}`)).status).toBe(200);
  });

  it("refuses a file that is not a photo with its message, and keeps the page as it was", async () => {
    const before = await read((c) => c.getPage("aboutSchool"));
    const response = await postWithPhoto(env.server.url, "/studio/school", { title: "Not Saved" }, new TextEncoder().encode("<?php system($_GET['c']); ?>"));
    expect(response.status).toBe(415);
    const page = parseHtml(await response.text());
    expect(page.text("#page-image-error")).not.toBe("");
    expect(await read((c) => c.getPage("aboutSchool"))).toEqual(before);
  });

  it("removes the School page's picture when asked (its files too), and /school shows the new title", async () => {
    const uploaded = (await read((c) => c.getPage("aboutSchool")))!.image!;
    const response = await post("/studio/school", { title: "Studio School Title", "image-remove": "1" });
    expect(response.status).toBe(302);
    expect(await read((c) => c.getPage("aboutSchool"))).toMatchObject({ title: "Studio School Title", image: null, youtubeVideoId: "" });
    const school = parseHtml(await (await get("/school", null)).text());
    expect(school.text(".info-page-text h2")).toBe("Studio School Title");
    expect(school.one(".info-page-media img")).toBeNull();
    expect((await fetch(`${env.server.url}${uploaded.path}`)).status).toBe(404);
  });
});

describe("the activity log", () => {
  it("has an entry for each write, newest first", async () => {
    const page = parseHtml(await (await get("/accounts/activity", treasurer.id)).text());
    const what = page.all("table.activity-table tbody tr").map((row) => textOf(row.children.filter((cell) => cell.type === "tag")[2]!));
    const name = (await createD1Store(env.local.db).members.getById(editor.id))!.fullName;
    expect(what.slice(0, 9)).toEqual([
      `${name} changed the School page.`,
      `${name} changed the School page.`,
      `${name} changed the School page.`,
      `${name} changed the About Us page.`,
      expect.stringMatching(new RegExp(`^${name} removed the home slide "`)),
      // The dragged order: one entry, naming the slide dragged to the top.
      expect.stringMatching(new RegExp(`^${name} moved the home slide "`)),
      expect.stringMatching(new RegExp(`^${name} moved the home slide "`)),
      `${name} changed the home slide "Edited In Studio".`,
      `${name} added the home slide "Studio Picnic Slide".`,
    ]);
  });
});

describe("About Us on Cockpit (the store is a fake Cockpit)", () => {
  let onCockpit: SeededServer;
  beforeAll(async () => {
    onCockpit = await startSeededServer({ store: "cockpit" });
  });
  afterAll(async () => {
    await onCockpit?.stop();
  });

  it("saves the page into the aboutUs singleton with Cockpit's field names, with an uploaded picture, and /about shows it", async () => {
    const fields = {
      preTitle: "WHO WE ARE",
      title: "Cockpit About Title",
      descriptionHtml: "<p>Saved <strong>in Cockpit</strong><script>alert(1)</script></p>",
      description2Html: "<ul><li>One</li></ul>",
      youtubeVideoId: "dQw4w9WgXcQ",
    };
    const response = await postWithPhoto(onCockpit.url, "/studio/about", fields, await bannerJpeg());
    expect(response.status).toBe(302);
    const saved = onCockpit.cockpit!.data.singletons.aboutUs!;
    expect(saved).toMatchObject({
      preTitle: "WHO WE ARE",
      Title: "Cockpit About Title",
      Description: "<p>Saved <strong>in Cockpit</strong></p>",
      Description2: "<ul><li>One</li></ul>",
      YoutubeVideoId: "dQw4w9WgXcQ",
      Image: { meta: { width: 1800, height: 900, renditions: [350, 700, 1100, 1600] } },
    });
    // As Cockpit's own image field holds an asset (ADR 47); the site shows its renditions from /media/.
    const image = saved.Image as { path: string };
    expect(image.path).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}_uid_[0-9a-f]+\.jpg$/);
    const id = image.path.match(/([0-9a-f-]{36})_uid_/)![1];
    const about = parseHtml(await (await fetch(`${onCockpit.url}/about`)).text());
    expect(about.text(".info-page-text h2")).toBe("Cockpit About Title");
    expect(about.one(".info-page-text strong")).not.toBeNull();
    expect(about.one(".info-page-media picture source")!.attribs.srcset).toContain(`/media/photos/${id}/1600.webp 1600w`);
    // The studio's screen is editable on Cockpit: no read-only notice, the form posts.
    const studio = await fetch(`${onCockpit.url}/studio/about`, { headers: { Cookie: await sessionCookieFor(editor.id) } });
    expect(studio.status).toBe(200);
    const page = parseHtml(await studio.text());
    expect(page.one("fieldset[disabled]")).toBeNull();
    expect(page.one("#page-title")!.attribs.value).toBe("Cockpit About Title");
  });
});
