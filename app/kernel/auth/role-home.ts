import type { Member, Role } from "../store/records";

/**
 * Where each role starts (docs/requirements.md §2.2, ADR 65): the page a volunteer signs in
 * for. After sign-in without a `redirectTo`, and when a guard turns a signed-in member away
 * from a page their role may not open, they go to their own home, never to one that would
 * turn them away again (each home is open to its role).
 */
export const ROLE_HOMES = {
  member: "/mem-account",
  editor: "/studio",
  steward: "/scan-qr-code",
  accountant: "/accounts",
} as const satisfies Readonly<Record<Role, string>>;

/** The home of a signed-in member's role. */
export function roleHome(member: Pick<Member, "role">): string {
  return ROLE_HOMES[member.role] ?? ROLE_HOMES.member;
}
