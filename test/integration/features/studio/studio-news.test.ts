import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { parseHtml, textOf } from "../../../support/html";
import { demoAccount } from "../../../support/session";
import { studioRequests, studioServerWithD1 } from "../../../support/studio-requests";

/**
 * The studio's news (/studio/news, docs/requirements.md §7.6) on a private seeded server: the guards, writing
 * a draft (never shown to visitors), publishing, taking back, deleting after the question,
 * refused input with its messages, the sanitizer on save and the activity log; the picture
 * uploaded (multipart, a real JPEG), shown with its renditions, a typed path kept, the
 * replaced and deleted items' files removed.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");

const env = studioServerWithD1();
const { get, post } = studioRequests(() => env.server.url);

const form = (title: string, extra: Record<string, string> = {}) => ({
  title,
  date: "2026-11-20",
  excerpt: "A short summary",
  content: `<p>${title}: <strong>bold</strong> words.</p>`,
  intent: "save",
  ...extra,
});

/** Creates an item through the form; returns its id (from the redirect to its edit page). */
async function create(title: string, extra: Record<string, string> = {}) {
  const response = await post("/studio/news/new", form(title, extra));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/studio\/news\/[0-9a-f]{24}$/);
  return location.split("/").pop()!;
}

/** The form as the browser sends it (multipart), with a photo in the picture field. */
async function postWithPhoto(path: string, fields: Record<string, string>, image: Uint8Array) {
  return client(env.server)
    .as(editor)
    .post(path, multipart([...Object.entries(fields), ["image", { bytes: image, name: "picnic.jpg" }]]));
}

/** A real 1200×800 JPEG. */
const photo = async () =>
  new Uint8Array(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer(),
  );

const store = () => createD1Store(env.local.db).content;
const blogTitles = async () =>
  parseHtml(await (await get("/blog", null)).text())
    .all(".news-card .card-body a:not(.read-more)")
    .map(textOf);
const EDITOR_NAME = "Vinod Nair";

