import { describe, expect, it } from "vitest";
import { client, multipart } from "../../../support/client";
import { parseHtml, textOf, within } from "../../../support/html";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { studioRequests, studioServerWithD1 } from "../../../support/studio-requests";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { MAILING_MESSAGES } from "~/features/mailings/studio/mailing-form";

/**
 * The studio's member mailings (/studio/mailings, docs/requirements.md §13) over HTTP on a
 * private seeded server, posted as plain forms (what a browser without JavaScript sends): who
 * may use them, a draft written and kept, every refusal keeping what was typed with a message
 * that says what to do, the schedule in UK time and taking it back, sending after the question
 * set apart, the read-only screen once it started, the preview frames, and the report (counts
 * for editors, who could not be reached for accountants only).
 */

const editor = demoAccount("editor");
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");
const steward = demoAccount("steward");

const env = studioServerWithD1();
const { get, post } = studioRequests(() => env.server.url);
const mailings = () => createD1Store(env.local.db).mailings;

const fields = (subject: string, extra: Record<string, string> = {}) => ({
  intent: "save",
  subject,
  preview: "The AGM is on 12 December",
  body: "<p>Please come to the <strong>AGM</strong>.</p>",
  kind: "notice",
  audience: "not-renewed",
  ...extra,
});

/** Creates a draft through the form; its id, from the redirect to its screen. */
async function create(subject: string, extra: Record<string, string> = {}) {
  const response = await post("/studio/mailings/new", fields(subject, extra));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/studio\/mailings\/[0-9a-f]{24}$/);
  return location.split("/").pop()!;
}

const page = async (path: string, userId: string = editor.id) => parseHtml(await (await get(path, userId)).text());

/** The toast a redirect set, as the page it leads to shows it. */
async function toastOf(response: Response, userId: string = editor.id) {
  const toast = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  const next = await fetch(new URL(response.headers.get("Location")!, env.server.url), { headers: { Cookie: `${await sessionCookieFor(userId)}; ${toast}` } });
  return parseHtml(await next.text()).text(".toast");
}

