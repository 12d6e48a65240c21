import { PAYMENT_METHODS, type PaymentMethod } from "../records";
import type { TransactionsRepository } from "../port";

/** D1's part of the transactions added for offline payments (docs/requirements.md §4.9, ADR 0054). */

/** D1 binds at most 100 values a statement: the ids go in chunks. */
const CHUNK = 90;

export function d1TicketPaymentMethods(db: D1Database): Pick<TransactionsRepository, "ticketPaymentMethods"> {
  return {
    async ticketPaymentMethods(ticketIds) {
      const ids = [...new Set(ticketIds)];
      const found: Record<string, PaymentMethod> = {};
      if (ids.length === 0) return found;
      const chunks = Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));
      const results = await db.batch<{ ticket_id: string; method: string | null }>(
        chunks.map((chunk) =>
          db
            .prepare(`SELECT ticket_id, method FROM transactions WHERE status = 'success' AND ticket_id IN (${chunk.map(() => "?").join(", ")})`)
            .bind(...chunk),
        ),
      );
      for (const { results: rows } of results) {
        for (const row of rows)
          found[row.ticket_id] = (PAYMENT_METHODS as readonly string[]).includes(row.method ?? "") ? (row.method as PaymentMethod) : "card";
      }
      return found;
    },
  };
}
