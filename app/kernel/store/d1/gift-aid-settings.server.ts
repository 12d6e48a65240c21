import type { GiftAidSettingsRepository } from "../port";
import { GIFT_AID_KINDS } from "../records";
import { giftAidSettingsFromRow } from "./rows-gift-aid";

/** The accountants' Gift Aid settings (docs/requirements.md §14, ADR 74): one row (id 1), D1 on both stores. */
export function d1GiftAidSettings(db: D1Database): GiftAidSettingsRepository {
  return {
    async get() {
      return giftAidSettingsFromRow(await db.prepare("SELECT * FROM gift_aid_settings WHERE id = 1").first<Record<string, unknown>>());
    },
    async save(settings, by, at) {
      // Only the kinds that may be eligible, once each (tickets never qualify).
      const kinds = GIFT_AID_KINDS.filter((kind) => settings.eligibleKinds.includes(kind));
      await db
        .prepare(
          `INSERT INTO gift_aid_settings (id, eligible_kinds, charity_reference, charity_name, updated_at, updated_by) VALUES (1, ?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (id) DO UPDATE SET eligible_kinds = ?1, charity_reference = ?2, charity_name = ?3, updated_at = ?4, updated_by = ?5`,
        )
        .bind(JSON.stringify(kinds), settings.charityReference, settings.charityName, at, by)
        .run();
    },
  };
}
