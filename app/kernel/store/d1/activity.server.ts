import type { ActivityEntry, ActivityKind, JsonValue } from "../../activity/activity";
import { newId } from "../ids";
import type { ActivityRepository } from "../port";
import { insertRow, pageClause } from "./sql";

/** A JSON column: NULL when there is no value (a JSON null is the text 'null'). */
const json = (value: JsonValue | undefined) => (value === undefined ? null : JSON.stringify(value));

function readJson(value: unknown): JsonValue | undefined {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value) as JsonValue;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : value === null || value === undefined ? "" : String(value));

/** A kind this code no longer knows (a newer or older version wrote it) is still shown by its stored sentence. */
const kindOf = (value: unknown) => text(value) as ActivityKind;

export function activityFromRow(row: Record<string, unknown>): ActivityEntry {
  const before = readJson(row.before_value);
  const after = readJson(row.after_value);
  return {
    id: text(row.id),
    at: text(row.at),
    actorId: text(row.actor_id),
    actorName: text(row.actor_name),
    kind: kindOf(row.kind),
    subjectId: text(row.subject_id),
    subjectName: text(row.subject_name),
    memberId: typeof row.member_id === "string" ? row.member_id : null,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    summary: text(row.summary),
  };
}

/** An entry as its row (also what `npm run import:cockpit` writes). */
export function activityToRow(entry: ActivityEntry) {
  return {
    id: entry.id,
    at: entry.at,
    actor_id: entry.actorId,
    actor_name: entry.actorName,
    kind: entry.kind,
    subject_id: entry.subjectId,
    subject_name: entry.subjectName,
    member_id: entry.memberId,
    before_value: json(entry.before),
    after_value: json(entry.after),
    summary: entry.summary,
  };
}

export function d1Activity(db: D1Database): ActivityRepository {
  return {
    async record(entry) {
      const recorded: ActivityEntry = { ...entry, id: newId() };
      await insertRow(db, "activity", activityToRow(recorded)).run();
      return recorded;
    },

    async list(query = {}) {
      const limit = pageClause(query);
      const [rows, count] = await db.batch<Record<string, unknown>>([
        // rowid breaks ties between entries of the same millisecond: the later recorded first.
        db.prepare(`SELECT * FROM activity ORDER BY at DESC, rowid DESC${limit.sql}`).bind(...limit.params),
        db.prepare("SELECT COUNT(*) AS total FROM activity"),
      ]);
      return { rows: rows!.results.map(activityFromRow), total: Number(count!.results[0]?.total ?? 0) };
    },

    async listAbout(memberId, limit) {
      // The activity_member index (migration 0021): the member's entries only, never the log.
      const { results } = await db
        .prepare("SELECT * FROM activity WHERE member_id = ? ORDER BY at DESC, rowid DESC LIMIT ?")
        .bind(memberId, limit)
        .all<Record<string, unknown>>();
      return results.map(activityFromRow);
    },
  };
}
