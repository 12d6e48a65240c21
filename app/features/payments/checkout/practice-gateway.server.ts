import { newId, nowSeconds } from "../../../kernel/store/ids";
import type { PracticeCheckoutRecord, PracticeCheckoutsRepository } from "../../../kernel/store/port";
import { CheckoutUnavailableError, type CheckoutGateway, type CheckoutLineItem, type CheckoutSession, type NewCheckoutSession } from "./gateway";

/**
 * The practice checkout: the embedded default when STRIPE_SECRET_KEY is unset. It keeps
 * its sessions in the store (`store.practiceCheckouts`: D1 on both stores, migration 0005)
 * and sends the payer to a clearly labelled page of this site, /practice-checkout/<id>, with
 * Pay and Cancel. The settlement code reads a practice session through the very same
 * CheckoutGateway as a Stripe one, so practising
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

const PLAUSIBLE_ID = /^cs_practice_[0-9a-f]{24}$/;

/** Whether `id` has the shape of a practice session id (anything else is unknown without asking the store). */
export function isPracticeSessionId(id: string): boolean {
  return PLAUSIBLE_ID.test(id);
}

export function practiceCheckoutPath(id: string): string {
  return `/practice-checkout/${id}`;
}

function asSeen(stored: PracticeCheckoutRecord, now: number): PracticeSession {
  // An open session past its time is expired, as Stripe would report it, whether or not the store says so yet.
  const status = stored.status === "open" && now >= stored.expiresAt ? "expired" : stored.status;
  return {
    id: stored.id,
    url: status === "open" ? practiceCheckoutPath(stored.id) : null,
    paymentStatus: stored.paymentStatus,
    status,
    clientReferenceId: stored.clientReferenceId,
    metadata: stored.metadata,
    amountTotal: stored.amountTotal,
    currency: stored.currency,
    lineItems: stored.lineItems,
    customerEmail: stored.customerEmail,
    successUrl: stored.successUrl,
    cancelUrl: stored.cancelUrl,
    description: stored.description,
  };
}

function refuseInProduction(options: PracticeOptions): void {
  if (options.isProduction) throw new CheckoutUnavailableError(PRACTICE_REFUSED_IN_PRODUCTION);
}

/** Reads one practice session; null when the id is unknown (or not even shaped like one). */
export async function readPracticeSession(sessions: PracticeCheckoutsRepository, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  refuseInProduction(options);
  if (!isPracticeSessionId(id)) return null;
  const stored = await sessions.get(id);
  return stored ? asSeen(stored, (options.now ?? nowSeconds)()) : null;
}

/** A one-off price (a donation) is whole pence above nothing, in pounds sterling. */
function oneOffPrice(item: CheckoutLineItem): boolean {
  const data = item.priceData;
  return Boolean(data && Number.isInteger(data.unitAmount) && data.unitAmount > 0 && data.currency === "gbp" && data.productName);
}

function checkNewSession(session: NewCheckoutSession): void {
  const problems: string[] = [];
  if (session.lineItems.length === 0) problems.push("no line items");
  if (session.lineItems.some((item) => !(item.price || oneOffPrice(item)) || !Number.isInteger(item.quantity) || item.quantity < 1))
    problems.push("a line item without a price or quantity");
  if (!Number.isInteger(session.amountTotal) || session.amountTotal < 0) problems.push("an amount that is not whole pence");
  if (!session.successUrl || !session.cancelUrl) problems.push("no return address");
  if (problems.length) throw new CheckoutUnavailableError(`The practice checkout refused the session: ${problems.join(", ")}.`);
}

/** The CheckoutGateway of the practice checkout, over the store's practice sessions (in D1 on both stores). */
export function practiceGateway(sessions: PracticeCheckoutsRepository, options: PracticeOptions = {}): CheckoutGateway {
  const now = options.now ?? nowSeconds;
  return {
    kind: "practice",
    async createSession(session) {
      refuseInProduction(options);
      checkNewSession(session);
      const id = `${PRACTICE_SESSION_PREFIX}${newId()}`;
      const at = now();
      await sessions.create({
        id,
        lineItems: session.lineItems.map(({ price, quantity, priceData }) => (priceData ? { price, quantity, priceData } : { price, quantity })),
        customerEmail: session.customerEmail,
        clientReferenceId: session.clientReferenceId,
        successUrl: session.successUrl,
        cancelUrl: session.cancelUrl,
        metadata: session.metadata,
        amountTotal: session.amountTotal,
        description: session.description,
        createdAt: at,
        expiresAt: at + PRACTICE_SESSION_LIFETIME_SECONDS,
      });
      const created = await readPracticeSession(sessions, id, options);
      if (!created) throw new CheckoutUnavailableError("The practice checkout lost the session it just created.");
      return created;
    },
    retrieveSession: (id) => readPracticeSession(sessions, id, options),
    async refund({ checkoutSessionId, idempotencyKey }) {
      // Nothing to give back: the refund record (migration 0018) is the practice's record. Its id
      // comes from the idempotency key, so the same refund asked twice is the same refund.
      const session = await readPracticeSession(sessions, checkoutSessionId, options);
      if (!session || session.paymentStatus !== "paid") throw new CheckoutUnavailableError("The practice checkout has no payment for this session to refund.");
      return { id: `re_practice_${idempotencyKey.replace(/[^A-Za-z0-9]/g, "")}`, status: "succeeded" };
    },
  };
}

/** One conditional UPDATE: only a session that is still open (and not past its time) changes. */
async function closeOpenSession(
  sessions: PracticeCheckoutsRepository,
  id: string,
  options: PracticeOptions,
  to: { status: "complete" | "expired"; paymentStatus: "paid" | "unpaid" },
) {
  refuseInProduction(options);
  if (!isPracticeSessionId(id)) return null;
  const at = (options.now ?? nowSeconds)();
  await sessions.close(id, to, at);
  return readPracticeSession(sessions, id, options);
}

/** The payer pressed Pay: an open session becomes paid and complete. Returns the session as it now is (null: unknown). */
export function completePracticeSession(sessions: PracticeCheckoutsRepository, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  return closeOpenSession(sessions, id, options, { status: "complete", paymentStatus: "paid" });
}

/**
 * The payer pressed Cancel: an open session expires unpaid (as Stripe's "expire a session"
 * does), so it can no longer be paid. Returns the session as it now is (null: unknown).
 */
export function cancelPracticeSession(sessions: PracticeCheckoutsRepository, id: string, options: PracticeOptions = {}): Promise<PracticeSession | null> {
  return closeOpenSession(sessions, id, options, { status: "expired", paymentStatus: "unpaid" });
}
