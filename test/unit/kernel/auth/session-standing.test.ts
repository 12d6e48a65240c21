import { describe, expect, it } from "vitest";
import {
  LAST_SEEN_GRANULARITY_SECONDS,
  lastSeenIsStale,
  liveSessionMember,
  pendingSecondStepMember,
  secondStepPending,
  type SessionStanding,
} from "~/kernel/auth/session-standing";

/**
 * Sessions as records (docs/decisions/0070-sessions-as-records.md): a session is live only if
 * its row is there, it is not revoked, not expired, there was no password change since, and
 * either no second step is required or it is done.
 */

const SIGNED_IN_AT = 1_800_000_000.25;
const NOW = SIGNED_IN_AT + 600;
const MEMBER = { role: "member" as const, active: true, deleted: false, passwordChangedAt: null };

function standing(record: Partial<NonNullable<SessionStanding["record"]>> | null = {}, rest: Partial<SessionStanding> = {}): SessionStanding {
  return {
    issuedAt: SIGNED_IN_AT,
    userId: "m1",
    now: NOW,
    member: MEMBER,
    record: record && { memberId: "m1", expiresAt: SIGNED_IN_AT + 14 * 86400, secondStepRequired: false, secondStepAt: null, revokedAt: null, ...record },
    ...rest,
  };
}

describe("liveSessionMember: who a session signs in (ADR 70)", () => {
  it("is the member of a session with its row, not revoked, not expired, and no second step owed", () => {
    expect(liveSessionMember(standing())).toBe(MEMBER);
    expect(liveSessionMember(standing({ secondStepRequired: true, secondStepAt: NOW - 5 })), "second step done").toBe(MEMBER);
  });

  it("is nobody without the session's row (a cookie from before sessions were records)", () => {
    expect(liveSessionMember(standing(null))).toBeNull();
  });

  it("is nobody when the row is revoked, expired, or another member's", () => {
    expect(liveSessionMember(standing({ revokedAt: NOW - 1 })), "revoked").toBeNull();
    expect(liveSessionMember(standing({ expiresAt: NOW })), "expired at this second").toBeNull();
    expect(liveSessionMember(standing({ memberId: "m2" })), "another member's row").toBeNull();
  });

  it("is nobody after a password change, or when the account is gone", () => {
    expect(liveSessionMember(standing({}, { member: { ...MEMBER, passwordChangedAt: SIGNED_IN_AT + 0.1 } }))).toBeNull();
    expect(liveSessionMember(standing({}, { member: { ...MEMBER, deleted: true } }))).toBeNull();
    expect(liveSessionMember(standing({}, { member: null }))).toBeNull();
  });

  it("is nobody while the second step is owed: the cookie alone proves nothing (ADR 71)", () => {
    expect(liveSessionMember(standing({ secondStepRequired: true }))).toBeNull();
  });
});

describe("pendingSecondStepMember: the member waiting at the second step", () => {
  it("is the member of an open session that owes its second step", () => {
    expect(pendingSecondStepMember(standing({ secondStepRequired: true }))).toBe(MEMBER);
  });

  it("is nobody once it is done, when none is owed, or when the session is not open", () => {
    expect(pendingSecondStepMember(standing({ secondStepRequired: true, secondStepAt: NOW }))).toBeNull();
    expect(pendingSecondStepMember(standing())).toBeNull();
    expect(pendingSecondStepMember(standing({ secondStepRequired: true, revokedAt: NOW }))).toBeNull();
    expect(pendingSecondStepMember(standing({ secondStepRequired: true, expiresAt: NOW - 1 }))).toBeNull();
    expect(pendingSecondStepMember(standing(null))).toBeNull();
  });

  it("reads secondStepPending as required and not done", () => {
    expect(secondStepPending({ secondStepRequired: true, secondStepAt: null })).toBe(true);
    expect(secondStepPending({ secondStepRequired: true, secondStepAt: 1 })).toBe(false);
    expect(secondStepPending({ secondStepRequired: false, secondStepAt: null })).toBe(false);
  });
});

describe("lastSeenIsStale: at most one write per 5 minutes per session", () => {
  it("writes once the recorded time is 5 minutes old, not before", () => {
    expect(LAST_SEEN_GRANULARITY_SECONDS).toBe(300);
    expect(lastSeenIsStale(1000, 1000 + 299)).toBe(false);
    expect(lastSeenIsStale(1000, 1000 + 300)).toBe(true);
    expect(lastSeenIsStale(1000, 1000)).toBe(false);
  });
});
