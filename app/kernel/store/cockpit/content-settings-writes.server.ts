import type { SiteSettings } from "../site-settings";
import { defaultSiteSettings } from "../site-settings-defaults";
import type { ContentRepository } from "../port";
import type { CockpitClient } from "./client.server";
import { isEmptySingleton, settingsFromCockpit, settingsToCockpit } from "./shapes-content";

/**
 * Studio: site settings on Cockpit, through `singletons/save/general` (ADR 42). Money goes
 * in pounds, as Cockpit keeps it (a `number` field: 2550 pence → 25.5). Only the fields that
 * differ from what Cockpit holds now are sent (the endpoint merges): a field this screen
 * does not edit, such as the upcoming event's image, is left exactly as Cockpit's editor
 * stored it rather than rewritten from the site's resolved copy.
 */
export function cockpitSettingsWrites(client: CockpitClient, assetsBase?: string): Pick<ContentRepository, "saveSiteSettings"> {
  return {
    async saveSiteSettings(next: SiteSettings) {
      const raw = await client.singleton<Record<string, unknown>>("general");
      // Read as getSiteSettings reads it (media resolved against the same base), so an unchanged field compares equal.
      const current = settingsToCockpit(isEmptySingleton(raw) ? defaultSiteSettings() : settingsFromCockpit(raw, assetsBase));
      const wanted = settingsToCockpit(next);
      const never = isEmptySingleton(raw);
      const changed = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => never || JSON.stringify(value) !== JSON.stringify(current[key])));
      if (Object.keys(changed).length > 0) await client.saveSingleton("general", changed);
    },
  };
}
