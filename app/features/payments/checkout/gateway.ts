/**
 * The card payment provider, as the site needs it: create a hosted checkout session
 * and read one back. Two implementations: Stripe (stripe-gateway.server.ts, when
 * STRIPE_SECRET_KEY is set) and the local practice checkout (practice-gateway.server.ts,
 * the embedded default, refused in production). Settlement trusts only what
 * `retrieveSession` says, never the URL the browser came back on (ADR 16).
 */

export interface CheckoutLineItem {
  /** The provider's price id (`striperef`); "" when `priceData` gives the price. */
  price: string;
  quantity: number;
  /**
   * A one-off price made from an amount, not a price kept at the provider (Stripe's
   * `price_data`): a donation of any amount (docs/requirements.md §14, ADR 74). Pence, in pounds sterling.
   */
  priceData?: { unitAmount: number; currency: "gbp"; productName: string };
}

export interface NewCheckoutSession {
  lineItems: CheckoutLineItem[];
  customerEmail: string;
  /** `memberId--transactionId` (docs/requirements.md §4.1). */
  clientReferenceId: string;
  /** Must contain `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  metadata: { transactionId: string };
  /** What the site expects to charge, in pence: the practice checkout shows and charges it. */
  amountTotal: number;
  /** Shown on the practice page: what is being paid for. */
  description: string;
}

export interface CheckoutSession {
  id: string;
  /** Where to send the payer (303). */
  url: string | null;
  /** Stripe's words: "paid" is the only one that settles. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** In pence; null when the provider did not say. */
  amountTotal: number | null;
  currency: string | null;
}

export interface CheckoutGateway {
  readonly kind: "stripe" | "practice";
  createSession(session: NewCheckoutSession): Promise<CheckoutSession>;
  /** null when the provider does not know the id. */
  retrieveSession(id: string): Promise<CheckoutSession | null>;
  /**
   * Refunds (part of) what a paid checkout took (docs/requirements.md §4.10, ADR 0055). The same
   * `idempotencyKey` again is the same refund, never a second one (Stripe's idempotency keys).
   */
  refund(request: CardRefundRequest): Promise<CardRefund>;
}

export interface CardRefundRequest {
  checkoutSessionId: string;
  /** Pence. */
  amount: number;
  idempotencyKey: string;
  /** Copied onto the provider's refund, so its webhook can be matched back. */
  metadata: { refundId: string; transactionId: string };
}

export interface CardRefund {
  /** The provider's refund id (re_...). */
  id: string;
  /** "pending": the provider has not finished it yet (its webhook tells later). */
  status: "succeeded" | "pending" | "failed";
}

/** The provider could not be reached or refused the call: the member sees a clear message, the pending transaction stays. */
export class CheckoutUnavailableError extends Error {
  override name = "CheckoutUnavailableError";
}

/** The provider answered that it will not make this refund (e.g. more than is left on the charge): it is certain nothing was refunded. */
export class RefundRefusedError extends CheckoutUnavailableError {
  override name = "RefundRefusedError";
}
