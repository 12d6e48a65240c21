import { MEMBERSHIPS, PAYMENT_METHODS, PAYMENT_TYPES, TRANSACTION_STATUSES, type FamilyDetails, type NewTransaction, type Transaction } from "../records";
import type { CockpitEntry } from "./client.server";
import { numOrNull, oneOf, type CockpitFields } from "./shapes-values";
import { penceFromPounds, poundsFromPence, seconds, text } from "./shapes-loose";

/**
 * A transaction ⇄ a `membertransactions` entry, with the old site's names (userId,
 * transactionTitle, transactionAmount in pounds, qty, year, status, striperef,
 * membershipType, memberName, memberEmail, paymentType). Our own keys (ADR 21):
 * `ticketId`, `checkoutSessionId`, `settledAt`, `settleClaim` (who settled it), and
 * `familyDetails` (an upgrade's spouse and children, ADR 26) as JSON text: a text field
 * in PHP 8 Cockpit refuses an object, so whoever adds the key to the schema can type it text.
 * Offline payments (docs/requirements.md §4.9): `paymentMethod`, `paymentReference`, `paidOn` (text).
 */

/** An upgrade's family from its JSON text; null when absent or unreadable. */
function familyFromCockpit(value: unknown): FamilyDetails | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const parsed = JSON.parse(value) as Partial<FamilyDetails> | null;
    if (!parsed || typeof parsed !== "object" || !Array.isArray(parsed.children) || typeof parsed.consents !== "object") return null;
    return { spouse: parsed.spouse ?? null, children: parsed.children, consents: parsed.consents } as FamilyDetails;
  } catch {
    return null;
  }
}

export const MEMBERTRANSACTIONS = "membertransactions";

export function transactionFromCockpit(entry: CockpitEntry): Transaction {
  const ticketId = text(entry.ticketId);
  const checkoutSessionId = text(entry.checkoutSessionId);
  return {
    id: entry._id,
    userId: text(entry.userId),
    title: text(entry.transactionTitle),
    unitAmount: penceFromPounds(entry.transactionAmount),
    qty: numOrNull(entry.qty) ?? 1,
    year: numOrNull(entry.year) ?? 0,
    status: oneOf(entry.status, TRANSACTION_STATUSES, "pending"),
    priceRef: text(entry.striperef),
    membershipType: oneOf(entry.membershipType, MEMBERSHIPS, "Single"),
    memberName: text(entry.memberName),
    memberEmail: text(entry.memberEmail),
    paymentType: oneOf(entry.paymentType, PAYMENT_TYPES, "registration"),
    ticketId: ticketId || null,
    checkoutSessionId: checkoutSessionId || null,
    createdAt: seconds(entry._created),
    settledAt: numOrNull(entry.settledAt),
    familyDetails: familyFromCockpit(entry.familyDetails),
    // Offline payments (docs/requirements.md §4.9): no paymentMethod is a card payment
    method: oneOf(entry.paymentMethod, PAYMENT_METHODS, "card"),
    reference: text(entry.paymentReference) || null,
    paidOn: text(entry.paidOn) || null,
  };
}

/** The fields a new transaction is saved with (the old site's create payload, status pending). */
export function newTransactionToCockpit(t: NewTransaction): CockpitFields {
  return {
    userId: t.userId,
    transactionTitle: t.title,
    transactionAmount: poundsFromPence(t.unitAmount),
    qty: t.qty,
    year: t.year,
    status: "pending",
    striperef: t.priceRef,
    membershipType: t.membershipType,
    memberName: t.memberName,
    memberEmail: t.memberEmail,
    paymentType: t.paymentType,
    ticketId: t.ticketId,
    checkoutSessionId: null,
    settledAt: null,
    familyDetails: t.familyDetails ? JSON.stringify(t.familyDetails) : null,
    // Offline payments (docs/requirements.md §4.9)
    paymentMethod: t.method ?? "card",
    paymentReference: t.reference ?? null,
    paidOn: t.paidOn ?? null,
  };
}

/** A whole transaction as a `membertransactions` entry (demo data and tests). */
export function transactionToCockpit(t: Transaction): CockpitEntry {
  return {
    _id: t.id,
    _created: t.createdAt,
    _modified: t.settledAt ?? t.createdAt,
    ...newTransactionToCockpit(t),
    status: t.status,
    checkoutSessionId: t.checkoutSessionId,
    settledAt: t.settledAt,
  };
}
