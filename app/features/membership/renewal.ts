import type { Member, Membership } from "../../kernel/store/records";

/**
 * The membership year rules of the account pages (docs/requirements.md §3.1, §3.4, §3.5).
 * Pure: the year is passed in (see `currentYear` in kernel/dates), so the rules are tested
 * without a clock.
 */

export const ALREADY_PAID_MESSAGE = "You have already paid!";
export const UPGRADE_NEEDS_RENEWAL_MESSAGE = "Please pay your subscription before adding family!";

/** The next renewal shown is the last renewed year plus one; nothing when the member never renewed. */
export function nextRenewalYear(lastRenewedYear: number | null): number | null {
  return lastRenewedYear === null ? null : lastRenewedYear + 1;
}

/** This year's subscription is paid: the renewal button is disabled ('You have already paid!'). */
export function renewalPaid(lastRenewedYear: number | null, year: number): boolean {
  return lastRenewedYear === year;
}

/** A Single member may add family only once this year's subscription is paid. */
export function canUpgradeToFamily(member: Pick<Member, "membership" | "lastRenewedYear">, year: number): boolean {
  return member.membership === "Single" && renewalPaid(member.lastRenewedYear, year);
}

/**
 * Checks a requested membership against the member's own: staying the same is always
 * allowed, Family → Single is not offered here, Single → Family needs this year paid.
 */
export function membershipChangeError(member: Pick<Member, "membership" | "lastRenewedYear">, requested: Membership, year: number): string | null {
  if (requested === member.membership) return null;
  if (requested === "Family" && canUpgradeToFamily(member, year)) return null;
  if (requested === "Family") return UPGRADE_NEEDS_RENEWAL_MESSAGE;
  return "Please contact us to change your membership.";
}

/** The fee wording of docs/requirements.md §2.6; the amounts charged come from the site settings. */
export const SUBSCRIPTION_WORDING = "Annual subscription: £10 single, £20 family, due before 30 September each year.";
