import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POUNDS_MESSAGES } from "~/kernel/values/pounds";
import { ACCOUNTANT_ONLY_SETTINGS } from "~/features/studio/settings-field-access";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { SETTINGS_MESSAGES } from "~/features/studio/site-settings-form";
import { REMINDER_STAGE_MESSAGES } from "~/features/membership/renewal-reminder-stages";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerStore } from "../../../support/server-store";
import { studioRequests } from "../../../support/studio-requests";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";

/**
 * /studio/settings (docs/requirements.md §7.2) on a private server (it changes the settings): who may use it,
 * a refused form saves nothing, a save is on the public site at once (both the content cache
 * and the visitors' page cache miss, ADR 42) and leaves one activity entry per changed setting.
 */

const editor = { ...demoAccount("editor"), fullName: "Vinod Nair" };
/** The demo accountant: the settings about members and money are theirs only. */
const treasurer = { ...demoAccount("treasurer"), fullName: "Deepa Menon" };
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const { get, post } = studioRequests(() => server.url);

/** The form as the accountant's page shows it (every field). */
const savedForm = async () => formFields(await (await get("/studio/settings", treasurer.id)).text(), "form.studio-form");
/** The form as the editor's page shows it (the content settings only). */
const editorForm = async () => formFields(await (await get("/studio/settings", editor.id)).text(), "form.studio-form");
/** The phone number in the site's header (the top bar), as a visitor sees it (after its ☎ sign). */
const headerPhone = (html: string) => parseHtml(html).text('.top-bar a[href^="tel:"]').replace(/^☎\s*/, "");

describe("/studio/settings: who may use it", () => {
  it("sends visitors and applicants to /login with the way back, members to /mem-account", async () => {
    for (const account of [null, "applicant"] as const) {
      const response = await get("/studio/settings", account && demoAccount(account).id);
      expect(response.status, String(account)).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fstudio%2Fsettings");
    }
    const member = await get("/studio/settings", demoAccount("member").id);
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/mem-account");
  });

  it("lets editors and accountants in, never cached, with the saved settings in the form (fees in pounds, for the accountant)", async () => {
    for (const account of ["editor", "treasurer"] as const) {
      const response = await get("/studio/settings", demoAccount(account).id);
      expect(response.status, account).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const fields = new Map(formFields(await response.text(), "form.studio-form"));
      if (account === "treasurer") expect(fields.get("singleRegFee"), account).toMatch(/^\d+\.\d{2}$/);
      else expect(fields.has("singleRegFee"), account).toBe(false);
      expect(fields.has("primaryContactNumber")).toBe(true);
    }
  });

  it("draws the registration-closed message as a rich-text field: a textarea (the field without JavaScript) the editor takes over", async () => {
    const page = parseHtml(await (await get("/studio/settings", demoAccount("editor").id)).text());
    const field = page.one(".field-rich-text textarea#settings-disabledMessageHtml");
    expect(field?.attribs.name).toBe("disabledMessageHtml");
    // The editor's stylesheet is linked (the editor itself is imported by the page's script).
    expect(page.all('link[rel="stylesheet"]').some((link) => /rich-text-field/.test(link.attribs.href ?? ""))).toBe(true);
  });
});

