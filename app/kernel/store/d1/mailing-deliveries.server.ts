import type { DeliveryStatus, MailingDelivery, MailingKind, MailingRecipient } from "../records";
import type { MailingDeliveriesRepository } from "../port";
import { pageClause } from "./sql";

/**
 * One row per recipient of a mailing, unique on (mailing, member) (docs/requirements.md §13,
 * ADR 73). The rows are written in one INSERT … SELECT over the recipients as one JSON
 * parameter, with the kind's consent rule and the bad addresses applied in the same statement,
 * so a 1,000-member Send costs one statement, not a thousand.
 */

type Row = Record<string, unknown>;

export function deliveryFromRow(r: Row): MailingDelivery {
  return {
    mailingId: String(r.mailing_id),
    memberId: String(r.member_id),
    email: String(r.email),
    firstName: String(r.first_name ?? ""),
    status: String(r.status) as DeliveryStatus,
    round: Number(r.round),
    batch: Number(r.batch),
    providerId: r.provider_id == null ? null : String(r.provider_id),
    error: r.error == null ? null : String(r.error),
    updatedAt: Number(r.updated_at),
  };
}

/**
 * Who may get a mailing of this kind (the recipient's member id in `m`, e-mail in `e`):
 * a newsletter only with a "yes"; a notice unless its one-click unsubscribe said "no"; never
 * to an address that bounced or complained. The same rule for counting and for writing.
 */
export function reachableClause(kind: MailingKind, m: string, e: string): string {
  const consent =
    kind === "newsletter"
      ? `EXISTS (SELECT 1 FROM mail_preferences p WHERE p.member_id = ${m} AND p.newsletters = 'yes')`
      : `NOT EXISTS (SELECT 1 FROM mail_preferences p WHERE p.member_id = ${m} AND p.notices = 'no')`;
  // bad_addresses keeps addresses lower-cased (ADR 73); a member's may have been typed in capitals.
  return `${consent} AND NOT EXISTS (SELECT 1 FROM bad_addresses b WHERE b.member_id = ${m} AND lower(trim(b.email)) = lower(trim(${e})))`;
}

const RECIPIENTS = `SELECT json_extract(j.value, '$.memberId') AS member_id, json_extract(j.value, '$.email') AS email,
  json_extract(j.value, '$.firstName') AS first_name, j.key AS position FROM json_each(?) AS j`;

const recipientsJson = (recipients: MailingRecipient[]) => JSON.stringify(recipients.map(({ memberId, email, firstName }) => ({ memberId, email, firstName })));

const distinctBatches = (rows: Array<{ batch: unknown }>) => [...new Set(rows.map((row) => Number(row.batch)))].sort((a, b) => a - b);

/**
 * The INSERT of a mailing's delivery rows (RETURNING batch), numbered over the reachable
 * recipients only, so batches are full (100) but the last. `onlyIf` is an extra SQL condition
 * (mailings.server.ts `start`: only after its own claim, in the same transaction).
 */
