import type { AppLoadContext } from "@remix-run/cloudflare";
import { applyHomeButton, homeButtonChanges, homeButtonValues, type HomeButtonForm } from "./home-button-form";
import type { SettingChange } from "./settings-form-parts";
import { saveSiteSettingsWith } from "./site-settings-save.server";

/** The form's schema, through a server module so zod stays out of the studio page's JavaScript. */
export { homeButtonSchema } from "./home-button-form";

/**
 * /studio/event: what the site settings keep of the event now that events are records (ADR
 * 60): the home page's booking button, its text and link (docs/requirements.md §7.3). Saved
 * like /studio/settings: one activity entry per changed setting, visitors see it at once.
 */

export async function loadHomeButton(context: AppLoadContext): Promise<Record<string, string>> {
  return homeButtonValues(await context.store.content.getSiteSettings());
}

export const saveHomeButton = (context: AppLoadContext, form: HomeButtonForm): Promise<SettingChange[]> =>
  saveSiteSettingsWith(context, (before) => applyHomeButton(before, form), homeButtonChanges);
