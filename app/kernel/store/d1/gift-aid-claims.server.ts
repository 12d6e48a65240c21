import { newId } from "../ids";
import type { GiftAidClaimsRepository } from "../port";
import type { GiftAidClaim, GiftAidClaimItem } from "../records";
import { CLAIM_ITEM_COLUMNS, claimFromRow, claimItemFromRow, claimItemValues, rowsWhereIn } from "./rows-gift-aid";
import { insertRow, isUniqueViolation } from "./sql";

/**
 * Gift Aid claims (docs/requirements.md §14, ADR 74) in D1 on both stores. "No payment is ever
 * claimed twice" rests on gift_aid_claim_items' primary key (the transaction): a claim and its
 * items are written in one batch, which is one transaction, so a payment already claimed (a
 * double submit, two treasurers at once) fails the whole claim and nothing is written.
 */

type Row = Record<string, unknown>;

// D1 binds at most 100 parameters a statement: 9 items of 11 columns.
const ITEMS_PER_STATEMENT = Math.floor(100 / CLAIM_ITEM_COLUMNS.length);

function insertItems(db: D1Database, items: GiftAidClaimItem[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const row = `(${CLAIM_ITEM_COLUMNS.map(() => "?").join(", ")})`;
  for (let start = 0; start < items.length; start += ITEMS_PER_STATEMENT) {
    const chunk = items.slice(start, start + ITEMS_PER_STATEMENT);
    statements.push(
      db
        .prepare(`INSERT INTO gift_aid_claim_items (${CLAIM_ITEM_COLUMNS.join(", ")}) VALUES ${chunk.map(() => row).join(", ")}`)
        .bind(...chunk.flatMap(claimItemValues)),
    );
  }
  return statements;
}

export function d1GiftAidClaims(db: D1Database): GiftAidClaimsRepository {
  const get = async (id: string) => {
    const row = await db.prepare("SELECT * FROM gift_aid_claims WHERE id = ?").bind(id).first<Row>();
    return row ? claimFromRow(row) : null;
  };
  const claimedOf = async (transactionIds: readonly string[]) => {
    const rows = await rowsWhereIn(db, "SELECT * FROM gift_aid_claim_items WHERE transaction_id IN", transactionIds);
    return Object.fromEntries(rows.map((row) => [String(row.transaction_id), claimItemFromRow(row)]));
  };
  return {
    async create(fields, newItems, at) {
      const claim: GiftAidClaim = {
        ...fields,
        id: newId(),
        payments: newItems.length,
        status: "claimed",
        hmrcReference: null,
        createdAt: at,
        reopenedAt: null,
        reopenedBy: null,
        reopenReason: null,
      };
      const items = newItems.map((item) => ({ ...item, claimId: claim.id }));
      try {
        await db.batch([
          insertRow(db, "gift_aid_claims", {
            id: claim.id,
            period_from: claim.periodFrom,
            period_to: claim.periodTo,
            payments: claim.payments,
            total: claim.total,
            gift_aid: claim.giftAid,
            status: claim.status,
            created_at: at,
            created_by: claim.createdBy,
          }),
          ...insertItems(db, items),
        ]);
      } catch (error) {
        if (!isUniqueViolation(error, "gift_aid_claim_items.transaction_id")) throw error;
        // The batch was rolled back: say which of these payments another claim holds.
        const claimed = Object.keys(await claimedOf(items.map((item) => item.transactionId)));
        return { kind: "already-claimed", transactionIds: items.map((item) => item.transactionId).filter((id) => claimed.includes(id)) };
      }
      return { kind: "created", claim };
    },

    get,

    async list() {
      // Claims made in the same second: the one added last first (rowid), as ids are random.
      const { results } = await db.prepare("SELECT * FROM gift_aid_claims ORDER BY created_at DESC, rowid DESC").all<Row>();
      return results.map(claimFromRow);
    },

    async items(claimId) {
      const { results } = await db.prepare("SELECT * FROM gift_aid_claim_items WHERE claim_id = ? ORDER BY paid_on, transaction_id").bind(claimId).all<Row>();
      return results.map(claimItemFromRow);
    },

    claimedOf,

    async refundedSinceLastClaim() {
      // Read from the refunds made since the latest claim (refunds_created), never every claimed payment.
      const { results } = await db
        .prepare(
          `SELECT i.*, MIN(i.amount, SUM(r.amount)) AS refunded_since
           FROM refunds r
           JOIN gift_aid_claim_items i ON i.transaction_id = r.transaction_id
           JOIN gift_aid_claims c ON c.id = i.claim_id
           WHERE r.status = 'succeeded'
             AND r.created_at >= (SELECT COALESCE(MAX(created_at), 0) FROM gift_aid_claims WHERE status = 'claimed')
             AND r.created_at >= c.created_at
           GROUP BY i.transaction_id
           ORDER BY i.paid_on, i.transaction_id`,
        )
        .all<Row>();
      return results.map((row) => ({ item: claimItemFromRow(row), refunded: Number(row.refunded_since) }));
    },

    async listItemsOfPerson(personId) {
      const { results } = await db.prepare("SELECT * FROM gift_aid_claim_items WHERE person_id = ? ORDER BY paid_on, transaction_id").bind(personId).all<Row>();
      return results.map(claimItemFromRow);
    },

    async setReference(id, reference) {
      const result = await db
        .prepare("UPDATE gift_aid_claims SET hmrc_reference = ? WHERE id = ? AND status = 'claimed' AND hmrc_reference IS NULL")
        .bind(reference, id)
        .run();
      return result.meta.changes > 0;
    },

    async reopen(id, reason, by, at) {
      // One batch: the claim is reopened only while it is claimed without HMRC's reference, and
      // its items go only when it is reopened (a reopened claim holds no payments), so a reopen
      // refused leaves every item in place.
      const [reopened] = await db.batch([
        db
          .prepare(
            "UPDATE gift_aid_claims SET status = 'reopened', reopened_at = ?, reopened_by = ?, reopen_reason = ? WHERE id = ? AND status = 'claimed' AND hmrc_reference IS NULL",
          )
          .bind(at, by, reason, id),
        db
          .prepare("DELETE FROM gift_aid_claim_items WHERE claim_id = ?1 AND EXISTS (SELECT 1 FROM gift_aid_claims WHERE id = ?1 AND status = 'reopened')")
          .bind(id),
      ]);
      return reopened!.meta.changes > 0;
    },
  };
}
