import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Charge } from "../domain/fees";
import type { PaymentPurpose } from "../domain/payment-pages";
import type { Member, Membership, Transaction } from "../domain/records";
import { currentYear } from "../domain/renewal";
import { createCheckoutGateway } from "./checkout/index.server";
import { CheckoutUnavailableError } from "./checkout/gateway";

/**
 * Starting a payment (spec 2 §7): a pending transaction, then a hosted checkout session
 * for it, then a 303 to the provider. The return routes settle it (settlement.server.ts).
 */

/** The spec's return routes, by what is being paid. */
const SUCCESS_ROUTE: Record<PaymentPurpose, string> = {
  registration: "/reg-payment-success",
  renewal: "/payment-success",
  upgrade: "/upgrade-pay-success",
};

export const PAYMENT_UNAVAILABLE_MESSAGE = "We could not start the payment. Nothing was charged. Please try again in a few minutes.";

export function successPath(purpose: PaymentPurpose, transactionId: string, memberId: string): string {
  return `${SUCCESS_ROUTE[purpose]}/${transactionId}/${memberId}`;
}

/** `memberId--transactionId`, the client reference of the spec (§7). */
export const clientReference = (transaction: Pick<Transaction, "userId" | "id">) => `${transaction.userId}--${transaction.id}`;

export type StartCheckoutResult = { ok: true; response: Response; transaction: Transaction } | { ok: false; error: string; transaction?: Transaction };

/**
 * Creates the pending transaction and the checkout session. When the provider fails the
 * transaction stays pending (nothing was charged; a retry makes a new one) and the
 * caller shows PAYMENT_UNAVAILABLE_MESSAGE.
 */
export async function startCheckout(
  context: AppLoadContext,
  request: Request,
  options: { member: Member; charge: Charge; purpose: PaymentPurpose; membershipType?: Membership },
): Promise<StartCheckoutResult> {
  const { member, charge, purpose } = options;
  const origin = new URL(request.url).origin;
  const transaction = await context.store.transactions.create({
    userId: member.id,
    title: charge.title,
    unitAmount: charge.unitAmount,
    qty: charge.qty,
    year: currentYear(),
    priceRef: charge.priceRef,
    membershipType: options.membershipType ?? member.membership,
    memberName: member.fullName,
    memberEmail: member.email,
    paymentType: charge.paymentType,
    ticketId: null,
  });
  try {
    const session = await createCheckoutGateway(context).createSession({
      lineItems: [{ price: charge.priceRef, quantity: charge.qty }],
      customerEmail: member.email,
      clientReferenceId: clientReference(transaction),
      successUrl: `${origin}${successPath(purpose, transaction.id, member.id)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/payment-cancel/${transaction.id}`,
      metadata: { transactionId: transaction.id },
      amountTotal: charge.unitAmount * charge.qty,
      description: `${charge.title} (${transaction.membershipType})`,
    });
    await context.store.transactions.setCheckoutSession(transaction.id, session.id);
    if (!session.url) throw new CheckoutUnavailableError("The provider answered without a checkout address.");
    return { ok: true, transaction, response: redirect(session.url, 303) };
  } catch (error) {
    // Checkout errors are logged (spec §8); the member gets a clear message, never a 500.
    console.error(`Checkout for transaction ${transaction.id} could not start:`, error);
    return { ok: false, error: PAYMENT_UNAVAILABLE_MESSAGE, transaction };
  }
}
