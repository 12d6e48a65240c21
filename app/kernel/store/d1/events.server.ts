import type { EventsRepository } from "../port";
import type { EventRecord } from "../records";
import { newId, nowSeconds } from "../ids";
import { eventRecordFromRow, eventRecordToRow } from "./rows";
import { insertRow } from "./sql";
import { BUMP_CONTENT_VERSION } from "./content-version.server";
import { readTotals, startTotals, writeTotals } from "./event-totals.server";

/**
 * The events (ADR 60), on both stores: a small table read through its date index.
 *
 * Events are public content: the home page and /event show them (docs/requirements.md §1.4,
 * §1.6), and visitors get those pages from caches keyed by the content version (§1.12, ADR
 * 42). So every write here bumps that version in the same batch as the write itself: the
 * studio, the daily adoption and anything else that creates, edits, cancels or restores an
 * event makes the next visitor request fresh without having to remember contentChanged.
 */
export function d1Events(db: D1Database): EventsRepository {
  const bump = () => db.prepare(BUMP_CONTENT_VERSION);
  const many = async (sql: string, ...params: unknown[]) => {
    const { results } = await db
      .prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>();
    return results.map(eventRecordFromRow);
  };
  const get = async (id: string) => {
    const row = await db.prepare("SELECT * FROM events WHERE id = ?").bind(id).first<Record<string, unknown>>();
    return row ? eventRecordFromRow(row) : null;
  };
  const write = async (event: EventRecord) => {
    const { id, created_at: _created, ...row } = eventRecordToRow(event);
    const columns = Object.keys(row);
    const [result] = await db.batch([
      db.prepare(`UPDATE events SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`).bind(...columns.map((c) => row[c as keyof typeof row]), id),
      bump(),
    ]);
    return result!.meta.changes === 1 ? event : null;
  };

  return {
    hasAny: async () => (await db.prepare("SELECT 1 FROM events LIMIT 1").first()) !== null,
    list: () => many("SELECT * FROM events ORDER BY date, id"),
    // Undated events come last (as byEventDate puts them): whether one is over depends on its booking, decided by the caller.
    listUpcoming: (fromDay, limit) =>
      many(
        "SELECT * FROM events WHERE (date >= ? OR date = '') AND published = 1 AND cancelled_at IS NULL ORDER BY date = '', date, id LIMIT ?",
        fromDay,
        limit,
      ),
    get,

    async create(fields) {
      const now = nowSeconds();
      const event: EventRecord = { ...fields, id: newId(), title: fields.tickets.title, cancelledAt: null, createdAt: now, updatedAt: now };
      // Its running totals start at zero with it (ADR 62).
      await db.batch([insertRow(db, "events", eventRecordToRow(event)), startTotals(db, event.id), bump()]);
      return event;
    },

    async update(id, fields) {
      const before = await get(id);
      if (!before) return null;
      return write({ ...before, ...fields, title: fields.tickets.title, updatedAt: nowSeconds() });
    },

    totals: (id) => readTotals(db, id),
    async writeTotals(id, totals) {
      await writeTotals(db, id, totals).run();
    },

    async setCancelled(id, at) {
      const before = await get(id);
      if (!before) return null;
      return write({ ...before, cancelledAt: at, updatedAt: nowSeconds() });
    },
  };
}
