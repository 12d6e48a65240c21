import { newId } from "../ids";
import type { DonorsRepository } from "../port";
import type { Donor } from "../records";
import { donorFromRow, rowsWhereIn } from "./rows-gift-aid";
import { insertRow } from "./sql";

/**
 * Donors (docs/requirements.md §14, ADR 74): visitors who gave on /donate without an account,
 * in D1 on both stores (a donation's declaration belongs to one).
 */
export function d1Donors(db: D1Database): DonorsRepository {
  return {
    async create(fields, at) {
      const donor: Donor = { id: newId(), email: fields.email, fullName: fields.fullName, createdAt: at, pseudonymisedAt: null };
      await insertRow(db, "donors", { id: donor.id, email: donor.email, full_name: donor.fullName, created_at: at }).run();
      return donor;
    },
    async get(id) {
      const row = await db.prepare("SELECT * FROM donors WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? donorFromRow(row) : null;
    },
    async getMany(ids) {
      const rows = await rowsWhereIn(db, "SELECT * FROM donors WHERE id IN", ids);
      return Object.fromEntries(rows.map((row) => [String(row.id), donorFromRow(row)]));
    },
  };
}
