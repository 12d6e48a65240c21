import { nowSeconds } from "../ids";
import { siteSettingsSchema, type SiteSettings } from "../site-settings";
import type { ContentRepository } from "../port";

/** Studio: site settings on D1. The `general` row holds the settings as the app shapes them (money in pence). */
export function d1SettingsWrites(db: D1Database): Pick<ContentRepository, "saveSiteSettings"> {
  return {
    async saveSiteSettings(next: SiteSettings) {
      // Parsed first, so a row that getSiteSettings could not read is never written.
      const data = JSON.stringify(siteSettingsSchema.parse(next));
      await db
        .prepare(
          "INSERT INTO singletons (name, data, updated_at) VALUES ('general', ?, ?) ON CONFLICT (name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
        )
        .bind(data, nowSeconds())
        .run();
    },
  };
}
