import type { WebhookReceiptsRepository } from "../port";

/**
 * Resend webhook deliveries already handled, by their svix-id (docs/requirements.md §13, ADR 73):
 * a replayed delivery changes nothing. Svix refuses a signature older than five minutes and
 * retries for days, so the daily run keeps a week of ids.
 */

const RECORD = "INSERT INTO webhook_receipts (id, received_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING";
const SEEN = "SELECT 1 AS seen FROM webhook_receipts WHERE id = ?1";
const DELETE_OLDER = "DELETE FROM webhook_receipts WHERE received_at < ?1";

export function d1WebhookReceipts(db: D1Database): WebhookReceiptsRepository {
  return {
    async seen(id) {
      return (await db.prepare(SEEN).bind(id).first()) !== null;
    },
    async firstTime(id, now) {
      return ((await db.prepare(RECORD).bind(id, now).run()).meta.changes ?? 0) > 0;
    },
    async deleteOlderThan(at) {
      return (await db.prepare(DELETE_OLDER).bind(at).run()).meta.changes ?? 0;
    },
  };
}
