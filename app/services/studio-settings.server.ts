import type { AppLoadContext } from "@remix-run/cloudflare";
import { applySettingsForm, settingChanges, settingsFormValues, type SettingChange, type SettingsForm } from "../domain/site-settings-form";

/** The form's schema, through a server module so zod stays out of the studio page's JavaScript. */
export { settingsFormSchema } from "../domain/site-settings-form";
import { saveSiteSettingsWith } from "./site-settings-save.server";
import { sanitizeRichText } from "./content/sanitize.server";

/**
 * The studio's Site settings: read from the store itself (never the visitors' cached copy,
 * so the form shows what is saved), saved back whole with every setting this screen does
 * not edit kept as it was.
 */

export async function loadSettingsForm(context: AppLoadContext): Promise<Record<string, string>> {
  return settingsFormValues(await context.store.content.getSiteSettings());
}

/**
 * Saves the form and makes the change visible to visitors at once. The registration-closed
 * message is HTML shown on /signup: kept only within the CMS allow-list. Returns what
 * changed (nothing is written when nothing did), for the activity log.
 */
export async function saveSettingsForm(context: AppLoadContext, form: SettingsForm): Promise<SettingChange[]> {
  return saveSiteSettingsWith(
    context,
    (before) => applySettingsForm(before, { ...form, disabledMessageHtml: sanitizeRichText(form.disabledMessageHtml) }),
    settingChanges,
  );
}
