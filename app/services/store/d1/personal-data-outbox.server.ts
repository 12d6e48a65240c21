import type { Id } from "../../../domain/records";
import type { PersonalDataRepository } from "../port";
import { outboxFromRow } from "./rows";
import { pseudonymiseText } from "../../../domain/erasure";
import { activityFromRow } from "./activity.server";

/**
 * Data rights (issue 19, part G, ADR 0056): the parts kept in D1 whatever the content store
 * is: the outbox, and on D1 the activity log. Addresses are compared in lower case.
 */

const lower = (addresses: string[]) => [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
const marks = (values: unknown[]) => values.map(() => "?").join(", ");

/** An e-mail is theirs when any of its recipients is one of their addresses. */
const TO_ANY = (n: number) =>
  `EXISTS (SELECT 1 FROM json_each(outbox.recipients) r WHERE lower(r.value) IN (${Array.from({ length: n }, () => "?").join(", ")}))`;

export function d1PersonalOutbox(db: D1Database): Pick<PersonalDataRepository, "outboxTo" | "deleteOutboxTo" | "deleteOutboxBefore"> {
  return {
    async deleteOutboxBefore(cutoff) {
      const result = await db.prepare("DELETE FROM outbox WHERE created_at < ?").bind(cutoff).run();
      return result.meta.changes ?? 0;
    },
    async outboxTo(addresses) {
      const wanted = lower(addresses);
      if (wanted.length === 0) return [];
      const { results } = await db
        .prepare(`SELECT * FROM outbox WHERE ${TO_ANY(wanted.length)} ORDER BY created_at DESC, rowid DESC`)
        .bind(...wanted)
        .all<Record<string, unknown>>();
      return results.map(outboxFromRow);
    },
    async deleteOutboxTo(addresses) {
      const wanted = lower(addresses);
      if (wanted.length === 0) return 0;
      const result = await db
        .prepare(`DELETE FROM outbox WHERE ${TO_ANY(wanted.length)}`)
        .bind(...wanted)
        .run();
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

export { lower as lowerAddresses, marks as sqlMarks };
