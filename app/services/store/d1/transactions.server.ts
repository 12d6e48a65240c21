import type { Transaction } from "../../../domain/records";
import { newId, nowSeconds } from "../ids";
import type { TransactionsRepository } from "../port";
import { transactionFromRow, transactionToRow } from "./rows";
import { insertRow } from "./sql";

export function d1Transactions(db: D1Database): TransactionsRepository {
  return {
    async create(input) {
      const transaction: Transaction = {
        ...input,
        id: newId(),
        status: "pending",
        checkoutSessionId: null,
        createdAt: nowSeconds(),
        settledAt: null,
      };
      await insertRow(db, "transactions", transactionToRow(transaction)).run();
      return transaction;
    },

    async getById(id) {
      const row = await db.prepare("SELECT * FROM transactions WHERE id = ?").bind(id).first<Record<string, unknown>>();
      return row ? transactionFromRow(row) : null;
    },

    async listByUser(userId, status) {
      const statement = status
        ? db
            .prepare("SELECT * FROM transactions WHERE user_id = ? AND status = ? ORDER BY created_at DESC, id DESC")
            .bind(userId, status)
        : db.prepare("SELECT * FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC").bind(userId);
      const { results } = await statement.all<Record<string, unknown>>();
      return results.map(transactionFromRow);
    },

    async setCheckoutSession(id, checkoutSessionId) {
      await db.prepare("UPDATE transactions SET checkout_session_id = ? WHERE id = ?").bind(checkoutSessionId, id).run();
    },

    async settle(id, status, at) {
      const from = status === "success" ? "status IN ('pending', 'failed')" : "status = 'pending'";
      const result = await db
        .prepare(`UPDATE transactions SET status = ?, settled_at = ? WHERE id = ? AND ${from}`)
        .bind(status, at, id)
        .run();
      return result.meta.changes === 1;
    },
  };
}
