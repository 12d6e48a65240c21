import type { OutboxEmail } from "../../../domain/records";
import { newId, nowSeconds } from "../ids";
import type { OutboxRepository } from "../port";
import { outboxFromRow } from "./rows";
import { insertRow } from "./sql";

export function d1Outbox(db: D1Database): OutboxRepository {
  return {
    async add(email, status, provider) {
      const now = nowSeconds();
      const record: OutboxEmail = {
        ...email,
        id: newId(),
        status,
        provider,
        providerId: null,
        error: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertRow(db, "outbox", {
        id: record.id,
        recipients: JSON.stringify(record.to),
        subject: record.subject,
        html: record.html,
        text: record.text,
        purpose: record.purpose,
        status,
        provider,
        created_at: now,
        updated_at: now,
      }).run();
      return record;
    },

    async markResult(id, result) {
      await db
        .prepare("UPDATE outbox SET status = ?, provider_id = ?, error = ?, updated_at = ? WHERE id = ?")
        .bind(result.status, result.providerId ?? null, result.error ?? null, nowSeconds(), id)
        .run();
    },

    async get(id) {
      const row = await db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? outboxFromRow(row) : null;
    },

    async list({ limit = 50, offset = 0 } = {}) {
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db.prepare("SELECT * FROM outbox ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?").bind(limit, offset),
        db.prepare("SELECT COUNT(*) AS total FROM outbox"),
      ]);
      return { rows: rows!.results.map(outboxFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },
  };
}
