import { newId, nowSeconds } from "../../../kernel/store/ids";
import { CheckoutUnavailableError, type CheckoutGateway, type CheckoutLineItem, type CheckoutSession, type NewCheckoutSession } from "./gateway";

/**
 * The practice checkout: the embedded default when STRIPE_SECRET_KEY is unset. It keeps
 * its sessions in D1 (migration 0005) and sends the payer to a clearly labelled page of
 * this site, /practice-checkout/<id>, with Pay and Cancel. The settlement code reads a
 * practice session through the very same CheckoutGateway as a Stripe one, so practising
 * exercises the real return, cancel and settlement paths. Production refuses it: a
 * practice "payment" must never settle anything for real.
 */

export const PRACTICE_SESSION_PREFIX = "cs_practice_";
/** Stripe's default: a Checkout Session can be paid for 24 hours. */
export const PRACTICE_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
export const PRACTICE_REFUSED_IN_PRODUCTION = "The practice checkout is not available in production: set STRIPE_SECRET_KEY.";

/** A practice session as the page shows it: the provider's view plus what the payer sees. */
export interface PracticeSession extends CheckoutSession {
  lineItems: CheckoutLineItem[];
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  description: string;
}

export interface PracticeOptions {
  /** Production refuses the practice checkout: pass the Worker's `env.isProduction`. */
  isProduction?: boolean;
  /** Unix seconds; tests set the clock. */
  now?: () => number;
}

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

const PLAUSIBLE_ID = /^cs_practice_[0-9a-f]{24}$/;

/** Whether `id` has the shape of a practice session id (anything else is unknown without asking D1). */
export function isPracticeSessionId(id: string): boolean {
  return PLAUSIBLE_ID.test(id);
}

export function practiceCheckoutPath(id: string): string {
  return `/practice-checkout/${id}`;
}

function fromRow(row: Row, now: number): PracticeSession {
  // An open session past its time is expired, as Stripe would report it, whether or not the row says so yet.
  const status = row.status === "open" && now >= row.expires_at ? "expired" : row.status;
  return {
    id: row.id,
    url: status === "open" ? practiceCheckoutPath(row.id) : null,
    paymentStatus: row.payment_status,
    status,
    clientReferenceId: row.client_reference_id,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    amountTotal: row.amount_total,
    currency: row.currency,
    lineItems: JSON.parse(row.line_items) as CheckoutLineItem[],
    customerEmail: row.customer_email,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    description: row.description,
  };
}

function refuseInProduction(options: PracticeOptions): void {
  if (options.isProduction) throw new CheckoutUnavailableError(PRACTICE_REFUSED_IN_PRODUCTION);
}

/** Reads one practice session; null when the id is unknown (or not even shaped like one). */
export async function readPracticeSession(db: D1Database, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  refuseInProduction(options);
  if (!isPracticeSessionId(id)) return null;
  const row = await db.prepare("SELECT * FROM practice_checkout_sessions WHERE id = ?").bind(id).first<Row>();
  return row ? fromRow(row, (options.now ?? nowSeconds)()) : null;
}

function checkNewSession(session: NewCheckoutSession): void {
  const problems: string[] = [];
  if (session.lineItems.length === 0) problems.push("no line items");
  if (session.lineItems.some((item) => !item.price || !Number.isInteger(item.quantity) || item.quantity < 1))
    problems.push("a line item without a price or quantity");
  if (!Number.isInteger(session.amountTotal) || session.amountTotal < 0) problems.push("an amount that is not whole pence");
  if (!session.successUrl || !session.cancelUrl) problems.push("no return address");
  if (problems.length) throw new CheckoutUnavailableError(`The practice checkout refused the session: ${problems.join(", ")}.`);
}

/** The CheckoutGateway of the practice checkout, over the site's D1 database. */
export function practiceGateway(db: D1Database, options: PracticeOptions = {}): CheckoutGateway {
  const now = options.now ?? nowSeconds;
  return {
    kind: "practice",
    async createSession(session) {
      refuseInProduction(options);
      checkNewSession(session);
      const id = `${PRACTICE_SESSION_PREFIX}${newId()}`;
      const at = now();
      await db
        .prepare(
          `INSERT INTO practice_checkout_sessions
             (id, line_items, customer_email, client_reference_id, success_url, cancel_url, metadata,
              amount_total, currency, description, payment_status, status, created_at, expires_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'gbp', ?, 'unpaid', 'open', ?, ?, ?)`,
        )
        .bind(
          id,
          JSON.stringify(session.lineItems.map(({ price, quantity }) => ({ price, quantity }))),
          session.customerEmail,
          session.clientReferenceId,
          session.successUrl,
          session.cancelUrl,
          JSON.stringify(session.metadata),
          session.amountTotal,
          session.description,
          at,
          at + PRACTICE_SESSION_LIFETIME_SECONDS,
          at,
        )
        .run();
      const created = await readPracticeSession(db, id, options);
      if (!created) throw new CheckoutUnavailableError("The practice checkout lost the session it just created.");
      return created;
    },
    retrieveSession: (id) => readPracticeSession(db, id, options),
    async refund({ checkoutSessionId, idempotencyKey }) {
      // Nothing to give back: the refund record (migration 0018) is the practice's record. Its id
      // comes from the idempotency key, so the same refund asked twice is the same refund.
      const session = await readPracticeSession(db, checkoutSessionId, options);
      if (!session || session.paymentStatus !== "paid") throw new CheckoutUnavailableError("The practice checkout has no payment for this session to refund.");
      return { id: `re_practice_${idempotencyKey.replace(/[^A-Za-z0-9]/g, "")}`, status: "succeeded" };
    },
  };
}

/** One conditional UPDATE: only a session that is still open (and not past its time) changes. */
async function closeOpenSession(
  db: D1Database,
  id: string,
  options: PracticeOptions,
  to: { status: "complete" | "expired"; paymentStatus: "paid" | "unpaid" },
) {
  refuseInProduction(options);
  if (!isPracticeSessionId(id)) return null;
  const at = (options.now ?? nowSeconds)();
  await db
    .prepare("UPDATE practice_checkout_sessions SET status = ?, payment_status = ?, updated_at = ? WHERE id = ? AND status = 'open' AND expires_at > ?")
    .bind(to.status, to.paymentStatus, at, id, at)
    .run();
  return readPracticeSession(db, id, options);
}

/** The payer pressed Pay: an open session becomes paid and complete. Returns the session as it now is (null: unknown). */
export function completePracticeSession(db: D1Database, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  return closeOpenSession(db, id, options, { status: "complete", paymentStatus: "paid" });
}

/**
 * The payer pressed Cancel: an open session expires unpaid (as Stripe's "expire a session"
 * does), so it can no longer be paid. Returns the session as it now is (null: unknown).
 */
export function cancelPracticeSession(db: D1Database, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  return closeOpenSession(db, id, options, { status: "expired", paymentStatus: "unpaid" });
}
