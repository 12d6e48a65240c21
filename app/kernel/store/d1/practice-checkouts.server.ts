import type { CheckoutLineItem } from "../../../features/payments";
import type { PracticeCheckoutRecord, PracticeCheckoutsRepository } from "../port";

/**
 * The practice checkout's sessions (migration 0005) in D1, on both stores: the Cockpit store
 * keeps them here too, like the outbox. Rows are returned as stored; what an open session
 * past its time reports is the gateway's rule (practice-gateway.server.ts).
 */

interface Row {
  id: string;
  line_items: string;
  customer_email: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  metadata: string;
  amount_total: number;
  currency: string;
  description: string;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  expires_at: number;
}

function fromRow(row: Row): PracticeCheckoutRecord {
  return {
    id: row.id,
    lineItems: JSON.parse(row.line_items) as CheckoutLineItem[],
    customerEmail: row.customer_email,
    clientReferenceId: row.client_reference_id,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    amountTotal: row.amount_total,
    currency: row.currency,
    description: row.description,
    paymentStatus: row.payment_status,
    status: row.status,
    expiresAt: row.expires_at,
  };
}

export function d1PracticeCheckouts(db: D1Database): PracticeCheckoutsRepository {
  return {
    async get(id) {
      const row = await db.prepare("SELECT * FROM practice_checkout_sessions WHERE id = ?").bind(id).first<Row>();
      return row ? fromRow(row) : null;
    },
    async create(session) {
      await db
        .prepare(
          `INSERT INTO practice_checkout_sessions
             (id, line_items, customer_email, client_reference_id, success_url, cancel_url, metadata,
              amount_total, currency, description, payment_status, status, created_at, expires_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'gbp', ?, 'unpaid', 'open', ?, ?, ?)`,
        )
        .bind(
          session.id,
          JSON.stringify(session.lineItems),
          session.customerEmail,
          session.clientReferenceId,
          session.successUrl,
          session.cancelUrl,
          JSON.stringify(session.metadata),
          session.amountTotal,
          session.description,
          session.createdAt,
          session.expiresAt,
          session.createdAt,
        )
        .run();
    },
    async close(id, to, at) {
      await db
        .prepare("UPDATE practice_checkout_sessions SET status = ?, payment_status = ?, updated_at = ? WHERE id = ? AND status = 'open' AND expires_at > ?")
        .bind(to.status, to.paymentStatus, at, id, at)
        .run();
    },
  };
}
