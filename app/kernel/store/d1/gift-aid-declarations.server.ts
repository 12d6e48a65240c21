import { newId } from "../ids";
import type { GiftAidDeclarationsRepository } from "../port";
import { ukIsoDay } from "../received-day";
import type { GiftAidDeclaration } from "../records";
import { declarationFromRow, declarationToRow, rowsWhereIn } from "./rows-gift-aid";
import { insertRow } from "./sql";

/**
 * Gift Aid declarations (docs/requirements.md §14, ADR 74; HMRC Chapter 3) in D1 on both
 * stores: each one a record as given, cancelled by its withdrawal day, never deleted.
 */

/** Newest given first; the same day, newest entered first (the one in force is the first given on or before a day). */
const NEWEST = "ORDER BY given_on DESC, created_at DESC, rowid DESC";

/** The sign-up wording of the consents made before the model declaration (migration 0031). */
const SIGN_UP_WORDING = "sign-up-2019";

/** Statements per batch when backfilling: small batches keep each D1 call short. */
const BACKFILL_BATCH = 50;

export function d1GiftAidDeclarations(db: D1Database): GiftAidDeclarationsRepository {
  return {
    async create(fields, at) {
      const declaration: GiftAidDeclaration = {
        ...fields,
        id: newId(),
        createdAt: at,
        withdrawnOn: null,
        withdrawnAt: null,
        withdrawnBy: null,
        correctedAt: null,
        correctedBy: null,
        pseudonymisedAt: null,
      };
      await insertRow(db, "gift_aid_declarations", declarationToRow(declaration)).run();
      return declaration;
    },

    async get(id) {
      const row = await db.prepare("SELECT * FROM gift_aid_declarations WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? declarationFromRow(row) : null;
    },

    async listByPerson(personId) {
      const { results } = await db.prepare(`SELECT * FROM gift_aid_declarations WHERE person_id = ? ${NEWEST}`).bind(personId).all<Record<string, unknown>>();
      return results.map(declarationFromRow);
    },

    async listByPeople(personIds) {
      const rows = await rowsWhereIn(db, "SELECT * FROM gift_aid_declarations WHERE person_id IN", personIds, NEWEST);
      const byPerson: Record<string, GiftAidDeclaration[]> = {};
      for (const declaration of rows.map(declarationFromRow)) (byPerson[declaration.personId] ??= []).push(declaration);
      return byPerson;
    },

    async withdraw(id, on, by, at) {
      // One conditional write: a second cancellation (a double submit) changes nothing.
      const result = await db
        .prepare("UPDATE gift_aid_declarations SET withdrawn_on = ?, withdrawn_at = ?, withdrawn_by = ? WHERE id = ? AND withdrawn_on IS NULL")
        .bind(on, at, by, id)
        .run();
      return result.meta.changes > 0;
    },

    async correct(id, fields, by, at) {
      await db
        .prepare("UPDATE gift_aid_declarations SET title = ?, full_name = ?, address = ?, postcode = ?, corrected_at = ?, corrected_by = ? WHERE id = ?")
        .bind(fields.title, fields.fullName, fields.address, fields.postcode, at, by, id)
        .run();
    },

    async backfillSignUp(members) {
      // As migration 0031 on D1: a "sign-up" declaration dated the member's registration day;
      // the unique index on sign-up declarations makes a second run add nothing.
      const statements = members.map((member) =>
        db
          .prepare(
            `INSERT OR IGNORE INTO gift_aid_declarations (id, person_id, person_kind, origin, wording_version, title, full_name, address, postcode, given_on, created_at, created_by)
             VALUES (?, ?, 'member', 'sign-up', ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            newId(),
            member.id,
            SIGN_UP_WORDING,
            member.title === "Other" ? "" : member.title,
            member.fullName,
            member.address,
            member.postcode,
            ukIsoDay(member.createdAt),
            member.createdAt,
            member.id,
          ),
      );
      let made = 0;
      for (let start = 0; start < statements.length; start += BACKFILL_BATCH) {
        const results = await db.batch(statements.slice(start, start + BACKFILL_BATCH));
        for (const result of results) made += result.meta.changes;
      }
      return made;
    },

    async pseudonymise(personId, as, at) {
      const result = await db
        .prepare(
          "UPDATE gift_aid_declarations SET title = '', full_name = ?, address = '', postcode = '', pseudonymised_at = ? WHERE person_id = ? AND pseudonymised_at IS NULL",
        )
        .bind(as.fullName, at, personId)
        .run();
      return result.meta.changes;
    },
  };
}