describe("/studio/news: who may use it", () => {
  for (const path of ["/studio/news", "/studio/news/new"]) {
    it(`${path}: visitors to /login, members to /mem-account, editors and accountants in (never cached)`, async () => {
      const visitor = await get(path, null);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const asMember = await get(path, member.id);
      expect(asMember.status).toBe(302);
      expect(asMember.headers.get("Location")).toBe("/mem-account");
      for (const account of [editor, treasurer]) {
        const response = await get(path, account.id);
        expect(response.status, account.key).toBe(200);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
    });
  }

  it("refuses a visitor's and a member's post without writing anything", async () => {
    const before = (await store().listAllNews()).length;
    expect((await post("/studio/news/new", form("Sneaky"), null)).headers.get("Location")).toMatch(/^\/login\?/);
    expect((await post("/studio/news/new", form("Sneaky"), member.id)).headers.get("Location")).toBe("/mem-account");
    expect((await store().listAllNews()).length).toBe(before);
  });
});

describe("/studio/news: writing news", () => {
  it("publishes a new item: on /blog and its page at once, listed as Published with its View on site link", async () => {
    const id = await create("Summer picnic news", { intent: "publish" });
    expect(await blogTitles()).toContain("Summer picnic news");
    const article = await get(`/blog-details/${id}`, null);
    expect(article.status).toBe(200);
    const page = parseHtml(await article.text());
    expect(page.text("h1")).toBe("Summer picnic news");
    expect(page.one(".rich-text strong")).not.toBeNull();

    const list = parseHtml(await (await get("/studio/news")).text());
    const item = list.all(".studio-part").find((li) => textOf(li).includes("Summer picnic news"))!;
    expect(textOf(item)).toContain("Published");
    const links = list.all(`.studio-part a`).filter((a) => a.attribs.href === `/blog-details/${id}`);
    expect(links.map(textOf)).toEqual(["View on site"]);
  });

  it("keeps a draft from visitors: its page is 404, it is not on /blog, and the studio marks it Draft", async () => {
    const id = await create("Secret draft");
    expect((await get(`/blog-details/${id}`, null)).status).toBe(404);
    expect(await blogTitles()).not.toContain("Secret draft");
    expect(await store().getPublishedNews(id)).toBeNull();
    const list = parseHtml(await (await get("/studio/news")).text());
    const item = list.all(".studio-part").find((li) => textOf(li).includes("Secret draft"))!;
    expect(textOf(item)).toContain("Draft");
    expect(list.all(".studio-part a").filter((a) => a.attribs.href === `/blog-details/${id}`)).toEqual([]);
    // The edit page shows what was saved.
    const edit = parseHtml(await (await get(`/studio/news/${id}`)).text());
    expect(edit.one("#news-title")?.attribs.value).toBe("Secret draft");
    expect(edit.one("#news-date")?.attribs.value).toBe("2026-11-20");
    // The HTML as text inside the textarea (escaped, so it is the field's value, not markup).
    expect(textOf(edit.one("textarea#news-content")!)).toBe("&lt;p&gt;Secret draft: &lt;strong&gt;bold&lt;/strong&gt; words.&lt;/p&gt;");
  });

  it("publishes a draft, then takes it back (the store at once; /blog once contentChanged lands)", async () => {
    const id = await create("Draft to publish");
    expect((await post(`/studio/news/${id}`, form("Draft to publish", { intent: "publish" }))).status).toBe(302);
    expect((await store().getPublishedNews(id))?.title).toBe("Draft to publish");
    expect((await post(`/studio/news/${id}`, { intent: "unpublish" })).status).toBe(302);
    expect(await store().getPublishedNews(id)).toBeNull();
    expect((await store().getNews(id))?.published).toBe(false);
  });

  it("sanitizes the text with the CMS allow-list before saving", async () => {
    const id = await create("Hostile text", {
      content: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a> <img src="x" onerror="y()"></p>',
    });
    const saved = (await store().getNews(id))!.contentHtml;
    expect(saved).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(saved).toContain("Hi ");
  });

  it("answers bad input with 400 and the messages, keeping what was typed", async () => {
    const before = (await store().listAllNews()).length;
    const response = await post("/studio/news/new", {
      title: "",
      date: "2026-02-30",
      content: "",
      intent: "save",
      excerpt: "kept",
    });
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text("#news-title-error")).toBe("Please enter a title");
    expect(page.text("#news-date-error")).toBe("Please enter the date");
    expect(page.text("#news-content-error")).toBe("Please write the news item");
    expect(textOf(page.one("textarea#news-excerpt")!)).toBe("kept");
    expect((await store().listAllNews()).length).toBe(before);
  });

  it("deletes only after the question (without JavaScript: a page asks, Yes deletes)", async () => {
    const id = await create("To be deleted", { intent: "publish" });
    // Delete without confirmation: the question, nothing deleted.
    const asked = await post(`/studio/news/${id}`, { intent: "delete" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/studio/news/${id}?delete`);
    expect(await store().getNews(id)).not.toBeNull();
    const question = parseHtml(await (await get(`/studio/news/${id}?delete`)).text());
    expect(question.text(".confirm-step p")).toBe("Delete the news item “To be deleted”? This cannot be undone.");
    expect(question.one('.confirm-step input[name="confirmed"]')?.attribs.value).toBe("1");

    const done = await post(`/studio/news/${id}`, { intent: "delete", confirmed: "1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/studio/news");
    expect(await store().getNews(id)).toBeNull();
    expect((await get(`/studio/news/${id}`)).status).toBe(404);
    expect((await get(`/blog-details/${id}`, null)).status).toBe(404);
  });

  it("uploads a picture: the item's page and /blog show it with its renditions; Save without a file keeps it; Delete removes its files", async () => {
    const created = await postWithPhoto("/studio/news/new", form("News with a photo", { intent: "publish" }), await photo());
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").pop()!;
    const image = (await store().getNews(id))!.image!;
    expect(image).toMatchObject({ width: 1200, height: 800, renditions: [350, 700, 1100, 1200] });
    expect(image.path).toMatch(/^\/media\/photos\/[^/]+\/original\.jpg$/);

    const article = parseHtml(await (await get(`/blog-details/${id}`, null)).text());
    expect(article.one("picture source")!.attribs.srcset).toContain(image.path.replace("original.jpg", "700.webp 700w"));
    expect(article.one("picture img")!.attribs.loading).toBe("eager");
    const card = parseHtml(await (await get("/blog", null)).text())
      .all(".news-card")
      .find((li) => textOf(li).includes("News with a photo"))!;
    expect(card).toBeDefined();
    const edit = parseHtml(await (await get(`/studio/news/${id}`)).text());
    expect(edit.one(".photo-input-current picture source")).not.toBeNull();

    // Saved again without a file: the picture stays.
    expect((await post(`/studio/news/${id}`, form("News with a photo, edited"))).status).toBe(302);
    expect((await store().getNews(id))!.image).toEqual(image);
    expect((await fetch(`${env.server.url}${image.path}`)).status).toBe(200);

    expect((await post(`/studio/news/${id}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    expect((await fetch(`${env.server.url}${image.path}`)).status).toBe(404);
  });

  it("keeps a picture given by path before uploads existed, and never deletes a file that is not an uploaded photo", async () => {
    const [withPath] = (await store().listAllNews()).filter((item) => item.image?.path && !item.image.path.startsWith("/media/"));
    expect(withPath).toBeDefined();
    const fields = { title: withPath!.title, date: "2026-11-20", excerpt: withPath!.excerptHtml, content: withPath!.contentHtml, intent: "save" };
    expect((await post(`/studio/news/${withPath!.id}`, fields)).status).toBe(302);
    expect((await store().getNews(withPath!.id))!.image).toEqual(withPath!.image);
    // Replaced by an upload: the old picture (a demo file, not ours to delete) is still served.
    expect((await postWithPhoto(`/studio/news/${withPath!.id}`, fields, await photo())).status).toBe(302);
    expect((await store().getNews(withPath!.id))!.image!.path).toMatch(/^\/media\/photos\//);
    expect((await fetch(`${env.server.url}${withPath!.image!.path}`)).status).toBe(200);
  });

  it("records each write in the activity log", async () => {
    const id = await create("Logged news");
    await post(`/studio/news/${id}`, form("Logged news", { intent: "publish" }));
    await post(`/studio/news/${id}`, { intent: "unpublish" });
    await post(`/studio/news/${id}`, { intent: "delete", confirmed: "1" });
    const { rows } = await createD1Store(env.local.db).activity.list({ page: 0, pageSize: 50 });
    const mine = rows.filter((row) => row.subjectId === id).map((row) => row.summary);
    expect(mine).toEqual([
      `${EDITOR_NAME} deleted the news item "Logged news".`,
      `${EDITOR_NAME} took back to draft the news item "Logged news".`,
      `${EDITOR_NAME} published the news item "Logged news".`,
      `${EDITOR_NAME} changed the news item "Logged news".`,
      `${EDITOR_NAME} wrote the news item "Logged news".`,
    ]);
  });
});
