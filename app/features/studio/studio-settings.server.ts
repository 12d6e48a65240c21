import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Role } from "~/kernel/store/records";
import { settingsFieldsFor, type SettingsFieldName } from "./settings-field-access";
import { applySettingsForm, settingChanges, settingsFormValuesFor, type SettingChange, type SettingsForm } from "./site-settings-form";

/** The forms' schemas, through a server module so zod stays out of the studio page's JavaScript. */
export { settingsFormSchemaFor } from "./site-settings-form";
import { saveSiteSettingsWith } from "./site-settings-save.server";
import { studioRichText } from "./studio-rich-text.server";

/**
 * The studio's Site settings: read from the store itself (never the visitors' cached copy,
 * so the form shows what is saved), saved back whole with every setting this screen does
 * not edit kept as it was. Each role sees and sets its own fields (features/studio/settings-field-access.ts).
 */

export async function loadSettingsForm(context: AppLoadContext, role: Role): Promise<{ values: Record<string, string>; fields: SettingsFieldName[] }> {
  return { values: settingsFormValuesFor(role, await context.store.content.getSiteSettings()), fields: settingsFieldsFor(role) };
}

/**
 * Saves the fields of the form that `role` may set and makes the change visible to visitors
 * at once; any other field the form holds is ignored. The registration-closed message and the
 * Donate page's words are HTML shown on /signup and /donate: kept only within the CMS allow-list. Returns what changed (nothing
 * is written when nothing did), for the activity log.
 */
export async function saveSettingsForm(context: AppLoadContext, role: Role, form: Partial<SettingsForm>): Promise<SettingChange[]> {
  const message = form.disabledMessageHtml;
  const donate = form.donatePageHtml;
  // Both rich texts are HTML shown to visitors (/signup, /donate): kept only within the CMS allow-list.
  const cleaned = {
    ...form,
    ...(message === undefined ? {} : { disabledMessageHtml: studioRichText(message) }),
    ...(donate === undefined ? {} : { donatePageHtml: studioRichText(donate) }),
  };
  return saveSiteSettingsWith(context, (before) => applySettingsForm(before, cleaned, role), settingChanges);
}
