import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POUNDS_MESSAGES } from "~/domain/pounds";
import { SETTINGS_MESSAGES } from "~/domain/site-settings-form";
import { REMINDER_STAGE_MESSAGES } from "~/domain/renewal-reminder-stages";
import { parseHtml, textOf } from "../../support/html";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { studioRequests } from "../../support/studio-requests";
import { demoAccount } from "../../support/session";
import { formFields, withChanges } from "../../support/studio-form";

/**
 * /studio/settings (issue 18) on a private server (it changes the settings): who may use it,
 * a refused form saves nothing, a save is on the public site at once (both the content cache
 * and the visitors' page cache miss, ADR 42) and leaves one activity entry per changed setting.
 */

const editor = { ...demoAccount("editor"), fullName: "Vinod Nair" };
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const { get, post } = studioRequests(() => server.url);

const savedForm = async () => formFields(await (await get("/studio/settings", editor.id)).text(), "form.studio-form");
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

  it("lets editors and accountants in, never cached, with the saved settings in the form (fees in pounds)", async () => {
    for (const account of ["editor", "treasurer"] as const) {
      const response = await get("/studio/settings", demoAccount(account).id);
      expect(response.status, account).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const fields = new Map(formFields(await response.text(), "form.studio-form"));
      expect(fields.get("singleRegFee"), account).toMatch(/^\d+\.\d{2}$/);
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
      editor.id,
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

    const saved = await post("/studio/settings", withChanges(await savedForm(), { primaryContactNumber: "0161 496 0777", singleRegFee: "31.50" }), editor.id);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/studio/settings");

    const after = await get("/contact", null);
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(headerPhone(await after.text())).toBe("0161 496 0777");
    const form = new Map(await savedForm());
    expect(form.get("singleRegFee")).toBe("31.50");
    expect(form.get("primaryContactNumber")).toBe("0161 496 0777");

    const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
    const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
    const ours = rows.filter((row) => row[1] === editor.fullName).map((row) => [row[2], row[3]]);
    expect(ours).toEqual(
      expect.arrayContaining([
        [`${editor.fullName} changed the setting Contact phone.`, `${before.get("primaryContactNumber")} → 0161 496 0777`],
        [`${editor.fullName} changed the setting Single: registration fee.`, `£${before.get("singleRegFee")} → £31.50`],
      ]),
    );
    expect(ours).toHaveLength(2);
  });

  it("saving the form unchanged writes nothing and logs nothing", async () => {
    const logged = async () =>
      parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text()).all("table.activity-table tbody tr").length;
    const before = await logged();
    const response = await post("/studio/settings", await savedForm(), editor.id);
    expect(response.status).toBe(302);
    expect(await logged()).toBe(before);
  });
});

// Automatic renewal reminders (issue 19, ADR 0050)
describe("/studio/settings: renewal reminder dates", () => {
  it("refuses a date that does not exist with its message (400), then saves good dates in date order and logs the change", async () => {
    const before = await savedForm();
    const refused = await post("/studio/settings", withChanges(before, { renewalReminderStages: "1 September, 31 February" }), editor.id);
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text("#settings-renewalReminderStages-error")).toBe(REMINDER_STAGE_MESSAGES.day("31 February"));
    expect(await savedForm()).toEqual(before);

    const saved = await post("/studio/settings", withChanges(before, { renewalReminderStages: "1 Oct; 15 september" }), editor.id);
    expect(saved.status).toBe(302);
    expect(new Map(await savedForm()).get("renewalReminderStages")).toBe("15 September, 1 October");
    const log = parseHtml(await (await get("/accounts/activity", demoAccount("treasurer").id)).text());
    const rows = log.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
    expect(rows.map((row) => [row[2], row[3]])).toContainEqual([
      `${editor.fullName} changed the setting Renewal reminder dates.`,
      `${new Map(before).get("renewalReminderStages")} → 15 September, 1 October`,
    ]);
  });
});
