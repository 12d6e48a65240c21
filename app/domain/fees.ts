import type { FamilyDetails, Membership, PaymentType, Pence } from "./records";
import type { SiteSettings } from "./site-settings";

/**
 * What each membership payment charges (spec 1 §9, spec 2 §9), from the site
 * settings. Pure: the month is passed in. Amounts are pence; the provider's price ids
 * decide what the card is charged, and the amounts here must match them (settlement
 * compares the paid total with the transaction).
 */

type MembershipFees = SiteSettings["membership"];

export interface Charge {
  /** transactionTitle */
  title: string;
  paymentType: Exclude<PaymentType, "ticket">;
  /** The provider's price id (striperef). */
  priceRef: string;
  /** transactionAmount: the unit price. */
  unitAmount: Pence;
  qty: number;
  /** The lines of the registration table (Registration, 1 Year subscription, Total). */
  registrationFee: Pence;
  subscriptionFee: Pence;
  total: Pence;
}

export const REGISTRATION_TITLE = "Membership Registration";
export const RENEWAL_TITLE = "Membership Renewal";
/** The spec's title for the Single → Family upgrade transaction. */
export const UPGRADE_TITLE = "Convert to Family";

function feesFor(fees: MembershipFees, membership: Membership) {
  return membership === "Family"
    ? { reg: fees.familyRegFee, renew: fees.familyRenewFee, regProduct: fees.familyRegProduct, regOnlyProduct: fees.familyOnlyRegProduct, renewProduct: fees.familyRenewProduct }
    : { reg: fees.singleRegFee, renew: fees.singleRenewFee, regProduct: fees.singleRegProduct, regOnlyProduct: fees.singleOnlyRegProduct, renewProduct: fees.singleRenewProduct };
}

/**
 * After `freeSubscriptionAfterMonth` the rest of the year's subscription is free: only
 * the registration fee is charged, with the registration-only product. `month` is 1–12.
 */
export function subscriptionIsFree(fees: MembershipFees, month: number): boolean {
  return month > fees.freeSubscriptionAfterMonth;
}

function joiningCharge(fees: MembershipFees, membership: Membership, month: number, title: string): Charge {
  const f = feesFor(fees, membership);
  const free = subscriptionIsFree(fees, month);
  const subscriptionFee = free ? 0 : f.renew;
  const total = f.reg + subscriptionFee;
  return {
    title,
    paymentType: "registration",
    priceRef: free ? f.regOnlyProduct : f.regProduct,
    unitAmount: total,
    qty: 1,
    registrationFee: f.reg,
    subscriptionFee,
    total,
  };
}

/** The registration payment of an approved applicant: registration fee plus the first year's subscription. */
export function registrationCharge(fees: MembershipFees, membership: Membership, month: number): Charge {
  return joiningCharge(fees, membership, month, REGISTRATION_TITLE);
}

/** Single → Family: the Family registration as the spec says (with the same free-subscription rule). */
export function upgradeCharge(fees: MembershipFees, month: number): Charge {
  return joiningCharge(fees, "Family", month, UPGRADE_TITLE);
}

/** This year's subscription for the member's membership. */
export function renewalCharge(fees: MembershipFees, membership: Membership): Charge {
  const f = feesFor(fees, membership);
  return {
    title: RENEWAL_TITLE,
    paymentType: "renew",
    priceRef: f.renewProduct,
    unitAmount: f.renew,
    qty: 1,
    registrationFee: 0,
    subscriptionFee: f.renew,
    total: f.renew,
  };
}

/** What a settled payment changes on the member (spec 2 §4): one kind of change per transaction. */
export type MemberSettlement =
  | { kind: "registration"; year: number }
  | { kind: "renewal"; year: number }
  /** `family`: the spouse and children saved with the upgrade's payment (none on older records). */
  | { kind: "upgrade"; family?: FamilyDetails };

export function settlementFor(transaction: { title: string; paymentType: PaymentType; year: number; familyDetails?: FamilyDetails | null }): MemberSettlement | null {
  if (transaction.paymentType === "renew") return { kind: "renewal", year: transaction.year };
  if (transaction.paymentType === "registration") {
    if (transaction.title !== UPGRADE_TITLE) return { kind: "registration", year: transaction.year };
    return transaction.familyDetails ? { kind: "upgrade", family: transaction.familyDetails } : { kind: "upgrade" };
  }
  return null;
}
