import { currentYear } from "../../kernel/dates/dates";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Charge } from "./fees";
import type { PaymentPurpose } from "./payment-pages";
import type { FamilyDetails, Id, Member, Membership, NewTransaction, PaymentType, Transaction } from "../../kernel/store/records";

import { createCheckoutGateway } from "./checkout/index.server";
import { CheckoutUnavailableError, type CheckoutLineItem } from "./checkout/gateway";

/**
 * Starting a payment (docs/requirements.md §4.1): a pending transaction, then a hosted checkout session
 * for it, then the provider's checkout address (the route answers a 303 to it). The return
 * routes settle it (settlement.server.ts).
 */

/** The return routes of docs/requirements.md §4.4, by what is being paid. */
const SUCCESS_ROUTE: Record<PaymentPurpose, string> = {
  registration: "/reg-payment-success",
  renewal: "/payment-success",
  upgrade: "/upgrade-pay-success",
  ticket: "/ticket-payment-success",
};

export const PAYMENT_UNAVAILABLE_MESSAGE = "We could not start the payment. Nothing was charged. Please try again in a few minutes.";

/** /payment-success/{id}/{memId} ...; a ticket's is /ticket-payment-success/{ticketId}/{id}/{memId}. */
export function successPath(purpose: PaymentPurpose, transactionId: string, memberId: string, ticketId?: Id | null): string {
  const ticket = purpose === "ticket" ? `/${ticketId ?? ""}` : "";
  return `${SUCCESS_ROUTE[purpose]}${ticket}/${transactionId}/${memberId}`;
}

/**
 * What a checkout charges: a membership Charge (one line, its price id × qty), or a
 * ticket with its own lines (ticketPrice in app/features/tickets/ticket-rules.ts). The lines must
 * add up to unitAmount × qty: settlement compares the paid total with it.
 */
export type CheckoutCharge = Pick<Charge, "title" | "priceRef" | "unitAmount" | "qty"> & {
  paymentType: PaymentType;
  lineItems?: CheckoutLineItem[];
  ticketId?: Id | null;
  /** The transaction's year; this year unless given (a ticket's is its event year). */
  year?: number;
};

/** `memberId--transactionId`, the client reference of docs/requirements.md §4.1. */
export const clientReference = (transaction: Pick<Transaction, "userId" | "id">) => `${transaction.userId}--${transaction.id}`;

/**
 * The pending transaction for `charge`, paid by `member`: one builder for a checkout's and
 * an offline payment's (offline-payment.server.ts adds how the money came).
 */
export function transactionFor(
  member: Member,
  charge: CheckoutCharge,
  options: { membershipType?: Membership; familyDetails?: FamilyDetails } = {},
): NewTransaction {
  return {
    userId: member.id,
    title: charge.title,
    unitAmount: charge.unitAmount,
    qty: charge.qty,
    year: charge.year ?? currentYear(),
    priceRef: charge.priceRef,
    membershipType: options.membershipType ?? member.membership,
    memberName: member.fullName,
    memberEmail: member.email,
    paymentType: charge.paymentType,
    ticketId: charge.ticketId ?? null,
    familyDetails: options.familyDetails ?? null,
  };
}

/** `url`: the provider's hosted checkout, where the route sends the payer (303). */
export type StartCheckoutResult = { ok: true; url: string; transaction: Transaction } | { ok: false; error: string; transaction?: Transaction };

/**
 * Creates the pending transaction and the checkout session. When the provider fails the
 * transaction stays pending (nothing was charged; a retry makes a new one) and the
 * caller shows PAYMENT_UNAVAILABLE_MESSAGE.
 */
export async function startCheckout(
  context: AppLoadContext,
  request: Request,
  options: { member: Member; charge: CheckoutCharge; purpose: PaymentPurpose; membershipType?: Membership; familyDetails?: FamilyDetails },
): Promise<StartCheckoutResult> {
  const { member, charge, purpose } = options;
  const origin = new URL(request.url).origin;
  const transaction = await context.store.transactions.create(transactionFor(member, charge, options));
  try {
    const session = await createCheckoutGateway(context).createSession({
      lineItems: charge.lineItems ?? [{ price: charge.priceRef, quantity: charge.qty }],
      customerEmail: member.email,
      clientReferenceId: clientReference(transaction),
      successUrl: `${origin}${successPath(purpose, transaction.id, member.id, transaction.ticketId)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/payment-cancel/${transaction.id}`,
      metadata: { transactionId: transaction.id },
      amountTotal: charge.unitAmount * charge.qty,
      description: `${charge.title} (${transaction.membershipType})`,
    });
    await context.store.transactions.setCheckoutSession(transaction.id, session.id);
    if (!session.url) throw new CheckoutUnavailableError("The provider answered without a checkout address.");
    return { ok: true, transaction, url: session.url };
  } catch (error) {
    // Checkout errors are logged (docs/requirements.md §4.1); the member gets a clear message, never a 500.
    console.error(`Checkout for transaction ${transaction.id} could not start:`, error);
    return { ok: false, error: PAYMENT_UNAVAILABLE_MESSAGE, transaction };
  }
}

/**
 * A checkout for a payment that is not a member's fee or ticket (a donation, docs/requirements.md §14):
 * the caller gives the pending transaction to make, what to do once it exists (`prepare`: the
 * donation's own rows, which need its id), the lines to charge and where the payer returns. The
 * same client reference and metadata as every checkout, so the same settlement verifies it
 * (return page and webhook). On a provider failure the transaction stays pending, as above.
 */
export async function startTransactionCheckout(
  context: AppLoadContext,
  request: Request,
  options: {
    transaction: NewTransaction;
    prepare?: (transaction: Transaction) => Promise<void>;
    lineItems: CheckoutLineItem[];
    successPath: (transaction: Transaction) => string;
    cancelPath: (transaction: Transaction) => string;
    description: string;
  },
): Promise<StartCheckoutResult> {
  const origin = new URL(request.url).origin;
  const transaction = await context.store.transactions.create(options.transaction);
  await options.prepare?.(transaction);
  try {
    const session = await createCheckoutGateway(context).createSession({
      lineItems: options.lineItems,
      customerEmail: transaction.memberEmail,
      clientReferenceId: clientReference(transaction),
      successUrl: `${origin}${options.successPath(transaction)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${options.cancelPath(transaction)}`,
      metadata: { transactionId: transaction.id },
      amountTotal: transaction.unitAmount * transaction.qty,
      description: options.description,
    });
    await context.store.transactions.setCheckoutSession(transaction.id, session.id);
    if (!session.url) throw new CheckoutUnavailableError("The provider answered without a checkout address.");
    return { ok: true, transaction, url: session.url };
  } catch (error) {
    console.error(`Checkout for transaction ${transaction.id} could not start:`, error);
    return { ok: false, error: PAYMENT_UNAVAILABLE_MESSAGE, transaction };
  }
}
