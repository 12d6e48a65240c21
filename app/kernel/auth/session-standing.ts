import { canEditWebsite, type Member } from "../store/records";

/**
 * What the server knows of a signed, unexpired session cookie once it has read its records
 * (ADR 7): when it signed in, whether it was signed out (revoked), and its account as it is
 * now (null when there is none). The rules below decide from it; reading it is the auth
 * service's (app/kernel/auth/auth.server.ts). Pure.
 */
export interface SessionStanding {
  /** Unix seconds (with milliseconds) of the sign-in. */
  issuedAt: number;
  revoked: boolean;
  member: Pick<Member, "role" | "active" | "deleted" | "passwordChangedAt"> | null;
}

/**
 * Whether a session signed in at `issuedAt` predates the member's last password change:
 * every session from before a reset is refused (ADR 7).
 */
export function sessionPredatesPasswordChange(issuedAt: number, passwordChangedAt: number | null | undefined): boolean {
  return typeof passwordChangedAt === "number" && issuedAt < passwordChangedAt;
}

/** The member a live session belongs to: not signed out, the account there and not erased or deleted, no password change since. */
export function liveSessionMember<S extends SessionStanding>(standing: S): S["member"] {
  const { member } = standing;
  if (standing.revoked || !member || member.deleted) return null;
  return sessionPredatesPasswordChange(standing.issuedAt, member.passwordChangedAt) ? null : member;
}

/**
 * Whether a request may carry the studio's upload allowance (STUDIO_UPLOAD_BODY_LIMIT_BYTES):
 * only a live session of an active member whose role may upload (the website studio's editors
 * and accountants, ADR 38). Anyone else, a signed cookie of a signed-out, erased or plain
 * member included, is held to the form limit, so no cookie alone makes the Worker hold 40 MB.
 */
export function hasUploadAllowance(standing: SessionStanding | null): boolean {
  const member = standing && liveSessionMember(standing);
  return Boolean(member?.active && canEditWebsite(member.role));
}
