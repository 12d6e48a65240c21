import { describe, expect, it } from "vitest";
import { CheckoutUnavailableError } from "~/features/payments/checkout/gateway";
import { completePracticeSession, practiceGateway } from "~/features/payments/checkout/practice-gateway.server";
import { useTestD1 } from "../../../support/d1";
import { d1PracticeCheckouts } from "~/kernel/store/d1/practice-checkouts.server";

/** The practice checkout's refunds (docs/requirements.md §4.10, ADR 0055): a paid session only; the same key is the same refund; never in production. */
const d1 = useTestD1();
const sessions = () => d1PracticeCheckouts(d1.db);

const session = {
  lineItems: [{ price: "price_single", quantity: 1 }],
  customerEmail: "payer@example.com",
  clientReferenceId: "member01--txn01",
  successUrl: "http://127.0.0.1:8787/payment-success/txn01/member01?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "/payment-cancel/txn01",
  metadata: { transactionId: "txn01" },
  amountTotal: 1000,
  description: "Single membership",
};
const request = (checkoutSessionId: string, key = "refund-0123456789abcdef01234567") => ({
  checkoutSessionId,
  amount: 400,
  idempotencyKey: key,
  metadata: { refundId: "0123456789abcdef01234567", transactionId: "txn01" },
});

describe("the practice checkout's refunds (D1)", () => {
  it("refunds a paid session; the same key gives the same refund, another key another", async () => {
    const gateway = practiceGateway(sessions(), { isProduction: false });
    const created = await gateway.createSession(session);
    await expect(gateway.refund(request(created.id))).rejects.toBeInstanceOf(CheckoutUnavailableError);
    await completePracticeSession(sessions(), created.id);
    const first = await gateway.refund(request(created.id));
    expect(first).toEqual({ id: "re_practice_refund0123456789abcdef01234567", status: "succeeded" });
    expect(await gateway.refund(request(created.id))).toEqual(first);
    expect((await gateway.refund(request(created.id, "refund-ffffffffffffffffffffffff"))).id).not.toBe(first.id);
  });

  it("refuses an unknown session, and production", async () => {
    await expect(practiceGateway(sessions(), { isProduction: false }).refund(request("cs_practice_ffffffffffffffffffffffff"))).rejects.toBeInstanceOf(
      CheckoutUnavailableError,
    );
    await expect(practiceGateway(sessions(), { isProduction: true }).refund(request("cs_practice_ffffffffffffffffffffffff"))).rejects.toBeInstanceOf(
      CheckoutUnavailableError,
    );
  });
});
