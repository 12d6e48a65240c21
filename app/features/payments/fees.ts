import { currentMonth } from "../../kernel/dates/dates";
import type { FamilyDetails, Membership, PaymentType, Pence } from "../../kernel/store/records";

import type { SiteSettings } from "../../kernel/store/site-settings";

/**
 * What each membership payment charges (docs/requirements.md §3.1, §4.3), from the site
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
/** The title of the Single → Family upgrade transaction (docs/requirements.md §4.2). */
export const UPGRADE_TITLE = "Convert to Family";

function feesFor(fees: MembershipFees, membership: Membership) {
  return membership === "Family"
    ? {
        reg: fees.familyRegFee,
        renew: fees.familyRenewFee,
        regProduct: fees.familyRegProduct,
        regOnlyProduct: fees.familyOnlyRegProduct,
        renewProduct: fees.familyRenewProduct,
      }
    : {
        reg: fees.singleRegFee,
        renew: fees.singleRenewFee,
        regProduct: fees.singleRegProduct,
        regOnlyProduct: fees.singleOnlyRegProduct,
        renewProduct: fees.singleRenewProduct,
      };
}

/**
 * After `freeSubscriptionAfterMonth` the rest of the year's subscription is free: only
 * the registration fee is charged, with the registration-only product. `month` is 1–12.
 */
export function subscriptionIsFree(fees: MembershipFees, month: number): boolean {
  return month > fees.freeSubscriptionAfterMonth;
}

/** The labels of the fee lines (docs/requirements.md §4.3: the table's rows Registration, 1 Year subscription, Total). */
export const FEE_LABELS = { registration: "Registration", subscription: "1 Year subscription", total: "Total" } as const;

export interface FeeLine {
  label: string;
  pence: Pence;
}

/**
 * What joining costs on one day: the lines every place that states or charges the
 * registration reads (the approval e-mail, /payment-reg-fee, the checkout), so they
 * cannot disagree. `priceRef` is the provider's price for `total` (one line item, qty 1).
 */
export interface RegistrationFeeLines {
  membership: Membership;
  /** Registration, then 1 Year subscription (£0 when free). */
  lines: [FeeLine, FeeLine];
  total: Pence;
  subscriptionFree: boolean;
  priceRef: string;
}

function joiningFees(fees: MembershipFees, membership: Membership, month: number): RegistrationFeeLines {
  const f = feesFor(fees, membership);
  const free = subscriptionIsFree(fees, month);
  const subscription = free ? 0 : f.renew;
  return {
    membership,
    lines: [
      { label: FEE_LABELS.registration, pence: f.reg },
      { label: FEE_LABELS.subscription, pence: subscription },
    ],
    total: f.reg + subscription,
    subscriptionFree: free,
    priceRef: free ? f.regOnlyProduct : f.regProduct,
  };
}

/**
 * The registration fee lines for a membership on `now` (the month read in UK time:
 * 23:30 UTC on 30 September is already October in London).
 */
export function registrationFeeLines(fees: MembershipFees, membership: Membership, now: Date): RegistrationFeeLines {
  return joiningFees(fees, membership, currentMonth(now));
}

function joiningCharge(title: string, fees: RegistrationFeeLines): Charge {
  const [registration, subscription] = fees.lines;
  return {
    title,
    paymentType: "registration",
    priceRef: fees.priceRef,
    unitAmount: fees.total,
    qty: 1,
    registrationFee: registration.pence,
    subscriptionFee: subscription.pence,
    total: fees.total,
  };
}

/** The registration payment of an approved applicant, charged from its fee lines (registrationFeeLines). */
export function registrationCharge(fees: RegistrationFeeLines): Charge {
  return joiningCharge(REGISTRATION_TITLE, fees);
}

/** Single → Family: the Family registration as docs/requirements.md §3.5 says (with the same free-subscription rule). */
export function upgradeCharge(fees: MembershipFees, month: number): Charge {
  return joiningCharge(UPGRADE_TITLE, joiningFees(fees, "Family", month));
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

/** What a settled payment changes on the member (docs/requirements.md §4.5): one kind of change per transaction. */
export type MemberSettlement =
  | { kind: "registration"; year: number }
  | { kind: "renewal"; year: number }
  /** `family`: the spouse and children saved with the upgrade's payment (none on older records). */
  | { kind: "upgrade"; family?: FamilyDetails };

export function settlementFor(transaction: {
  title: string;
  paymentType: PaymentType;
  year: number;
  familyDetails?: FamilyDetails | null;
}): MemberSettlement | null {
  // A donation changes no member (docs/requirements.md §14): its payer may not even be one.
  if (transaction.paymentType === "donation") return null;
  if (transaction.paymentType === "renew") return { kind: "renewal", year: transaction.year };
  if (transaction.paymentType === "registration") {
    if (transaction.title !== UPGRADE_TITLE) return { kind: "registration", year: transaction.year };
    return transaction.familyDetails ? { kind: "upgrade", family: transaction.familyDetails } : { kind: "upgrade" };
  }
  return null;
}
