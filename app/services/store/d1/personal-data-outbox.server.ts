import type { Id } from "../../../domain/records";
import type { PersonalDataRepository } from "../port";
import { outboxFromRow } from "./rows";
import { pseudonymiseText } from "../../../domain/erasure";
import { activityFromRow } from "./activity.server";

/**
 * Data rights (issue 19, part G, ADR 0056): the parts kept in D1 whatever the content store
 * is: the outbox, and on D1 the activity log. Found by the member's id, never by an address.
 */

const marks = (values: unknown[]) => values.map(() => "?").join(", ");

export function d1PersonalOutbox(db: D1Database): Pick<PersonalDataRepository, "outboxAbout" | "deleteOutboxAbout" | "deleteOutboxBefore"> {
  return {
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
      const { results } = await db
        .prepare(`SELECT * FROM activity WHERE subject_id IN (${marks(ids)}) OR actor_id IN (${marks(ids)})`)
        .bind(...ids, ...ids)
        .all<Record<string, unknown>>();
      const changed = results
        .map(activityFromRow)
        .map((entry) => ({
          entry,
          next: {
            actorName: pseudonymiseText(entry.actorName, names, pseudonym),
            subjectName: pseudonymiseText(entry.subjectName, names, pseudonym),
            summary: pseudonymiseText(entry.summary, names, pseudonym),
          },
        }))
        .filter(({ entry, next }) => next.actorName !== entry.actorName || next.subjectName !== entry.subjectName || next.summary !== entry.summary);
      if (changed.length === 0) return 0;
      await db.batch(
        changed.map(({ entry, next }) =>
          db
            .prepare("UPDATE activity SET actor_name = ?, subject_name = ?, summary = ? WHERE id = ?")
            .bind(next.actorName, next.subjectName, next.summary, entry.id),
        ),
      );
      return changed.length;
    },
  };
}
