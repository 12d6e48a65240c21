import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SettingChange } from "./settings-form-parts";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { contentChanged } from "~/kernel/store/content/content-changed.server";

/**
 * How a studio screen saves its part of the site settings (/studio/settings, /studio/event):
 * read from the store itself (never the visitors' cached copy), change, write back whole with
 * every other setting kept, and make the change visible to visitors at once. Returns what
 * changed, for the activity log; nothing is written when nothing did.
 */
export async function saveSiteSettingsWith(
  context: AppLoadContext,
  apply: (before: SiteSettings) => SiteSettings,
  changes: (before: SiteSettings, after: SiteSettings) => SettingChange[],
): Promise<SettingChange[]> {
  const before = await context.store.content.getSiteSettings();
  const after = apply(before);
  const changed = changes(before, after);
  if (changed.length === 0) return [];
  await context.store.content.saveSiteSettings(after);
  await contentChanged(context);
  return changed;
}