export function insertRecipients(
  db: D1Database,
  rows: { mailingId: string; kind: MailingKind; recipients: MailingRecipient[]; batchSize: number; now: number },
  onlyIf: { sql: string; params: unknown[] } = { sql: "1", params: [] },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO mailing_deliveries (mailing_id, member_id, email, first_name, status, round, batch, updated_at)
       SELECT ?1, r.member_id, r.email, r.first_name, 'queued', COALESCE((SELECT round FROM mailings WHERE id = ?1), 1),
              (row_number() OVER (ORDER BY r.position) - 1) / CAST(?3 AS INTEGER) + 1, ?4
         FROM (${RECIPIENTS.replace("json_each(?)", "json_each(?2)")}) AS r
        WHERE ${reachableClause(rows.kind, "r.member_id", "r.email")} AND (${onlyIf.sql})
       ON CONFLICT (mailing_id, member_id) DO NOTHING
       RETURNING batch`,
    )
    .bind(rows.mailingId, recipientsJson(rows.recipients), rows.batchSize, rows.now, ...onlyIf.params);
}

export const distinctBatchesOf = (rows: Array<{ batch: unknown }>) => distinctBatches(rows);

export function d1MailingDeliveries(db: D1Database): MailingDeliveriesRepository {
  return {
    async addRecipients(mailingId, kind, recipients, batchSize, now) {
      if (recipients.length === 0) return { added: 0, batches: [] };
      const { results } = await insertRecipients(db, { mailingId, kind, recipients, batchSize, now }).all<{ batch: number }>();
      return { added: results.length, batches: distinctBatches(results) };
    },

    async countReachable(kind, recipients) {
      if (recipients.length === 0) return 0;
      const row = await db
        .prepare(`SELECT COUNT(*) AS n FROM (${RECIPIENTS}) AS r WHERE ${reachableClause(kind, "r.member_id", "r.email")}`)
        .bind(recipientsJson(recipients))
        .first<{ n: number }>();
      return Number(row?.n ?? 0);
    },

    async claimBatch(mailingId, round, batch, now) {
      const { results } = await db
        .prepare(
          `UPDATE mailing_deliveries SET status = 'sending', updated_at = ?
            WHERE mailing_id = ? AND round = ? AND batch = ? AND status IN ('queued', 'sending') RETURNING *`,
        )
        .bind(now, mailingId, round, batch)
        .all<Row>();
      return results.map(deliveryFromRow).sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
    },

    async markResults(mailingId, results, now) {
      if (results.length === 0) return;
      // One statement per row, all in one batch: each finds its row by the primary key (one row
      // read), where a join over the results as JSON read the mailing's every row for each result.
      // Sent or failed only for a row still on its way (a late retry cannot undo a bounce);
      // bounced and complained (the webhook) for any row.
      await db.batch(
        results.map((result) =>
          db
            .prepare(
              `UPDATE mailing_deliveries SET status = ?1, provider_id = COALESCE(?2, provider_id), error = ?3, updated_at = ?4
                WHERE mailing_id = ?5 AND member_id = ?6 AND (?1 IN ('bounced', 'complained') OR status IN ('queued', 'sending'))`,
            )
            .bind(result.status, result.providerId ?? null, result.error ?? null, now, mailingId, result.memberId),
        ),
      );
    },

    async storeInOutbox(mailingId, copies, now) {
      if (copies.length === 0) return 0;
      // One transaction: each outbox row only while its delivery row still waits, then those rows
      // marked sent with the outbox row's id. A retried batch writes nothing twice.
      const waiting = "EXISTS (SELECT 1 FROM mailing_deliveries WHERE mailing_id = ? AND member_id = ? AND status IN ('queued', 'sending'))";
      const inserts = copies.map(({ memberId, outboxId, email }) =>
        db
          .prepare(
            `INSERT INTO outbox (id, recipients, subject, html, text, purpose, member_id, status, provider, headers, created_at, updated_at)
             SELECT ?, ?, ?, ?, ?, ?, ?, 'stored', 'outbox', ?, ?, ? WHERE ${waiting}`,
          )
          .bind(
            outboxId,
            JSON.stringify(email.to),
            email.subject,
            email.html,
            email.text,
            email.purpose,
            email.memberId,
            email.headers ? JSON.stringify(email.headers) : null,
            now,
            now,
            mailingId,
            memberId,
          ),
      );
      const marks = copies.map(({ memberId, outboxId }) =>
        db
          .prepare(
            `UPDATE mailing_deliveries SET status = 'sent', provider_id = ?, error = NULL, updated_at = ?
              WHERE mailing_id = ? AND member_id = ? AND status IN ('queued', 'sending')`,
          )
          .bind(outboxId, now, mailingId, memberId),
      );
      const results = await db.batch([...inserts, ...marks]);
      return results.slice(0, inserts.length).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
    },

    async counts(mailingId) {
      const [byStatus, unsubscribed] = await db.batch<Row>([
        db.prepare("SELECT status, COUNT(*) AS n FROM mailing_deliveries WHERE mailing_id = ? GROUP BY status").bind(mailingId),
        db
          .prepare("SELECT COUNT(DISTINCT member_id) AS n FROM mail_preference_changes WHERE mailing_id = ? AND source = 'unsubscribe' AND given = 0")
          .bind(mailingId),
      ]);
      const n: Record<string, number> = {};
      for (const row of byStatus!.results) n[String(row.status)] = Number(row.n);
      const total = Object.values(n).reduce((sum, value) => sum + value, 0);
      return {
        // Every copy written was queued first: the report's "queued" is all of them.
        queued: total,
        sent: n.sent ?? 0,
        failed: n.failed ?? 0,
        bounced: n.bounced ?? 0,
        complained: n.complained ?? 0,
        unsubscribed: Number(unsubscribed!.results[0]?.n ?? 0),
      };
    },

    async unreachable(mailingId, query = {}) {
      const limit = pageClause(query);
      const where = "mailing_id = ? AND status IN ('failed', 'bounced', 'complained')";
      const [rows, count] = await db.batch<Row>([
        db.prepare(`SELECT * FROM mailing_deliveries WHERE ${where} ORDER BY member_id${limit.sql}`).bind(mailingId, ...limit.params),
        db.prepare(`SELECT COUNT(*) AS total FROM mailing_deliveries WHERE ${where}`).bind(mailingId),
      ]);
      return { rows: rows!.results.map(deliveryFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async findByProviderId(providerId) {
      const row = await db.prepare("SELECT * FROM mailing_deliveries WHERE provider_id = ? LIMIT 1").bind(providerId).first<Row>();
      return row ? deliveryFromRow(row) : null;
    },

    async requeueFailed(mailingId, round, batchSize, now) {
      const { results } = await db
        .prepare(
          `UPDATE mailing_deliveries SET status = 'queued', round = ?1, batch = f.b, error = NULL, updated_at = ?4
             FROM (SELECT member_id, (row_number() OVER (ORDER BY member_id) - 1) / CAST(?3 AS INTEGER) + 1 AS b
                     FROM mailing_deliveries WHERE mailing_id = ?2 AND status = 'failed') AS f
            WHERE mailing_deliveries.mailing_id = ?2 AND mailing_deliveries.member_id = f.member_id AND mailing_deliveries.status = 'failed'
           RETURNING batch`,
        )
        .bind(round, mailingId, batchSize, now)
        .all<{ batch: number }>();
      return distinctBatches(results);
    },

    async anyWaiting(mailingId) {
      const row = await db
        .prepare("SELECT 1 AS yes FROM mailing_deliveries WHERE mailing_id = ? AND status IN ('queued', 'sending') LIMIT 1")
        .bind(mailingId)
        .first<{ yes: number }>();
      return row !== null;
    },

    async staleBatches(before, limit) {
      // The few mailings still sending first (a small table), then each one's waiting rows by the status index.
      const { results } = await db
        .prepare(
          `SELECT DISTINCT d.mailing_id AS mailing_id, d.round AS round, d.batch AS batch
             FROM mailings m JOIN mailing_deliveries d INDEXED BY mailing_deliveries_status ON d.mailing_id = m.id AND d.status IN ('queued', 'sending')
            WHERE m.status = 'sending' AND d.updated_at < ?
            ORDER BY d.mailing_id, d.round, d.batch LIMIT ?`,
        )
        .bind(before, limit)
        .all<{ mailing_id: string; round: number; batch: number }>();
      return results.map((row) => ({ mailingId: row.mailing_id, round: Number(row.round), batch: Number(row.batch) }));
    },

    async expireWaiting(roundBefore, error, now) {
      // The mailings still sending (a small table), then each one's waiting rows by the status index.
      const { results } = await db
        .prepare(
          `UPDATE mailing_deliveries SET status = 'failed', error = ?1, updated_at = ?2
            WHERE status IN ('queued', 'sending') AND mailing_id IN (SELECT id FROM mailings WHERE status = 'sending')
              AND EXISTS (SELECT 1 FROM mailings m WHERE m.id = mailing_deliveries.mailing_id
                            AND (CASE WHEN mailing_deliveries.round = m.round THEN m.updated_at ELSE m.started_at END) < ?3)
           RETURNING mailing_id`,
        )
        .bind(error, now, roundBefore)
        .all<{ mailing_id: string }>();
      return [...new Set(results.map((row) => String(row.mailing_id)))];
    },

    async listForMember(memberId) {
      const { results } = await db.prepare("SELECT * FROM mailing_deliveries WHERE member_id = ? ORDER BY updated_at, mailing_id").bind(memberId).all<Row>();
      return results.map(deliveryFromRow);
    },

    async deleteForMember(memberId) {
      const result = await db.prepare("DELETE FROM mailing_deliveries WHERE member_id = ?").bind(memberId).run();
      return result.meta.changes ?? 0;
    },
  };
}
