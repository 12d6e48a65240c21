import type { ContentVersionRepository } from "../port";

/**
 * The content version (ADR 42, migration 0012) in D1, on both stores: a Cockpit site keeps its
 * version here too. One row, read by its primary key.
 */
/** One more content version (ADR 42); also sent in the batch of an event's write (events.server.ts). */
export const BUMP_CONTENT_VERSION = "INSERT INTO content_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = version + 1";

export function d1ContentVersion(db: D1Database): ContentVersionRepository {
  return {
    async read() {
      const row = await db.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>();
      return row ? row.version : null;
    },
    async bump() {
      await db.prepare(BUMP_CONTENT_VERSION).run();
    },
  };
}
