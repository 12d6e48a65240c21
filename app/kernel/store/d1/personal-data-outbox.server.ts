import type { Id } from "../records";
import type { PersonalDataRepository } from "../port";
import { outboxFromRow } from "./rows";
import { ERASED_VALUE, erasedActivity } from "../../../features/data-rights";
import { activityFromRow } from "./activity.server";

/**
 * Data rights (docs/requirements.md §8, ADR 0056): the parts kept in D1 whatever the content store
 * is: the outbox and the refunds, and on D1 the activity log. Found by the member's id (or
 * their records' ids), never by an address or by searching texts.
 */

const marks = (values: unknown[]) => values.map(() => "?").join(", ");
/** Ids a statement binds: each three times, within D1's 100 parameters. */
const ID_SLICE = 33;

type OutboxRights = "outboxAbout" | "deleteOutboxAbout" | "deleteOutboxBefore" | "outboxOwnersUnknown" | "settleOutboxOwner";

export function d1PersonalOutbox(db: D1Database): Pick<PersonalDataRepository, OutboxRights> {
  return {
    async outboxOwnersUnknown(limit) {
      const { results } = await db
        .prepare("SELECT id, json_extract(recipients, '$[0]') AS address FROM outbox WHERE owner_unknown = 1 ORDER BY created_at LIMIT ?")
        .bind(limit)
        .all<{ id: string; address: unknown }>();
      return results.map((row) => ({ id: row.id, address: typeof row.address === "string" ? row.address : "" }));
    },
    async settleOutboxOwner(id, memberId) {
      await db.prepare("UPDATE outbox SET member_id = COALESCE(member_id, ?), owner_unknown = 0 WHERE id = ?").bind(memberId, id).run();
    },
    async deleteOutboxBefore(cutoff) {
      const result = await db.prepare("DELETE FROM outbox WHERE created_at < ?").bind(cutoff).run();
      return result.meta.changes ?? 0;
    },
    async outboxAbout(memberId) {
      const { results } = await db
        .prepare("SELECT * FROM outbox WHERE member_id = ? ORDER BY created_at DESC, rowid DESC")
        .bind(memberId)
        .all<Record<string, unknown>>();
      return results.map(outboxFromRow);
    },
    async deleteOutboxAbout(memberId) {
      const result = await db.prepare("DELETE FROM outbox WHERE member_id = ?").bind(memberId).run();
      return result.meta.changes ?? 0;
    },
  };
}

export function d1PersonalActivity(db: D1Database): Pick<PersonalDataRepository, "pseudonymiseActivity"> {
  return {
    async pseudonymiseActivity(ids: Id[], names, pseudonym) {
      if (ids.length === 0) return 0;
      // D1 binds at most 100 parameters a statement, and each id is bound three times: in slices.
      // Each column is indexed (migration 0021): the entries about or by the member are read, not the log.
      const rows = new Map<string, Record<string, unknown>>();
      for (let start = 0; start < ids.length; start += ID_SLICE) {
        const slice = ids.slice(start, start + ID_SLICE);
        const { results } = await db
          .prepare(`SELECT * FROM activity WHERE member_id IN (${marks(slice)}) OR subject_id IN (${marks(slice)}) OR actor_id IN (${marks(slice)})`)
          .bind(...slice, ...slice, ...slice)
          .all<Record<string, unknown>>();
        for (const row of results) rows.set(String(row.id), row);
      }
      const changed = erasedActivity([...rows.values()].map(activityFromRow), { ids, names, pseudonym });
      if (changed.length === 0) return 0;
      const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
      await db.batch(
        changed.map((next) =>
          db
            .prepare("UPDATE activity SET actor_name = ?, subject_name = ?, summary = ?, before_value = ?, after_value = ? WHERE id = ?")
            .bind(next.actorName, next.subjectName, next.summary, json(next.before), json(next.after), next.id),
        ),
      );
      return changed.length;
    },
  };
}

/** Refunds are kept in D1 on both stores (migration 0018): the payer's are found by `user_id`. */
export function d1PersonalRefunds(db: D1Database): Pick<PersonalDataRepository, "eraseRefundReasons"> {
  return {
    async eraseRefundReasons(userId) {
      const result = await db.prepare("UPDATE refunds SET reason = ?1 WHERE user_id = ?2 AND reason NOT IN ('', ?1)").bind(ERASED_VALUE, userId).run();
      return result.meta.changes ?? 0;
    },
  };
}
