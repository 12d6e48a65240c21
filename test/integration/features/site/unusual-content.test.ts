import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { parseHtml, textOf, within } from "../../../support/html";
import type { NewsItem } from "~/kernel/store/records";
import { newsToRow } from "~/kernel/store/d1/rows";
import { bulkUpsert } from "~/kernel/store/d1/sql";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * Content the demo does not have: hostile rich text (the CMS is controlled by
 * editors, or by an intruder with an editor's password) and a missing page.
 * Its own server, so the records are in place before anything is cached and no
 * other test sees them.
 */
const HOSTILE: NewsItem = {
  id: "0123456789abcdef01234567",
  title: "Hostile <b>news</b>",
  excerptHtml: '<p onclick="alert(1)">Teaser <script>alert("excerpt")</script></p>',
  contentHtml:
    '<p>Before</p><script>alert("content")</script>' +
    '<img src="x" onerror="alert(\'img\')">' +
    "<a href=\"javascript:alert('link')\">Click me</a>" +
    '<a href="JaVaScRiPt:alert(1)">Mixed case</a>' +
    '<a href="  javascript:alert(2)">Spaced</a>' +
    '<iframe src="https://evil.example/"></iframe>' +
    '<svg onload="alert(3)"><circle r="5" /></svg>' +
    '<p style="background:url(javascript:alert(4))">Styled</p>' +
    '<a href="https://example.org/" target="_blank">Safe link</a><p>After</p>',
  image: { path: "javascript:alert('image')", width: 10, height: 10 },
  published: true,
  createdAt: Math.floor(Date.now() / 1000) + 60,
};

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      await db.batch([...bulkUpsert(db, "news", [newsToRow(HOSTILE)]), db.prepare("DELETE FROM singletons WHERE name = 'aboutSchool'")]);
    },
  });
});
afterAll(() => server?.stop());

const get = async (path: string) => {
  const response = await client(server).get(path, { follow: true });
  return { status: response.status, html: await response.text() };
};

function expectHarmless(html: string) {
  // The page's own scripts are Remix's; none carries the content's alerts.
  expect(html).not.toMatch(/alert\(/);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html.toLowerCase()).not.toContain("javascript:");
  expect(html).not.toContain("<iframe");
  expect(html).not.toContain("evil.example");
}

describe("hostile rich text never reaches the page", () => {
  it("news detail: script, event handlers and javascript: URLs are removed, the rest is kept", async () => {
    const { status, html } = await get(`/blog-details/${HOSTILE.id}`);
    expect(status).toBe(200);
    const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
    const content = within(parseHtml(html).one("article") ?? []);
    expect(content.all("p").map(textOf)).toEqual(expect.arrayContaining(["Before", "After"]));
    expect(content.all("a").map(textOf)).toContain("Click me");
    expect(content.one('a[href="https://example.org/"]')?.attribs).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
    expect(article).not.toContain("<script");
    expect(article).not.toContain("<svg");
    expect(article).not.toContain("style=");
    // The title is text, not markup.
    expect(html).toContain("Hostile &lt;b&gt;news&lt;/b&gt;");
    expectHarmless(html);
  });

  it("news list and home: the excerpt is cleaned too", async () => {
    for (const path of ["/blog", "/"]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Teaser");
      expectHarmless(html);
    }
  });
});

describe("a missing content record", () => {
  it("shows the Under Construction page in its place", async () => {
    const { status, html } = await get("/school");
    expect(status).toBe(200);
    expect(html).toContain("Under Construction!");
    expect(html).toContain("We&#x27;re coming soon. We&#x27;re working hard to give you the best experience.");
    expect(html).toMatch(/<a [^>]*href="\/home"[^>]*>Back to home<\/a>/);
    // The other page is unaffected.
    expect((await get("/about")).html).not.toContain("Under Construction!");
  });
});
