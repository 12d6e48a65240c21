import { canEditWebsite, type Member } from "../store/records";

/**
 * What the server knows of a signed, unexpired session cookie once it has read its records
 * (ADR 7, ADR 70): when it signed in, its row in member_sessions (null when there is none: a
 * cookie from before sessions were records, or a forged id), and its account as it is now
 * (null when there is none). The rules below decide from it; reading it is the auth service's
 * (app/kernel/auth/auth.server.ts). Pure.
 */
export interface SessionStanding {
  /** Unix seconds (with milliseconds) of the sign-in. */
  issuedAt: number;
  /** The member the cookie names. */
  userId: string;
  record: SessionRecordStanding | null;
  member: Pick<Member, "role" | "active" | "deleted" | "passwordChangedAt"> | null;
  /** Unix seconds when it was read. */
  now: number;
}

/** The parts of a session's row the rules read. */
export interface SessionRecordStanding {
  memberId: string;
  expiresAt: number;
  secondStepRequired: boolean;
  secondStepAt: number | null;
  revokedAt: number | null;
}

/** How long a session's last_seen_at may lag: at most one write per 5 minutes per session (ADR 70). */
export const LAST_SEEN_GRANULARITY_SECONDS = 5 * 60;

/**
 * Whether a session signed in at `issuedAt` predates the member's last password change:
 * every session from before a reset is refused (ADR 7).
 */
export function sessionPredatesPasswordChange(issuedAt: number, passwordChangedAt: number | null | undefined): boolean {
  return typeof passwordChangedAt === "number" && issuedAt < passwordChangedAt;
}

/** Whether a session still waits for its second step (ADR 71): required and not done. */
export function secondStepPending(record: Pick<SessionRecordStanding, "secondStepRequired" | "secondStepAt">): boolean {
  return record.secondStepRequired && record.secondStepAt === null;
}

/**
 * The member of a session that is open but for, perhaps, its second step: a row of this
 * member's, not signed out, not expired, the account there and not erased or deleted, and no
 * password change since.
 */
function openSessionMember<S extends SessionStanding>(standing: S): S["member"] {
  const { member, record } = standing;
  if (!record || record.memberId !== standing.userId || record.revokedAt !== null || record.expiresAt <= standing.now) return null;
  if (!member || member.deleted) return null;
  return sessionPredatesPasswordChange(standing.issuedAt, member.passwordChangedAt) ? null : member;
}

/**
 * The member a live session belongs to (ADR 70): a session is live only if it has its row, is
 * not revoked, not expired, there was no password change since, and either no second step is
 * required or it is done. Otherwise nobody is signed in.
 */
export function liveSessionMember<S extends SessionStanding>(standing: S): S["member"] {
  const member = openSessionMember(standing);
  return member && standing.record && !secondStepPending(standing.record) ? member : null;
}

/** The member whose session is open and waits only for its second step (the two-step sign-in page, ADR 71); else null. */
export function pendingSecondStepMember<S extends SessionStanding>(standing: S): S["member"] {
  const member = openSessionMember(standing);
  return member && standing.record && secondStepPending(standing.record) ? member : null;
}

/**
 * Whether this request should move the session's last_seen_at on (ADR 70): only when the
 * recorded one is at least LAST_SEEN_GRANULARITY_SECONDS old, so a member clicking through
 * pages costs one D1 write per 5 minutes, not one per page.
 */
export function lastSeenIsStale(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= LAST_SEEN_GRANULARITY_SECONDS;
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
