import type { DocumentRecord } from "../records";
import { newId, nowSeconds } from "../ids";
import { teamOrder } from "../../../features/studio";
import type { DocumentWrites, PeopleWrites } from "../port";
import {
  documentFromRow,
  documentToRow,
  eventFromRow,
  eventToRow,
  officeBearerFromRow,
  officeBearerToRow,
  previousTeamFromRow,
  previousTeamToRow,
} from "./rows";
import { insertRow } from "./sql";

/**
 * The studio's writes of the event calendar, the office bearers (with their previous teams)
 * and the members' documents on D1 (docs/requirements.md §7.7, §7.9, §7.10). One statement
 * each, except moving the team, which is one batch: the previous team is added and the
 * current team emptied together.
 */

type Row = Record<string, unknown>;

export function d1PeopleWrites(db: D1Database): PeopleWrites {
  const one = async (sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .bind(...params)
      .first<Row>();
  const removed = async (table: "calendar_events" | "office_bearers" | "previous_teams", id: string) =>
    ((await db.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(id).run()).meta.changes ?? 0) > 0;

  return {
    async createEvent(entry) {
      const row = await insertRow(db, "calendar_events", eventToRow({ id: newId(), ...entry, createdAt: nowSeconds() }), { returning: true }).first<Row>();
      return eventFromRow(row!);
    },
    async updateEvent(id, entry) {
      const row = await one(
        "UPDATE calendar_events SET month = ?, date = ?, name = ?, url = ? WHERE id = ? RETURNING *",
        entry.month,
        entry.date,
        entry.name,
        entry.url,
        id,
      );
      return row ? eventFromRow(row) : null;
    },
    deleteEvent: (id) => removed("calendar_events", id),

    async createOfficeBearer(bearer) {
      const last = await one("SELECT COALESCE(MAX(sort_order), 0) AS last FROM office_bearers");
      const order = Number(last?.last ?? 0) + 1;
      const row = await insertRow(db, "office_bearers", officeBearerToRow({ id: newId(), ...bearer, order }, nowSeconds()), { returning: true }).first<Row>();
      return officeBearerFromRow(row!);
    },
    async updateOfficeBearer(id, bearer) {
      const photo = bearer.photo ? JSON.stringify(bearer.photo) : null;
      const row = await one("UPDATE office_bearers SET name = ?, role = ?, photo = ? WHERE id = ? RETURNING *", bearer.name, bearer.role, photo, id);
      return row ? officeBearerFromRow(row) : null;
    },
    deleteOfficeBearer: (id) => removed("office_bearers", id),
    async reorderOfficeBearers(ids) {
      const known = new Set((await db.prepare("SELECT id FROM office_bearers").all<{ id: string }>()).results.map((row) => row.id));
      const team = teamOrder(ids, known);
      if (!team.length) return;
      await db.batch(team.map(({ id, order }) => db.prepare("UPDATE office_bearers SET sort_order = ? WHERE id = ?").bind(order, id)));
    },

    async moveTeamToPrevious(team) {
      const record = { id: newId(), ...team, createdAt: nowSeconds() };
      await db.batch([insertRow(db, "previous_teams", previousTeamToRow(record)), db.prepare("DELETE FROM office_bearers")]);
      return record;
    },
    async updatePreviousTeam(id, team) {
      const row = await one("UPDATE previous_teams SET title = ?, content_html = ? WHERE id = ? RETURNING *", team.title, team.contentHtml, id);
      return row ? previousTeamFromRow(row) : null;
    },
    deletePreviousTeam: (id) => removed("previous_teams", id),
  };
}

export function d1DocumentWrites(db: D1Database): DocumentWrites {
  return {
    async create(document) {
      const record: DocumentRecord = { id: newId(), ...document, createdAt: nowSeconds() };
      await insertRow(db, "documents", documentToRow(record)).run();
      return record;
    },
    async update(id, patch) {
      const row = await db
        .prepare("UPDATE documents SET title = COALESCE(?, title), file = COALESCE(?, file) WHERE id = ? RETURNING *")
        .bind(patch.title ?? null, patch.file ? JSON.stringify(patch.file) : null, id)
        .first<Row>();
      return row ? documentFromRow(row) : null;
    },
    async remove(id) {
      return ((await db.prepare("DELETE FROM documents WHERE id = ?").bind(id).run()).meta.changes ?? 0) > 0;
    },
  };
}