/** A day and time in the future, in UK time, as the form's fields take them. */
const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-15`;

describe("/studio/mailings: who may use it", () => {
  for (const path of ["/studio/mailings", "/studio/mailings/new"]) {
    it(`${path}: visitors to /login, members and door stewards to their homes, editors and accountants in (never cached)`, async () => {
      const visitor = await get(path, null);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await get(path, member.id)).headers.get("Location")).toBe("/mem-account");
      expect((await get(path, steward.id)).headers.get("Location")).toBe("/scan-qr-code");
      for (const account of [editor, treasurer]) {
        const response = await get(path, account.id);
        expect(response.status, account.key).toBe(200);
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
    });
  }

  it("refuses a member's and a steward's post without writing anything", async () => {
    const before = (await mailings().list({ page: 0, pageSize: 100 })).rows.length;
    expect((await post("/studio/mailings/new", fields("Sneaky"), member.id)).headers.get("Location")).toBe("/mem-account");
    expect((await post("/studio/mailings/new", fields("Sneaky"), steward.id)).headers.get("Location")).toBe("/scan-qr-code");
    expect((await mailings().list({ page: 0, pageSize: 100 })).rows.length).toBe(before);
  });

  it("the studio's front page links to the mailings", async () => {
    const studio = await page("/studio");
    expect(studio.all(".studio-part a").some((a) => a.attribs.href === "/studio/mailings")).toBe(true);
  });
});

describe("/studio/mailings: writing a draft", () => {
  it("says what to do when there are none yet", async () => {
    // The list is empty on a fresh server until the tests below write one (the guards' tests wrote nothing).
    const list = await page("/studio/mailings");
    expect(textOf(list.one(".studio-empty")!)).toContain("nothing goes out until you send it");
    expect(list.all("a").some((a) => a.attribs.href === "/studio/mailings/new" && textOf(a) === "New mailing")).toBe(true);
  });

  it("refuses an empty subject, keeping everything typed, and saves nothing", async () => {
    const before = (await mailings().list({ page: 0, pageSize: 100 })).rows.length;
    const response = await post("/studio/mailings/new", fields("", { preview: "Kept preview", buttonLabel: "Book", buttonUrl: "www.example.org/book" }));
    expect(response.status).toBe(400);
    const form = parseHtml(await response.text());
    expect(form.text("#mailing-subject-error")).toBe(MAILING_MESSAGES.subject);
    expect(form.one("#mailing-preview")?.attribs.value).toBe("Kept preview");
    expect(form.one("#mailing-buttonUrl")?.attribs.value).toBe("www.example.org/book");
    expect(textOf(form.one("textarea#mailing-body")!)).toContain("AGM");
    expect(form.one("#mailing-audience-not-renewed")?.attribs.checked).toBeDefined();
    expect((await mailings().list({ page: 0, pageSize: 100 })).rows.length).toBe(before);
  });

  it("saves a draft as a browser without JavaScript sends it (multipart), and lists it as a draft notice", async () => {
    const response = await client(env.server)
      .as(editor)
      .post("/studio/mailings/new", multipart(Object.entries(fields("AGM notice", { publishNews: "on", kind: "notice" }))));
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")!.split("/").pop()!;
    const stored = await mailings().get(id);
    expect(stored).toMatchObject({ subject: "AGM notice", kind: "notice", status: "draft", publishNews: true, audience: { kind: "not-renewed" } });
    const edit = await page(`/studio/mailings/${id}`);
    expect(edit.one("#mailing-subject")?.attribs.value).toBe("AGM notice");
    expect(edit.one("#mailing-publishNews")?.attribs.checked).toBeDefined();
    expect(edit.one("#mailing-kind-notice")?.attribs.checked).toBeDefined();
    // Each kind says who gets it and why.
    expect(edit.text("#mailing-kind-notice-explains")).toContain("everyone in the audience");
    expect(edit.text("#mailing-kind-newsletter-explains")).toContain("agreed to receive newsletters");
    // The audience shows a count, never a name.
    expect(edit.text(".mailing-reach")).toMatch(/reaches \d+ members? now/);
    const row = (await page("/studio/mailings")).all(".mailing-row").find((li) => textOf(li).includes("AGM notice"))!;
    expect(textOf(row)).toContain("Notice");
    expect(textOf(row)).toContain("Draft");
    expect(textOf(row)).toContain("Members who have not renewed this year");
    expect(
      within(row)
        .all("a")
        .map((a) => a.attribs.href),
    ).toEqual([`/studio/mailings/${id}`, `/studio/mailings/${id}/report`]);
  });

  it("takes a script out of the text on save and tells the editor", async () => {
    const id = await create("Script test");
    const response = await post(`/studio/mailings/${id}`, fields("Script test", { body: '<p>Hello</p><script>alert("x")</script><p onclick="x()">Hi</p>' }));
    expect(response.status).toBe(302);
    const stored = await mailings().get(id);
    expect(stored!.bodyHtml).toContain("Hello");
    expect(stored!.bodyHtml).not.toMatch(/<script|onclick/i);
    expect(await toastOf(response)).toContain("taken out");
  });

  it("refuses a button with words but no address, keeping the draft as it was", async () => {
    const id = await create("Button test");
    const response = await post(`/studio/mailings/${id}`, fields("Button test changed", { buttonLabel: "Book now" }));
    expect(response.status).toBe(400);
    const form = parseHtml(await response.text());
    expect(form.text("#mailing-buttonUrl-error")).toBe(MAILING_MESSAGES.button);
    expect(form.one("#mailing-subject")?.attribs.value).toBe("Button test changed");
    expect((await mailings().get(id))!.subject).toBe("Button test");
  });
});

describe("/studio/mailings/:id: scheduling and sending", () => {
  it("refuses a schedule in the past, keeping what was typed (saved) and saying what to do", async () => {
    const id = await create("Past schedule");
    const response = await post(
      `/studio/mailings/${id}`,
      fields("Past schedule, typed", { intent: "schedule", scheduleDay: "2020-01-01", scheduleTime: "10:00" }),
    );
    expect(response.status).toBe(400);
    const form = parseHtml(await response.text());
    expect(form.text("#mailing-scheduleDay-error")).toBe(MAILING_MESSAGES.schedulePast);
    expect(form.one("#mailing-subject")?.attribs.value).toBe("Past schedule, typed");
    const stored = await mailings().get(id);
    expect(stored).toMatchObject({ subject: "Past schedule, typed", status: "draft", scheduledAt: null });
  });

  it("schedules in UK time, shows it, and takes it back to a draft", async () => {
    const id = await create("Scheduled notice");
    const day = nextYear();
    const response = await post(`/studio/mailings/${id}`, fields("Scheduled notice", { intent: "schedule", scheduleDay: day, scheduleTime: "09:30" }));
    expect(response.status).toBe(302);
    const stored = await mailings().get(id);
    expect(stored!.status).toBe("scheduled");
    // June: British Summer Time, an hour ahead of UTC.
    expect(stored!.scheduledAt).toBe(Date.parse(`${day}T08:30:00Z`) / 1000);
    expect(await toastOf(response)).toContain("09:30 (UK time)");
    const edit = await page(`/studio/mailings/${id}`);
    expect(edit.text(".mailing-status")).toContain("Scheduled for");
    expect(edit.one("#mailing-scheduleDay")?.attribs.value).toBe(day);
    expect(edit.one("#mailing-scheduleTime")?.attribs.value).toBe("09:30");
    const cancel = await post(`/studio/mailings/${id}`, { intent: "unschedule" });
    expect(cancel.status).toBe(302);
    expect(await mailings().get(id)).toMatchObject({ status: "draft", scheduledAt: null });
    // Both are in the activity log, by the mailing's subject, with no names of members (docs/requirements.md §13.1).
    const { rows } = await createD1Store(env.local.db).activity.list({ page: 0, pageSize: 50 });
    const entries = rows.filter((row) => row.kind === "mailing-scheduled" && row.subjectId === id).map((row) => row.summary);
    expect(entries).toEqual([
      `Vinod Nair cancelled the schedule of the notice "Scheduled notice": it is a draft again.`,
      expect.stringMatching(/^Vinod Nair scheduled the notice "Scheduled notice" for \w+ 15 June \d{4} at 09:30 \(UK time\)\.$/),
    ]);
  });

  it("refuses to send to an audience of nobody, keeping the draft", async () => {
    const id = await create("Nobody gets this", { audience: "children-born", years: "1901" });
    const response = await post(`/studio/mailings/${id}`, fields("Nobody gets this, typed", { intent: "send", audience: "children-born", years: "1901" }));
    expect(response.status).toBe(400);
    const form = parseHtml(await response.text());
    expect(form.text(".form-message, [role=alert], .form-error")).toContain("Nobody in this audience");
    expect(form.one("#mailing-years")?.attribs.value).toBe("1901");
    expect(await mailings().get(id)).toMatchObject({ subject: "Nobody gets this, typed", status: "draft" });
  });

  it("asks before sending, set apart, with how many it goes to; Yes starts it and the screen is read-only after", async () => {
    const id = await create("Sent notice");
    const send = await post(`/studio/mailings/${id}`, fields("Sent notice", { intent: "send" }));
    expect(send.status).toBe(302);
    expect(send.headers.get("Location")).toBe(`/studio/mailings/${id}?send`);
    expect((await mailings().get(id))!.status).toBe("draft");
    const ask = await page(`/studio/mailings/${id}?send`);
    const question = ask.one(".confirm-step");
    expect(question).not.toBeNull();
    expect(textOf(question!)).toMatch(/Send “Sent notice” now to \d+ members?\?/);
    expect(ask.all(".confirm-step input[type=hidden]").map((input) => [input.attribs.name, input.attribs.value])).toEqual([
      ["intent", "send"],
      ["confirmed", "1"],
    ]);
    const yes = await post(`/studio/mailings/${id}`, { intent: "send", confirmed: "1" });
    expect(yes.status).toBe(302);
    expect(yes.headers.get("Location")).toBe(`/studio/mailings/${id}/report`);
    expect(["sending", "sent"]).toContain((await mailings().get(id))!.status);
    // Read-only: no form, and a post changes nothing.
    const after = await page(`/studio/mailings/${id}`);
    expect(after.one("form.mailing-form")).toBeNull();
    expect(after.text(".mailing-readonly")).toContain("cannot be changed");
    const late = await post(`/studio/mailings/${id}`, fields("Changed after sending"));
    expect(late.status).toBe(409);
    expect((await mailings().get(id))!.subject).toBe("Sent notice");
  });
});

describe("/studio/mailings/:id: preview and report", () => {
  it("frames its own preview at phone and desktop width; the preview greets the sender and only this site may frame it", async () => {
    const id = await create("Preview notice");
    const screen = await get(`/studio/mailings/${id}`);
    expect(screen.headers.get("Content-Security-Policy")).toMatch(/frame-src 'self'/);
    const frames = parseHtml(await screen.text()).all(".mailing-preview iframe");
    expect(frames.map((frame) => frame.attribs.src)).toEqual([`/studio/mailings/${id}/preview`, `/studio/mailings/${id}/preview`]);
    expect(frames.map((frame) => frame.attribs.width)).toEqual(["360", "800"]);
    const preview = await get(`/studio/mailings/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(preview.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(preview.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'self'/);
    // Opened on its own it runs nothing and is not the site (docs/requirements.md §13.4).
    expect(preview.headers.get("Content-Security-Policy")).toMatch(/script-src 'none'/);
    expect(preview.headers.get("Content-Security-Policy")).toMatch(/(^|; )sandbox(;|$)/);
    const html = await preview.text();
    expect(html).toContain("Vinod");
    expect(html).toContain("AGM");
    // Other pages still may not be framed.
    expect((await get("/studio/mailings")).headers.get("X-Frame-Options")).toBe("DENY");
    expect((await get(`/studio/mailings/${id}/preview`, member.id)).headers.get("Location")).toBe("/mem-account");
  });

  it("sends the editor a test copy and says where", async () => {
    const id = await create("Test copy");
    const response = await post(`/studio/mailings/${id}`, fields("Test copy", { intent: "test" }));
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toContain(`A test copy is on its way to ${editor.email}.`);
  });

  it("sends a sender at most 5 test copies an hour, then refuses with a 400 that keeps the draft (docs/requirements.md §13.4)", async () => {
    const id = await create("Rate-limited test");
    for (let i = 0; i < 5; i++) {
      const sent = await post(`/studio/mailings/${id}`, fields("Rate-limited test", { intent: "test" }), treasurer.id);
      expect(sent.status, `test copy ${i + 1}`).toBe(302);
    }
    const refused = await post(`/studio/mailings/${id}`, fields("Rate-limited test, changed", { intent: "test" }), treasurer.id);
    expect(refused.status).toBe(400);
    const form = parseHtml(await refused.text());
    expect(form.text(".form-error")).toContain("the most test copies allowed in an hour");
    expect(form.one("#mailing-subject")?.attribs.value).toBe("Rate-limited test, changed");
    expect((await mailings().get(id))!.subject).toBe("Rate-limited test, changed");
    // The limit is the sender's own: the editor may still send one.
    expect((await post(`/studio/mailings/${id}`, fields("Rate-limited test", { intent: "test" }))).status).toBe(302);
  });

  it("shows editors the counts only; accountants also who could not be reached, and editors cannot send the failed again", async () => {
    const id = await create("Report notice");
    await post(`/studio/mailings/${id}`, { intent: "send", confirmed: "1" });
    const asEditor = await page(`/studio/mailings/${id}/report`);
    expect(asEditor.all(".mailing-counts tr").map((tr) => tr.attribs["data-count"])).toEqual([
      "queued",
      "sent",
      "waiting",
      "failed",
      "bounced",
      "complained",
      "unsubscribed",
    ]);
    expect(asEditor.one(".mailing-unreachable")).toBeNull();
    expect(asEditor.all("a").filter((a) => (a.attribs.href ?? "").startsWith("/accounts/members/"))).toEqual([]);
    const asAccountant = await page(`/studio/mailings/${id}/report`, treasurer.id);
    expect(asAccountant.one(".mailing-unreachable")).not.toBeNull();
    const refused = await post(`/studio/mailings/${id}/report`, { intent: "resend-failed" });
    expect(refused.headers.get("Location")).toBe("/studio");
  });

  it("pages who could not be reached, 50 a page with the total, and refuses a post that is not its button with a 400 (docs/requirements.md §13.6)", async () => {
    const id = await create("Paged report");
    const now = Math.floor(Date.now() / 1000);
    // 60 copies that failed, written as the consumer leaves them (the delivery rows carry name and address).
    const rows = Array.from({ length: 60 }, (_, i) => String(i).padStart(3, "0"));
    await env.local.db.batch([
      env.local.db.prepare("UPDATE mailings SET status = 'sent', started_at = ?1, finished_at = ?1 WHERE id = ?2").bind(now, id),
      ...rows.map((n) =>
        env.local.db
          .prepare(
            "INSERT INTO mailing_deliveries (mailing_id, member_id, email, first_name, status, batch, error, updated_at) VALUES (?, ?, ?, ?, 'failed', 1, 'x', ?)",
          )
          .bind(id, `nomember${n}`, `person${n}@example.org`, `Person${n}`, now),
      ),
    ]);
    const first = await page(`/studio/mailings/${id}/report`, treasurer.id);
    expect(first.text(".mailing-unreachable-total")).toContain("60 members");
    expect(first.all(".mailing-unreachable-list li")).toHaveLength(50);
    expect(textOf(first.all(".mailing-unreachable-list li")[0]!)).toContain("person000@example.org");
    expect(first.all(".mailing-unreachable a").some((a) => a.attribs.href === `/studio/mailings/${id}/report?page=2`)).toBe(true);
    const second = await page(`/studio/mailings/${id}/report?page=2`, treasurer.id);
    expect(second.all(".mailing-unreachable-list li")).toHaveLength(10);
    expect(textOf(second.all(".mailing-unreachable-list li")[9]!)).toContain("person059@example.org");
    // Past the last page: the last page.
    expect((await page(`/studio/mailings/${id}/report?page=9`, treasurer.id)).all(".mailing-unreachable-list li")).toHaveLength(10);

    const wrong = await post(`/studio/mailings/${id}/report`, { intent: "delete-everything" }, treasurer.id);
    expect(wrong.status).toBe(400);
    expect(parseHtml(await wrong.text()).text(".form-error")).toBe("Please use the page's buttons.");
    expect((await createD1Store(env.local.db).mailingDeliveries.counts(id)).failed).toBe(60);
  });
});