describe("/studio/settings: saving", () => {
  it("refuses bad input with a message at each field (400) and saves nothing", async () => {
    const before = await savedForm();
    const response = await post(
      "/studio/settings",
      withChanges(before, {
        primaryContactNumber: "0161 000 9999",
        singleRegFee: "25.5p",
        familyRenewFee: "-3",
        social1Label: "Facebook",
        social1Url: "facebook",
      }),
      treasurer.id,
    );
    expect(response.status).toBe(400);
    const page = parseHtml(await response.text());
    expect(page.text('[role="alert"]')).toBe(SETTINGS_MESSAGES.invalid);
    expect(page.text("#settings-singleRegFee-error")).toBe(POUNDS_MESSAGES.notPounds);
    expect(page.text("#settings-familyRenewFee-error")).toBe(POUNDS_MESSAGES.negative);
    expect(page.text("#settings-social1Url-error")).toBe(SETTINGS_MESSAGES.url);
    // What was typed stays in the form.
    expect(page.one("#settings-singleRegFee")?.attribs.value).toBe("25.5p");
    expect(await savedForm()).toEqual(before);
    expect(headerPhone(await (await get("/contact", null)).text())).not.toBe("0161 000 9999");
  });

  it("puts a saved change on the public site at once, past both caches, and logs each changed setting", async () => {
    const before = new Map(await savedForm());
    // Warm the visitors' page cache.
    await get("/contact", null);
    const warm = await get("/contact", null);
    expect(warm.headers.get("X-Page-Cache")).toBe("hit");
    expect(headerPhone(await warm.text())).toBe(before.get("primaryContactNumber"));

    const saved = await post(
      "/studio/settings",
      withChanges(await editorForm(), { primaryContactNumber: "0161 496 0777", latestOfficeBearersTitle: "Office bearers 2031" }),
      editor.id,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/studio/settings");

    const after = await get("/contact", null);
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(headerPhone(await after.text())).toBe("0161 496 0777");
    const form = new Map(await savedForm());
    expect(form.get("latestOfficeBearersTitle")).toBe("Office bearers 2031");
    expect(form.get("primaryContactNumber")).toBe("0161 496 0777");

    const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
    const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
    const ours = rows.filter((row) => row[1] === editor.fullName).map((row) => [row[2], row[3]]);
    expect(ours).toEqual(
      expect.arrayContaining([
        [`${editor.fullName} changed the setting Contact phone.`, `${before.get("primaryContactNumber")} → 0161 496 0777`],
        [`${editor.fullName} changed the setting Office bearers heading.`, `${before.get("latestOfficeBearersTitle")} → Office bearers 2031`],
      ]),
    );
    expect(ours).toHaveLength(2);
  });

  it("saving the form unchanged writes nothing and logs nothing, the editor's or the accountant's", async () => {
    const logged = async () =>
      parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text()).all("table.activity-table tbody tr").length;
    const before = await logged();
    expect((await post("/studio/settings", await editorForm(), editor.id)).status).toBe(302);
    expect((await post("/studio/settings", await savedForm(), treasurer.id)).status).toBe(302);
    expect(await logged()).toBe(before);
  });
});

// Automatic renewal reminders (docs/requirements.md §10.2, ADR 0050)
describe("/studio/settings: renewal reminder dates", () => {
  it("refuses a date that does not exist with its message (400), then saves good dates in date order and logs the change", async () => {
    const before = await savedForm();
    const refused = await post("/studio/settings", withChanges(before, { renewalReminderStages: "1 September, 31 February" }), treasurer.id);
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text("#settings-renewalReminderStages-error")).toBe(REMINDER_STAGE_MESSAGES.day("31 February"));
    expect(await savedForm()).toEqual(before);

    const saved = await post("/studio/settings", withChanges(before, { renewalReminderStages: "1 Oct; 15 september" }), treasurer.id);
    expect(saved.status).toBe(302);
    expect(new Map(await savedForm()).get("renewalReminderStages")).toBe("15 September, 1 October");
    const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
    const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
    expect(rows.map((row) => [row[2], row[3]])).toContainEqual([
      `${treasurer.fullName} changed the setting Renewal reminder dates.`,
      `${new Map(before).get("renewalReminderStages")} → 15 September, 1 October`,
    ]);
  });
});

/**
 * The settings about members and money are accountants' only (ADR 38: an editor has nothing
 * of the members or the money). Replayed as found: the editor re-posts the settings form with
 * where new applications go and the retention periods changed. On both stores (a fake Cockpit
 * as the site's store for the second), each on a private server of its own.
 */
