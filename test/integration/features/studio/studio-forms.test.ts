import { describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { EVENT_MESSAGES } from "~/features/studio/event-form-fields";
import { DRAFT_BANNER } from "~/features/site/routes/news-item";
import { CHECK_FIELDS_MESSAGE } from "~/kernel/forms/FormMessage";
import { formatNewsDate } from "~/kernel/dates/dates";
import { parseHtml, textOf } from "../../../support/html";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";
import { studioRequests, studioServerWithD1 } from "../../../support/studio-requests";
import { DEMO_EVENT_ID } from "../../../support/book-ticket";

/**
 * Editors never lose work (docs/requirements.md §7.6, §7.11): a draft opened on the site by its
 * editor (a banner; 404 to visitors; never cached), the preview of unsaved fields, number fields
 * that say what to type, error summaries that link to their fields, and plain paragraphs typed
 * without JavaScript kept as paragraphs.
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");

const env = studioServerWithD1();
const { get, post } = studioRequests(() => env.server.url);
const store = () => createD1Store(env.local.db).content;

async function createDraft(title: string, content: string) {
  const response = await post("/studio/news/new", { title, date: "2026-11-20", excerpt: "", content, intent: "save" });
  expect(response.status).toBe(302);
  return (response.headers.get("Location") ?? "").split("/").pop()!;
}

describe("a draft news item on the site", () => {
  it("opens for its editor under the Draft banner, never cached; visitors and members get 404", async () => {
    const id = await createDraft("Draft picnic plans", "<p>Bring a blanket.</p>");
    const asEditor = await get(`/blog-details/${id}`, editor.id);
    expect(asEditor.status).toBe(200);
    expect(asEditor.headers.get("Cache-Control")).toBe("private, no-store");
    expect(asEditor.headers.get("X-Page-Cache")).toBeNull();
    const page = parseHtml(await asEditor.text());
    expect(page.text(".draft-banner strong")).toBe(DRAFT_BANNER);
    expect(page.text("h1")).toBe("Draft picnic plans");
    expect(page.text(".news-article .rich-text")).toBe("Bring a blanket.");
    expect(page.one(".draft-banner a")?.attribs.href).toBe(`/studio/news/${id}`);

    // The accountant may edit the website too; a member and a visitor may not see a draft.
    expect((await get(`/blog-details/${id}`, treasurer.id)).status).toBe(200);
    expect((await get(`/blog-details/${id}`, member.id)).status).toBe(404);
    for (let visit = 0; visit < 2; visit++) {
      const visitor = await get(`/blog-details/${id}`, null);
      expect(visitor.status).toBe(404);
      expect(parseHtml(await visitor.text()).all(".draft-banner")).toHaveLength(0);
      expect(visitor.headers.get("X-Page-Cache")).not.toBe("hit");
    }

    // Published, it is everyone's page, without the banner.
    expect(
      (
        await post(`/studio/news/${id}`, {
          title: "Draft picnic plans",
          date: "2026-11-20",
          excerpt: "",
          content: "<p>Bring a blanket.</p>",
          intent: "publish",
        })
      ).status,
    ).toBe(302);
    const published = await get(`/blog-details/${id}`, null);
    expect(published.status).toBe(200);
    expect(parseHtml(await published.text()).all(".draft-banner")).toHaveLength(0);
    expect(parseHtml(await (await get(`/blog-details/${id}`, editor.id)).text()).all(".draft-banner")).toHaveLength(0);
  });
});

describe("/studio/preview: the unsaved form as visitors will see it", () => {
  const srcdoc = async (response: Response) => parseHtml(parseHtml(await response.text()).one("iframe")?.attribs.srcdoc ?? "");

  it("draws a news item's unsaved fields with the site's article, cleaned, at phone width first; nothing saved", async () => {
    const id = await createDraft("Saved title", "<p>Saved text.</p>");
    const response = await post(`/studio/preview/news/${id}`, {
      title: "Unsaved title",
      date: "2026-12-24",
      content: "<p>First paragraph.</p><script>alert(1)</script><p>Second paragraph.</p>",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const outer = parseHtml(await response.clone().text());
    expect(outer.text("h1")).toBe("Preview: Unsaved title");
    expect(outer.one("#preview-phone")?.attribs.checked).toBeDefined();
    expect(outer.one("#preview-desktop")).toBeTruthy();
    const frame = await srcdoc(response);
    expect(frame.text("h1")).toBe("Unsaved title");
    expect(frame.all(".news-article .rich-text p").map(textOf)).toEqual(["First paragraph.", "Second paragraph."]);
    expect(frame.all("script")).toHaveLength(0);
    // The site's own date (its quirk included, docs/decisions/0008).
    expect(frame.text(".news-date")).toBe(formatNewsDate(Date.parse("2026-12-24T12:00:00Z") / 1000));
    expect(frame.one('link[rel="stylesheet"]')?.attribs.href).toMatch(/\.css$/);
    expect((await store().getNews(id))?.title).toBe("Saved title");
  });

  it("draws About Us and School with the site's page view", async () => {
    const response = await post("/studio/preview/about", {
      preTitle: "WHO WE ARE",
      title: "A warm welcome",
      descriptionHtml: "<p>We meet monthly.</p>",
      description2Html: "",
      youtubeVideoId: "",
    });
    expect(response.status).toBe(200);
    const frame = await srcdoc(response);
    expect(frame.text(".info-page h2")).toBe("A warm welcome");
    expect(frame.text(".info-page .eyebrow")).toBe("WHO WE ARE");
    expect(frame.text(".info-page .rich-text")).toBe("We meet monthly.");
    expect((await post("/studio/preview/school", { title: "School" })).status).toBe(200);
    expect((await post("/studio/preview/elsewhere", { title: "x" })).status).toBe(404);
  });

  it("is for editors and accountants only, and opened by address alone says where to find it", async () => {
    const visitor = await post("/studio/preview/news", { title: "x" }, null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    expect((await post("/studio/preview/news", { title: "x" }, member.id)).headers.get("Location")).toBe("/mem-account");
    const byAddress = await get("/studio/preview/news");
    expect(byAddress.status).toBe(200);
    const page = parseHtml(await byAddress.text());
    expect(page.all("iframe")).toHaveLength(0);
    expect(page.text(".studio-intro")).toMatch(/^Nothing to preview here/);
  });

  it("is offered by the news form and the page forms, posting the form to the preview in a new tab", async () => {
    const id = await createDraft("Has a preview", "<p>x</p>");
    for (const [path, action] of [
      [`/studio/news/${id}`, `/studio/preview/news/${id}`],
      ["/studio/news/new", "/studio/preview/news"],
      ["/studio/about", "/studio/preview/about"],
      ["/studio/school", "/studio/preview/school"],
    ] as const) {
      const button = parseHtml(await (await get(path)).text())
        .all("form button")
        .find((b) => textOf(b) === "Preview");
      expect(button?.attribs.formaction, path).toBe(action);
      expect(button?.attribs.formtarget, path).toBe("_blank");
    }
  });
});

describe("number fields and error summaries", () => {
  const eventPath = `/studio/events/${DEMO_EVENT_ID}`;
  const shownForm = async () => formFields(await (await get(eventPath, treasurer.id)).text(), "form.studio-form").filter(([name]) => name !== "image");

  it("capacity \u201c300 people\u201d answers with what to type, and the summary links to the field by its label", async () => {
    const response = await post(eventPath, withChanges(await shownForm(), { capacity: "300 people", title: "" }), treasurer.id);
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text("#event-capacity-error")).toBe(EVENT_MESSAGES.capacity);
    expect(EVENT_MESSAGES.capacity).toContain("Enter a number of people, e.g. 300");
    expect(page.one("#event-capacity")?.attribs).toMatchObject({ inputmode: "numeric", pattern: "[0-9]*", value: "300 people" });
    expect(page.text('[role="alert"]')).toBe(EVENT_MESSAGES.invalid);
    const links = page.all(".form-error-links a").map((a) => [a.attribs.href, textOf(a)]);
    expect(links).toEqual([
      ["#event-title", "Title"],
      ["#event-capacity", "Capacity (people)"],
    ]);
    for (const [href] of links) expect(page.one(href!), href).toBeTruthy();
  });

  it("every number and money field in the studio asks for the digits keyboard", async () => {
    const event = parseHtml(await (await get(eventPath, treasurer.id)).text());
    expect(event.one("#event-capacity")?.attribs.inputmode).toBe("numeric");
    expect(event.one("#event-singlePrice")?.attribs.inputmode).toBe("decimal");
    expect(event.one("#event-singlePrice")?.attribs.pattern).toBeTruthy();
    const settings = parseHtml(await (await get("/studio/settings", treasurer.id)).text());
    for (const id of ["settings-retentionPaymentYears", "settings-retentionOutboxDays", "settings-retentionContactDays"])
      expect(settings.one(`#${id}`)?.attribs, id).toMatchObject({ inputmode: "numeric", pattern: "[0-9]*" });
    for (const input of settings.all("input.studio-money, .studio-money input")) expect(input.attribs.inputmode).toBe("decimal");
  });

  it("a news item refused for its fields says so at the top, with a link to each", async () => {
    const response = await post("/studio/news/new", { title: "", date: "", excerpt: "", content: "", intent: "save" });
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text('[role="alert"]')).toBe(CHECK_FIELDS_MESSAGE);
    expect(page.all(".form-error-links a").map((a) => [a.attribs.href, textOf(a)])).toEqual([
      ["#news-title", "Title"],
      ["#news-date", "Date"],
      ["#news-content", "Text"],
    ]);
  });

  it("the site settings refused for their fields say so at the top, with a link to each", async () => {
    const shown = formFields(await (await get("/studio/settings", treasurer.id)).text(), "form.studio-form");
    const response = await post("/studio/settings", withChanges(shown, { primaryContactEmail: "not an address", retentionOutboxDays: "a week" }), treasurer.id);
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    const links = page.all(".form-error-links a").map((a) => a.attribs.href);
    expect(links).toEqual(expect.arrayContaining(["#settings-primaryContactEmail", "#settings-retentionOutboxDays"]));
    for (const href of links) expect(page.one(href!), href).toBeTruthy();
  });
});

describe("plain paragraphs typed without JavaScript", () => {
  it("are kept as paragraphs on the site; HTML from the editor is kept as it is", async () => {
    const id = await createDraft("Paragraphs", "The hall opens at six.\n\nBring a plate\nand a friend.");
    expect((await store().getNews(id))?.contentHtml).toBe("<p>The hall opens at six.</p><p>Bring a plate<br />and a friend.</p>");
    const page = parseHtml(await (await get(`/blog-details/${id}`, editor.id)).text());
    expect(page.all(".news-article .rich-text p").map(textOf)).toEqual(["The hall opens at six.", "Bring a plateand a friend."]);
    expect(page.all(".news-article .rich-text p:nth-child(2) br")).toHaveLength(1);
    const html = await createDraft("Editor's HTML", "<p>One</p><p>Two</p>");
    expect((await store().getNews(html))?.contentHtml).toBe("<p>One</p><p>Two</p>");
  });
});
