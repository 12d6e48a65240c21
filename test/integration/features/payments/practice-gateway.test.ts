import { describe, expect, it } from "vitest";
import { CheckoutUnavailableError, type NewCheckoutSession } from "~/features/payments/checkout/gateway";
import {
  cancelPracticeSession,
  completePracticeSession,
  PRACTICE_SESSION_LIFETIME_SECONDS,
  practiceGateway,
  readPracticeSession,
} from "~/features/payments/checkout/practice-gateway.server";
import { useTestD1 } from "../../../support/d1";
import { d1PracticeCheckouts } from "~/kernel/store/d1/practice-checkouts.server";

const d1 = useTestD1();
const sessions = () => d1PracticeCheckouts(d1.db);

function newSession(overrides: Partial<NewCheckoutSession> = {}): NewCheckoutSession {
  return {
    lineItems: [
      { price: "price_reg_fee", quantity: 1 },
      { price: "price_single", quantity: 2 },
    ],
    customerEmail: "payer@example.com",
    clientReferenceId: "member01--txn01",
    successUrl: "http://127.0.0.1:8787/payment-success/txn01/member01?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "/payment-cancel/txn01",
    metadata: { transactionId: "txn01" },
    amountTotal: 3500,
    description: "Registration fee and Single membership 2025",
    ...overrides,
  };
}

describe("the practice checkout gateway (D1)", () => {
  it("creates a session on this site and reads it back open and unpaid", async () => {
    const gateway = practiceGateway(sessions(), { isProduction: false });
    expect(gateway.kind).toBe("practice");
    const created = await gateway.createSession(newSession());
    expect(created.id).toMatch(/^cs_practice_[0-9a-f]{24}$/);
    expect(created.url).toBe(`/practice-checkout/${created.id}`);
    const read = await gateway.retrieveSession(created.id);
    expect(read).toEqual(created);
    expect(read).toMatchObject({
      paymentStatus: "unpaid",
      status: "open",
      clientReferenceId: "member01--txn01",
      metadata: { transactionId: "txn01" },
      amountTotal: 3500,
      currency: "gbp",
      customerEmail: "payer@example.com",
      description: "Registration fee and Single membership 2025",
      lineItems: [
        { price: "price_reg_fee", quantity: 1 },
        { price: "price_single", quantity: 2 },
      ],
    });
    // Two sessions never share an id.
    expect((await gateway.createSession(newSession())).id).not.toBe(created.id);
  });

  it("completes an open session once: paid and complete; a second complete changes nothing", async () => {
    const gateway = practiceGateway(sessions());
    const { id } = await gateway.createSession(newSession());
    const paid = await completePracticeSession(sessions(), id);
    expect(paid).toMatchObject({ id, paymentStatus: "paid", status: "complete", url: null });
    const before = await d1.db.prepare("SELECT updated_at FROM practice_checkout_sessions WHERE id = ?").bind(id).first<{ updated_at: number }>();
    // A later clock would show any write in updated_at.
    const again = await completePracticeSession(sessions(), id, { now: () => before!.updated_at + 100 });
    expect(again).toEqual(paid);
    const after = await d1.db.prepare("SELECT updated_at FROM practice_checkout_sessions WHERE id = ?").bind(id).first<{ updated_at: number }>();
    expect(after).toEqual(before);
    expect(await gateway.retrieveSession(id)).toMatchObject({ paymentStatus: "paid", status: "complete" });
  });

  it("cancels an open session (expired, unpaid), after which Pay cannot complete it", async () => {
    const gateway = practiceGateway(sessions());
    const { id } = await gateway.createSession(newSession());
    expect(await cancelPracticeSession(sessions(), id)).toMatchObject({ paymentStatus: "unpaid", status: "expired" });
    expect(await completePracticeSession(sessions(), id)).toMatchObject({ paymentStatus: "unpaid", status: "expired" });
  });

  it("leaves a complete session alone when it is cancelled", async () => {
    const gateway = practiceGateway(sessions());
    const { id } = await gateway.createSession(newSession());
    await completePracticeSession(sessions(), id);
    expect(await cancelPracticeSession(sessions(), id)).toMatchObject({ paymentStatus: "paid", status: "complete" });
    expect(await gateway.retrieveSession(id)).toMatchObject({ paymentStatus: "paid", status: "complete" });
  });

  it("expires an open session after 24 hours, as Stripe does: it reads expired and can no longer be paid", async () => {
    const start = 1_750_000_000;
    const gateway = practiceGateway(sessions(), { now: () => start });
    const { id } = await gateway.createSession(newSession());
    const later = { now: () => start + PRACTICE_SESSION_LIFETIME_SECONDS };
    expect(await readPracticeSession(sessions(), id, { now: () => start + PRACTICE_SESSION_LIFETIME_SECONDS - 1 })).toMatchObject({ status: "open" });
    expect(await practiceGateway(sessions(), later).retrieveSession(id)).toMatchObject({ status: "expired", paymentStatus: "unpaid", url: null });
    expect(await completePracticeSession(sessions(), id, later)).toMatchObject({ status: "expired", paymentStatus: "unpaid" });
  });

  it("knows nothing of unknown or malformed ids", async () => {
    const gateway = practiceGateway(sessions());
    expect(await gateway.retrieveSession("cs_practice_000000000000000000000000")).toBeNull();
    expect(await gateway.retrieveSession("cs_test_a1b2c3")).toBeNull();
    expect(await gateway.retrieveSession("' OR 1=1 --")).toBeNull();
    expect(await completePracticeSession(sessions(), "cs_practice_000000000000000000000000")).toBeNull();
    expect(await cancelPracticeSession(sessions(), "nonsense")).toBeNull();
  });

  it("refuses a session it could not show honestly", async () => {
    const gateway = practiceGateway(sessions());
    await expect(gateway.createSession(newSession({ lineItems: [] }))).rejects.toThrow(CheckoutUnavailableError);
    await expect(gateway.createSession(newSession({ amountTotal: 12.5 }))).rejects.toThrow(CheckoutUnavailableError);
    await expect(gateway.createSession(newSession({ lineItems: [{ price: "price_x", quantity: 0 }] }))).rejects.toThrow(CheckoutUnavailableError);
  });

  it("is refused in production: no session is created, read or changed", async () => {
    const { id } = await practiceGateway(sessions()).createSession(newSession());
    const count = async () => (await d1.db.prepare("SELECT count(*) AS n FROM practice_checkout_sessions").first<{ n: number }>())!.n;
    const before = await count();
    const production = practiceGateway(sessions(), { isProduction: true });
    await expect(production.createSession(newSession())).rejects.toThrow(CheckoutUnavailableError);
    await expect(production.retrieveSession(id)).rejects.toThrow(CheckoutUnavailableError);
    await expect(completePracticeSession(sessions(), id, { isProduction: true })).rejects.toThrow(CheckoutUnavailableError);
    await expect(cancelPracticeSession(sessions(), id, { isProduction: true })).rejects.toThrow(CheckoutUnavailableError);
    expect(await count()).toBe(before);
    expect(await readPracticeSession(sessions(), id)).toMatchObject({ status: "open", paymentStatus: "unpaid" });
  });
});
