import type { MemberSettlement } from "./fees";
import type { Member, MemberPatch } from "../../kernel/store/records";

/**
 * What a settled payment writes on its member, and whether the member already has it.
 * A second payment for a change the member already has (two renewal checkouts of the
 * same year paid in two tabs, say) is not applied: one transaction settles each change,
 * and the other is left for the accountant to refund.
 */

export function memberSettlementPatch(change: MemberSettlement): MemberPatch {
  switch (change.kind) {
    case "registration":
      return { registrationPaid: true, active: true, lastRenewedYear: change.year };
    case "renewal":
      return { lastRenewedYear: change.year };
    case "upgrade":
      // The family travels with the payment (ADR 26): it reaches the record with the membership.
      return change.family
        ? { membership: "Family", spouse: change.family.spouse, children: change.family.children, consents: change.family.consents }
        : { membership: "Family" };
  }
}

export function memberSettlementApplied(member: Pick<Member, "registrationPaid" | "lastRenewedYear" | "membership">, change: MemberSettlement): boolean {
  switch (change.kind) {
    case "registration":
      return member.registrationPaid;
    case "renewal":
      return member.lastRenewedYear !== null && member.lastRenewedYear >= change.year;
    case "upgrade":
      return member.membership === "Family";
  }
}

/**
 * How long after its settlement a transaction's missing member change is still completed
 * (a half-finished settlement on the Cockpit store, finished by the return page or the
 * webhook's retries, which Stripe makes for up to three days). Later, a missing change is
 * more likely an accountant's edit (a Family made Single again) than a lost write, and an
 * old return URL opened again must not undo it.
 */
export const SETTLEMENT_COMPLETION_WINDOW_SECONDS = 7 * 24 * 60 * 60;

export function memberSettlementToComplete(
  member: Pick<Member, "registrationPaid" | "lastRenewedYear" | "membership">,
  change: MemberSettlement,
  settledAt: number | null,
  now: number,
): MemberPatch | null {
  if (settledAt === null || now - settledAt > SETTLEMENT_COMPLETION_WINDOW_SECONDS) return null;
  return memberSettlementApplied(member, change) ? null : memberSettlementPatch(change);
}