for (const kind of ["d1", "cockpit"] as const) {
  describe(`/studio/settings: the member settings are the accountant's (${kind})`, () => {
    const APPLICATIONS_TO = "membership.secretary@example.org";
    let own: SeededServer;
    beforeAll(async () => {
      own = await startSeededServer({
        store: kind,
        prepare: async (db) => {
          // New applications go to the membership secretary, as an accountant would set it.
          const store = createD1Store(db);
          await store.content.saveSiteSettings({ ...(await store.content.getSiteSettings()), newApplicationsEmail: APPLICATIONS_TO });
        },
      });
    });
    afterAll(async () => {
      await own?.stop();
    });

    const requests = studioRequests(() => own.url);
    const accountant = demoAccount("treasurer").id;
    const settingsPage = async (userId: string) => {
      const response = await requests.get("/studio/settings", userId);
      expect(response.status).toBe(200);
      return response.text();
    };
    /** The settings the store holds now (past every cache). */
    const stored = () => withServerStore<SiteSettings>(own, (store) => store.content.getSiteSettings());
    const memberSettings = (s: SiteSettings) => ({ newApplicationsEmail: s.newApplicationsEmail, retention: s.retention });

    it("the editor's page shows none of the member and money settings, nor their saved values", async () => {
      const html = await settingsPage(editor.id);
      const page = parseHtml(html);
      for (const name of ACCOUNTANT_ONLY_SETTINGS) expect(page.all(`[name="${name}"]`), name).toEqual([]);
      const legends = page.all("form.studio-form legend").map(textOf);
      expect(legends).toEqual(expect.arrayContaining(["Contact details", "Social links"]));
      for (const legend of ["Membership fees", "Renewal reminders", "How long we keep records", "New applications"]) expect(legends).not.toContain(legend);
      // Not in the page's data either (the loader's values travel with the page for its JavaScript).
      expect(textOf(page.document)).not.toContain(APPLICATIONS_TO);
      expect((await stored()).newApplicationsEmail).toBe(APPLICATIONS_TO);
    });

    it("the accountant's page shows them with their saved values", async () => {
      const html = await settingsPage(accountant);
      const page = parseHtml(html);
      for (const name of ACCOUNTANT_ONLY_SETTINGS) expect(page.one(`form.studio-form [name="${name}"]`), name).not.toBeNull();
      expect(new Map(formFields(html, "form.studio-form")).get("newApplicationsEmail")).toBe(APPLICATIONS_TO);
    });

    it("the editor's re-post of the form with newApplicationsEmail, retentionOutboxDays and retentionContactDays changes none of them", async () => {
      const before = await stored();
      expect(before.retention.outboxDays).not.toBe(1);
      const form = formFields(await settingsPage(editor.id), "form.studio-form");
      const replay = withChanges(form, {
        primaryContactNumber: `0161 496 05${kind === "d1" ? "01" : "02"}`,
        newApplicationsEmail: "editor.private@evil.example",
        retentionOutboxDays: "1",
        retentionContactDays: "1",
      });
      const response = await requests.post("/studio/settings", replay, editor.id);
      expect(response.status).toBe(302);

      const after = await stored();
      expect(memberSettings(after)).toEqual(memberSettings(before));
      expect(after.newApplicationsEmail).toBe(APPLICATIONS_TO);
      // What the editor may change was saved.
      expect(after.primaryContactNumber).toBe(`0161 496 05${kind === "d1" ? "01" : "02"}`);
      // The accountant's page shows the settings as they were.
      const fields = new Map(formFields(await settingsPage(accountant), "form.studio-form"));
      expect([fields.get("newApplicationsEmail"), fields.get("retentionOutboxDays"), fields.get("retentionContactDays")]).toEqual([
        APPLICATIONS_TO,
        String(before.retention.outboxDays),
        String(before.retention.contactDays),
      ]);
    });

    it("the accountant's save of the same three values changes them", async () => {
      const form = formFields(await settingsPage(accountant), "form.studio-form");
      const changes = { newApplicationsEmail: "treasurer.choice@example.org", retentionOutboxDays: "30", retentionContactDays: "60" };
      expect((await requests.post("/studio/settings", withChanges(form, changes), accountant)).status).toBe(302);
      expect(memberSettings(await stored())).toEqual({
        newApplicationsEmail: "treasurer.choice@example.org",
        retention: expect.objectContaining({ outboxDays: 30, contactDays: 60 }),
      });
    });
  });
}
