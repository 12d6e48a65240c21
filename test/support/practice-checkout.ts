import type { NewCheckoutSession } from "~/features/payments/checkout/gateway";
import { readPracticeSession, type PracticeSession } from "~/features/payments/checkout/practice-gateway.server";
import { d1PracticeCheckouts } from "~/kernel/store/d1/practice-checkouts.server";
import { withServerD1 } from "./server-d1";

/**
 * A practice checkout session for the HTTP and browser tests: `key` names the payer and
 * the return paths (/practice-landing/<key>/success?session_id=… and …/cancel), so each
 * test can tell where Pay or Cancel took it.
 */
export function practiceSession(key: string, overrides: Partial<NewCheckoutSession> = {}): NewCheckoutSession {
  return {
    lineItems: [
      { price: "price_reg_fee_2025", quantity: 1 },
      { price: "price_family_2025", quantity: 1 },
    ],
    customerEmail: `${key}@example.com`,
    clientReferenceId: `member-${key}--txn-${key}`,
    successUrl: `/practice-landing/${key}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `/practice-landing/${key}/cancel`,
    metadata: { transactionId: `txn-${key}` },
    amountTotal: 4550,
    description: `Registration fee and Family membership (${key})`,
    ...overrides,
  };
}

/** A practice session as the server left it. */
export function readPracticeSessionOf(persistTo: string, id: string): Promise<PracticeSession | null> {
  return withServerD1(persistTo, (db) => readPracticeSession(d1PracticeCheckouts(db), id));
}
