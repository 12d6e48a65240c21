import { ERASED_VALUE } from "../../../features/data-rights";
import type { DonationsRepository } from "../port";
import type { Donation } from "../records";
import { donationFromRow, donationToRow, rowsWhereIn } from "./rows-gift-aid";
import { insertRow } from "./sql";

/**
 * Donations (docs/requirements.md §14, ADR 74): what the /donate form said beside its
 * transaction (paymentType "donation"), in D1 on both stores.
 */
export function d1Donations(db: D1Database): DonationsRepository {
  return {
    async create(fields, at) {
      const donation: Donation = { ...fields, createdAt: at };
      await insertRow(db, "donations", donationToRow(donation)).run();
      return donation;
    },
    async get(transactionId) {
      const row = await db.prepare("SELECT * FROM donations WHERE transaction_id = ?").bind(transactionId).first<Record<string, unknown>>();
      return row ? donationFromRow(row) : null;
    },
    async getMany(transactionIds) {
      const rows = await rowsWhereIn(db, "SELECT * FROM donations WHERE transaction_id IN", transactionIds);
      return Object.fromEntries(rows.map((row) => [String(row.transaction_id), donationFromRow(row)]));
    },
    async listByPerson(personId) {
      // The same second: the one added last first (rowid), as ids are random.
      const { results } = await db
        .prepare("SELECT * FROM donations WHERE person_id = ? ORDER BY created_at DESC, rowid DESC")
        .bind(personId)
        .all<Record<string, unknown>>();
      return results.map(donationFromRow);
    },
    async eraseMessages(personId) {
      // Free text the giver typed, like a refund's reason: not needed for the accounts (docs/privacy.md).
      const result = await db.prepare("UPDATE donations SET message = ?1 WHERE person_id = ?2 AND message NOT IN ('', ?1)").bind(ERASED_VALUE, personId).run();
      return result.meta.changes ?? 0;
    },
  };
}
