import type { AppLoadContext } from "@remix-run/cloudflare";
import { receivedDay } from "~/kernel/store/received-day";
import type { GiftAidClaimItem, Id, PaymentType, Pence, PersonKind } from "~/kernel/store/records";
import { giftAidOn } from "./rules/amount";
import { withinClaimWindow } from "./rules/claim-window";
import { declarationInForce } from "./rules/declaration-in-force";
import { donorDetails } from "./rules/donor-details";
import { netAmount } from "./rules/net-amount";

/**
 * A Gift Aid claim for a period (docs/requirements.md §14, ADR 74), built from the period's rows
 * only: its paid payments of the eligible kinds (never tickets), their refunds, which of them
 * were claimed, and their payers' declarations, one read each. A payment is on the claim when
 * it is not wholly refunded (a partial refund reduces it), its payer had a declaration in force
 * on the day the money came (ADR 64's received day), HMRC's window is still open for it, and no
 * claim has it. Its name and address come from that declaration; a row that cannot go on HMRC's
 * schedule as it is (a problem) is listed apart, to be fixed by correcting the declaration.
 */
export interface ClaimRow {
  transactionId: Id;
  personId: Id;
  personKind: PersonKind;
  declarationId: Id;
  paymentType: PaymentType;
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  /** UK day, YYYY-MM-DD. */
  paidOn: string;
  /** Pence: what was paid less its refunds. */
  amount: Pence;
  problems: string[];
}

export interface ClaimView {
  from: string;
  to: string;
  /** The rows to claim (none with a problem), oldest first. */
  rows: ClaimRow[];
  /** The rows left out until fixed. */
  problems: ClaimRow[];
  /** Pence, of `rows`. */
  total: Pence;
  /** The Gift Aid due on `total`. */
  giftAid: Pence;
  /** Claimed payments refunded since, of any period, until the next claim is marked (HMRC expects the overclaim netted off in it). */
  refundedAfterClaiming: Array<{ item: GiftAidClaimItem; refunded: Pence }>;
}

export async function buildClaim(context: AppLoadContext, period: { from: string; to: string }, today: string): Promise<ClaimView> {
  const { store } = context;
  const settings = await store.giftAidSettings.get();
  // Tickets never qualify (a ticket buys entry), whatever the settings say.
  const types = settings.eligibleKinds.filter((kind): kind is Exclude<PaymentType, "ticket"> => kind !== ("ticket" as string));
  const view: ClaimView = { from: period.from, to: period.to, rows: [], problems: [], total: 0, giftAid: 0, refundedAfterClaiming: [] };
  // Whatever the period: the next claim is where HMRC expects them netted off.
  view.refundedAfterClaiming = await store.giftAidClaims.refundedSinceLastClaim();
  if (types.length === 0 || period.from > period.to) return view;

  const payments = (await store.transactions.listReceived({ types, from: period.from, to: period.to })).filter(
    (t) => t.status === "success" && t.paymentType !== "ticket",
  );
  if (payments.length === 0) return view;
  const ids = payments.map((t) => t.id);
  const donationIds = payments.filter((t) => t.paymentType === "donation").map((t) => t.id);
  const [refunded, claimed, declarations, donations] = await Promise.all([
    store.refunds.refundedBy("transaction", ids),
    store.giftAidClaims.claimedOf(ids),
    store.giftAidDeclarations.listByPeople([...new Set(payments.map((t) => t.userId))]),
    donationIds.length > 0 ? store.donations.getMany(donationIds) : Promise.resolve({} as Record<Id, { giftAid: boolean }>),
  ]);

  for (const payment of payments) {
    const refunds = refunded[payment.id] ?? 0;
    // Claimed already: refunds since are flagged above, whatever the period.
    if (claimed[payment.id]) continue;
    // A donation given with the Gift Aid box left empty is not claimed, even when an older declaration
    // is in force: the giver chose so for this gift, and its receipt said "not declared" (docs/requirements.md §14).
    if (donations[payment.id]?.giftAid === false) continue;
    const amount = netAmount(payment, refunds);
    if (amount === null) continue;
    const day = receivedDay(payment);
    if (!withinClaimWindow(day, today)) continue;
    const declaration = declarationInForce(declarations[payment.userId] ?? [], day);
    if (!declaration) continue;
    // An erased person's declaration whose name and address became the pseudonym (data-rights erasure,
    // docs/privacy.md) can no longer back a claim: left out, not listed as a problem to "fix" by guesswork.
    if (declaration.pseudonymisedAt !== null) continue;
    const details = donorDetails(declaration);
    const row: ClaimRow = {
      transactionId: payment.id,
      personId: declaration.personId,
      personKind: declaration.personKind,
      declarationId: declaration.id,
      paymentType: payment.paymentType,
      ...details,
      paidOn: day,
      amount,
    };
    (row.problems.length > 0 ? view.problems : view.rows).push(row);
  }
  view.total = view.rows.reduce((sum, row) => sum + row.amount, 0);
  view.giftAid = giftAidOn(view.total);
  return view;
}
