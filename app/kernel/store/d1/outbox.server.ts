import type { OutboxEmail } from "../records";
import { newId, nowSeconds } from "../ids";
import type { OutboxRepository } from "../port";
import { outboxFromRow } from "./rows";
import { insertRow, pageClause } from "./sql";

const MARK = "UPDATE outbox SET status = ?, provider_id = ?, error = ?, updated_at = ? WHERE id = ?";
const CLAIM_FAILED = "UPDATE outbox SET status = 'queued', updated_at = ? WHERE id = ? AND status = 'failed'";

function toRow(record: OutboxEmail) {
  return {
    id: record.id,
    recipients: JSON.stringify(record.to),
    subject: record.subject,
    html: record.html,
    text: record.text,
    purpose: record.purpose,
    member_id: record.memberId,
    status: record.status,
    provider: record.provider,
    headers: record.headers ? JSON.stringify(record.headers) : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export function d1Outbox(db: D1Database): OutboxRepository {
  const repo: OutboxRepository = {
    async add(email, status, provider) {
      const [record] = await repo.addMany([email], status, provider);
      return record!;
    },

    async addMany(emails, status, provider) {
      if (emails.length === 0) return [];
      const now = nowSeconds();
      const records: OutboxEmail[] = emails.map((email) => ({
        ...email,
        id: newId(),
        status,
        provider,
        providerId: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      }));
      await db.batch(records.map((record) => insertRow(db, "outbox", toRow(record))));
      return records;
    },

    async markResult(id, result) {
      await repo.markResults([{ id, ...result }]);
    },

    async claimFailed(id) {
      const result = await db.prepare(CLAIM_FAILED).bind(nowSeconds(), id).run();
      return result.meta.changes === 1;
    },

    async markResults(results) {
      if (results.length === 0) return;
      const now = nowSeconds();
      await db.batch(results.map((result) => db.prepare(MARK).bind(result.status, result.providerId ?? null, result.error ?? null, now, result.id)));
    },

    async get(id) {
      const row = await db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? outboxFromRow(row) : null;
    },

    async findByProviderId(providerId) {
      const row = await db.prepare("SELECT * FROM outbox WHERE provider_id = ?1 LIMIT 1").bind(providerId).first<Record<string, unknown>>();
      return row ? outboxFromRow(row) : null;
    },

    async list(query = {}) {
      const limit = pageClause(query);
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db.prepare(`SELECT * FROM outbox ORDER BY created_at DESC, rowid DESC${limit.sql}`).bind(...limit.params),
        db.prepare("SELECT COUNT(*) AS total FROM outbox"),
      ]);
      return { rows: rows!.results.map(outboxFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },
  };
  return repo;
}
