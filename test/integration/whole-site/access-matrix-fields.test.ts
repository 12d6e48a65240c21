import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTANT_ONLY_SETTINGS } from "~/features/studio/settings-field-access";
import { parseHtml } from "../../support/html";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount } from "../../support/session";
import { formFields, withChanges } from "../../support/studio-form";
import { studioRequests } from "../../support/studio-requests";

/**
 * The access-control matrix, field by field (access-matrix.test.ts checks routes): a form
 * that both editors and accountants may post can still hold fields that only accountants
 * may set. For /studio/settings, every field the domain's rule keeps for accountants
 * (ACCOUNTANT_ONLY_SETTINGS, app/features/studio/settings-field-access.ts) is posted by the editor,
 * which must change nothing of it, and then by the accountant, which must change it. The
 * list comes from the rule itself, so a new member or money setting is checked the day it
 * is added (its test fails until it has a sample value below). On a private server: the
 * accountant's posts change the settings.
 */

/** Two valid values of each accountant-only field, as the form shows them; the test posts the one that is not saved now. */
const SAMPLES: Record<string, readonly [string, string]> = {
  registrationDisabled: ["on", ""],
  singleRegFee: ["12.34", "12.35"],
  singleRenewFee: ["13.34", "13.35"],
  familyRegFee: ["14.34", "14.35"],
  familyRenewFee: ["15.34", "15.35"],
  singleRegProduct: ["price_matrix_a", "price_matrix_b"],
  singleOnlyRegProduct: ["price_matrix_c", "price_matrix_d"],
  singleRenewProduct: ["price_matrix_e", "price_matrix_f"],
  familyRegProduct: ["price_matrix_g", "price_matrix_h"],
  familyOnlyRegProduct: ["price_matrix_i", "price_matrix_j"],
  familyRenewProduct: ["price_matrix_k", "price_matrix_l"],
  freeSubscriptionAfterMonth: ["3", "4"],
  renewalReminderStages: ["2 March", "3 April"],
  retentionPaymentYears: ["1", "2"],
  retentionOutboxDays: ["1", "2"],
  retentionContactDays: ["1", "2"],
  newApplicationsEmail: ["editor.private@evil.example", "someone.else@evil.example"],
};

const editor = demoAccount("editor").id;
const accountant = demoAccount("treasurer").id;
let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.stop());

const { get, post } = studioRequests(() => server.url);
const FORM = "form.studio-form";

async function page(userId: string) {
  const response = await get("/studio/settings", userId);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { fields: formFields(html, FORM), html };
}

/** A field's value as the accountant's page shows it ("" for an unticked checkbox, which the form does not send). */
const savedValue = async (name: string) => new Map((await page(accountant)).fields).get(name) ?? "";

/** A form's fields with `name` set to `value`: a checkbox's "" is the box unticked, so not sent. */
const withValue = (fields: Array<[string, string]>, name: string, value: string) =>
  withChanges(fields, { [name]: value === "" && name === "registrationDisabled" ? null : value });

describe("access matrix, fields: /studio/settings's accountant-only fields", () => {
  it("has a sample value for every accountant-only field of the domain's rule", () => {
    expect(ACCOUNTANT_ONLY_SETTINGS.length).toBeGreaterThan(0);
    expect(ACCOUNTANT_ONLY_SETTINGS.filter((name) => !SAMPLES[name])).toEqual([]);
  });

  for (const name of ACCOUNTANT_ONLY_SETTINGS) {
    it(`${name}: the editor's post changes nothing of it and the editor's page has no such field; the accountant's post changes it`, async () => {
      const samples = SAMPLES[name];
      if (!samples) throw new Error(`${name}: add two valid values to SAMPLES`);
      const before = await savedValue(name);
      const value = samples[0] === before ? samples[1] : samples[0];

      const editorPage = await page(editor);
      // Soft, so a failure here still lets the server's own check below say what it found.
      expect.soft(parseHtml(editorPage.html).all(`${FORM} [name="${name}"]`), `the editor's page has no ${name} field`).toEqual([]);
      const byEditor = await post("/studio/settings", withChanges(editorPage.fields, { [name]: value }), editor);
      expect(byEditor.status, "the editor's post is answered as a save").toBe(302);
      expect(await savedValue(name), `the editor's post left ${name} as it was`).toBe(before);

      const byAccountant = await post("/studio/settings", withValue((await page(accountant)).fields, name, value), accountant);
      expect(byAccountant.status).toBe(302);
      expect(await savedValue(name), `the accountant's post set ${name}`).toBe(value);
    });
  }

  it("an editor's post of nothing at all (the matrix's harmless form) changes no accountant-only field", async () => {
    const before = new Map((await page(accountant)).fields);
    const response = await post("/studio/settings", { matrix: "1" }, editor);
    expect(response.status).toBeLessThan(500);
    const after = new Map((await page(accountant)).fields);
    for (const name of ACCOUNTANT_ONLY_SETTINGS) expect(after.get(name), name).toBe(before.get(name));
  });
});
