import type { MemberSettlement } from "./fees";
import type { Member, MemberPatch } from "./records";

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
      return { membership: "Family" };
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
