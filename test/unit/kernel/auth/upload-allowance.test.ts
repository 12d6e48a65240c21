import { describe, expect, it } from "vitest";
import type { Role } from "~/kernel/store/records";
import { hasUploadAllowance, liveSessionMember, type SessionStanding } from "~/kernel/auth/session-standing";

/**
 * The studio's 40 MB request allowance (app/kernel/http/request-guard.server.ts) goes only to a
 * live session (not signed out, its account there and not erased, its password unchanged
 * since it signed in: ADR 7) of an active member whose role may upload (editor, accountant).
 * Everybody else's post is held to the 64 kB form limit.
 */

const SIGNED_IN_AT = 1_800_000_000.5;
const record = { memberId: "m1", expiresAt: SIGNED_IN_AT + 3600, secondStepRequired: false, secondStepAt: null, revokedAt: null };
const standing = (
  member: Partial<NonNullable<SessionStanding["member"]>> | null,
  session: Partial<NonNullable<SessionStanding["record"]>> = {},
): SessionStanding => ({
  issuedAt: SIGNED_IN_AT,
  userId: "m1",
  now: SIGNED_IN_AT + 60,
  record: { ...record, ...session },
  member: member && { role: "editor", active: true, deleted: false, passwordChangedAt: null, ...member },
});

describe("hasUploadAllowance", () => {
  it("goes to an editor's or an accountant's live session", () => {
    expect(hasUploadAllowance(standing({ role: "editor" }))).toBe(true);
    expect(hasUploadAllowance(standing({ role: "accountant" }))).toBe(true);
    // A password changed before this sign-in (the session came after it) leaves it live.
    expect(hasUploadAllowance(standing({ passwordChangedAt: SIGNED_IN_AT - 60 }))).toBe(true);
  });

  it("not to a member, whatever else", () => {
    const roles: Role[] = ["member"];
    for (const role of roles) expect(hasUploadAllowance(standing({ role })), role).toBe(false);
  });

  it("not to a session that was signed out, whose account is gone or erased, or from before a password change", () => {
    expect(hasUploadAllowance(standing({}, { revokedAt: SIGNED_IN_AT + 1 })), "signed out").toBe(false);
    expect(hasUploadAllowance(standing(null)), "no account").toBe(false);
    expect(hasUploadAllowance(standing({ deleted: true })), "erased or deleted").toBe(false);
    expect(hasUploadAllowance(standing({ passwordChangedAt: SIGNED_IN_AT + 0.1 })), "password changed since").toBe(false);
  });

  it("not to an inactive editor (the studio's guard would refuse them too), nor to no session at all", () => {
    expect(hasUploadAllowance(standing({ active: false }))).toBe(false);
    expect(hasUploadAllowance(null)).toBe(false);
  });
});

describe("liveSessionMember (ADR 7: what getUser answers)", () => {
  it("is the member of a live session, and null for a signed-out, erased or superseded one", () => {
    const live = standing({ role: "member" });
    expect(liveSessionMember(live)).toBe(live.member);
    expect(liveSessionMember(standing({}, { revokedAt: SIGNED_IN_AT + 1 }))).toBeNull();
    expect(liveSessionMember(standing({ deleted: true }))).toBeNull();
    expect(liveSessionMember(standing({ passwordChangedAt: SIGNED_IN_AT + 1 }))).toBeNull();
    expect(liveSessionMember(standing(null))).toBeNull();
  });
});
