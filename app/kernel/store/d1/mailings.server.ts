import type { Audience, Mailing, MediaRef } from "../records";
import { newId } from "../ids";
import type { MailingsRepository } from "../port";
import { pageClause } from "./sql";
import { distinctBatchesOf, insertRecipients } from "./mailing-deliveries.server";

/**
 * Member mailings in D1 on both stores (docs/requirements.md §13, ADR 73). Every change of
 * state is one conditional UPDATE, so two Send posts at once, or the 15-minute cron and a
 * click, cannot both start the same mailing.
 */

type Row = Record<string, unknown>;

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string" || value === "") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

const numOrNull = (value: unknown) => (value == null ? null : Number(value));

export function mailingFromRow(r: Row): Mailing {
  return {
    id: String(r.id),
    kind: String(r.kind) as Mailing["kind"],
    subject: String(r.subject),
    preview: String(r.preview ?? ""),
    bodyHtml: String(r.body_html ?? ""),
    photo: parseJson<MediaRef | null>(r.photo, null),
    buttonLabel: String(r.button_label ?? ""),
    buttonUrl: String(r.button_url ?? ""),
    audience: parseJson<Audience>(r.audience, { kind: "active" }),
    publishNews: Number(r.publish_news) === 1,
    newsId: r.news_id == null ? null : String(r.news_id),
    status: String(r.status) as Mailing["status"],
    scheduledAt: numOrNull(r.scheduled_at),
    startedAt: numOrNull(r.started_at),
    finishedAt: numOrNull(r.finished_at),
    round: Number(r.round ?? 1),
    siteUrl: r.site_url == null ? null : String(r.site_url),
    createdBy: String(r.created_by),
    updatedBy: String(r.updated_by),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The draft fields as columns (only those a patch gives). */
const DRAFT_COLUMNS = {
  kind: (v: Mailing["kind"]) => ["kind", v],
  subject: (v: string) => ["subject", v],
  preview: (v: string) => ["preview", v],
  bodyHtml: (v: string) => ["body_html", v],
  photo: (v: MediaRef | null) => ["photo", v ? JSON.stringify(v) : null],
  buttonLabel: (v: string) => ["button_label", v],
  buttonUrl: (v: string) => ["button_url", v],
  audience: (v: Audience) => ["audience", JSON.stringify(v)],
  publishNews: (v: boolean) => ["publish_news", v ? 1 : 0],
} as const;

type DraftKey = keyof typeof DRAFT_COLUMNS;

function draftColumns(fields: Partial<Pick<Mailing, DraftKey>>): Array<[string, unknown]> {
  const columns: Array<[string, unknown]> = [];
  for (const key of Object.keys(DRAFT_COLUMNS) as DraftKey[]) {
    const value = fields[key];
    if (value === undefined) continue;
    columns.push((DRAFT_COLUMNS[key] as (v: unknown) => [string, unknown])(value));
  }
  return columns;
}

export function d1Mailings(db: D1Database): MailingsRepository {
  const get = async (id: string) => {
    const row = await db.prepare("SELECT * FROM mailings WHERE id = ?").bind(id).first<Row>();
    return row ? mailingFromRow(row) : null;
  };

  return {
    async create(draft, now) {
      const columns: Array<[string, unknown]> = [
        ["id", newId()],
        ...draftColumns(draft),
        ["status", "draft"],
        ["round", 1],
        ["created_by", draft.createdBy],
        ["updated_by", draft.createdBy],
        ["created_at", now],
        ["updated_at", now],
      ];
      const row = await db
        .prepare(`INSERT INTO mailings (${columns.map(([c]) => c).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) RETURNING *`)
        .bind(...columns.map(([, v]) => v))
        .first<Row>();
      return mailingFromRow(row!);
    },

    get,

    async list(query = {}) {
      const limit = pageClause(query);
      const [rows, count] = await db.batch<Row>([
        db.prepare(`SELECT * FROM mailings ORDER BY created_at DESC, id${limit.sql}`).bind(...limit.params),
        db.prepare("SELECT COUNT(*) AS total FROM mailings"),
      ]);
      return { rows: rows!.results.map(mailingFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async updateDraft(id, patch, now) {
      const columns = draftColumns(patch);
      const set = [...columns.map(([c]) => `${c} = ?`), "updated_by = ?", "updated_at = ?"].join(", ");
      const row = await db
        .prepare(`UPDATE mailings SET ${set} WHERE id = ? AND status IN ('draft', 'scheduled') RETURNING *`)
        .bind(...columns.map(([, v]) => v), patch.updatedBy, now, id)
        .first<Row>();
      return row ? mailingFromRow(row) : null;
    },

    async schedule(id, at, by, now) {
      const result =
        at === null
          ? await db
              .prepare("UPDATE mailings SET status = 'draft', scheduled_at = NULL, updated_by = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'")
              .bind(by, now, id)
              .run()
          : await db
              .prepare(
                "UPDATE mailings SET status = 'scheduled', scheduled_at = ?, updated_by = ?, updated_at = ? WHERE id = ? AND status IN ('draft', 'scheduled')",
              )
              .bind(at, by, now, id)
              .run();
      return result.meta.changes === 1;
    },

    async start(id, claim, rows) {
      // One transaction (ADR 73): the claim of the version read, then the rows only if the
      // mailing is now in the state this claim wrote and has no rows yet, so a failure between
      // the two cannot leave a mailing "sending" with nobody to send to, and a Send that lost
      // the claim writes nothing.
      const claimed = `EXISTS (SELECT 1 FROM mailings WHERE id = ?5 AND status = 'sending' AND started_at = ?6 AND updated_at = ?6 AND updated_by = ?7)
         AND NOT EXISTS (SELECT 1 FROM mailing_deliveries WHERE mailing_id = ?5)`;
      const [update, insert] = await db.batch([
        db
          .prepare(
            `UPDATE mailings SET status = 'sending', site_url = ?, started_at = ?, updated_by = ?, updated_at = ?
              WHERE id = ? AND status IN ('draft', 'scheduled') AND updated_at = ?`,
          )
          .bind(claim.siteUrl, claim.now, claim.by, claim.now, id, claim.updatedAt),
        insertRecipients(
          db,
          { mailingId: id, kind: rows.kind, recipients: rows.recipients, batchSize: rows.batchSize, now: claim.now },
          { sql: claimed, params: [id, claim.now, claim.by] },
        ),
      ]);
      if (update!.meta.changes !== 1) return null;
      const written = (insert!.results ?? []) as Array<{ batch: number }>;
      return { added: written.length, batches: distinctBatchesOf(written) };
    },

    async due(now, limit) {
      const { results } = await db
        .prepare("SELECT * FROM mailings INDEXED BY mailings_due WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at LIMIT ?")
        .bind(now, limit)
        .all<Row>();
      return results.map(mailingFromRow);
    },

    async setNewsId(id, newsId) {
      await db.prepare("UPDATE mailings SET news_id = ? WHERE id = ?").bind(newsId, id).run();
    },

    async finish(id, now) {
      // Only when no row waits any more: a late consumer of another batch cannot close it early.
      const result = await db
        .prepare(
          `UPDATE mailings SET status = 'sent', finished_at = ?, updated_at = ? WHERE id = ? AND status = 'sending'
             AND NOT EXISTS (SELECT 1 FROM mailing_deliveries WHERE mailing_id = ? AND status IN ('queued', 'sending'))`,
        )
        .bind(now, now, id, id)
        .run();
      return result.meta.changes === 1;
    },

    async nextRound(id, now) {
      const row = await db
        .prepare(
          "UPDATE mailings SET round = round + 1, status = 'sending', finished_at = NULL, updated_at = ? WHERE id = ? AND status IN ('sending', 'sent') RETURNING round",
        )
        .bind(now, id)
        .first<{ round: number }>();
      return row ? Number(row.round) : null;
    },
  };
}
