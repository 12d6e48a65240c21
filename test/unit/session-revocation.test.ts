import { describe, expect, it } from "vitest";
import { createSessionStorage, newSessionCookie, sessionIssuedAt, sessionPredatesPasswordChange, sessionUserId } from "~/services/session.server";

describe("sessions and password changes (ADR 7)", () => {
  it("records the sign-in time with milliseconds", async () => {
    const storage = createSessionStorage({ SESSION_SECRET: "s".repeat(40), isProduction: false });
    const now = Date.UTC(2026, 10, 21, 12, 0, 0, 250);
    const cookie = (await newSessionCookie(storage, "m1", now)).split(";")[0]!;
    const session = await storage.getSession(cookie);
    expect(sessionIssuedAt(session.data)).toBe(now / 1000);
    expect(sessionUserId(session.data, now + 1)).toBe("m1");
  });

  it("refuses a session signed in before the password changed, even within the same second", () => {
    const changedAt = 1_800_000_000.5;
    expect(sessionPredatesPasswordChange(1_800_000_000.4, changedAt)).toBe(true);
    expect(sessionPredatesPasswordChange(1_700_000_000, changedAt)).toBe(true);
  });

  it("keeps a session signed in after the change, or when the password never changed", () => {
    expect(sessionPredatesPasswordChange(1_800_000_000.6, 1_800_000_000.5)).toBe(false);
    expect(sessionPredatesPasswordChange(1_800_000_000.5, 1_800_000_000.5)).toBe(false);
    expect(sessionPredatesPasswordChange(1_700_000_000, null)).toBe(false);
    expect(sessionPredatesPasswordChange(1_700_000_000, undefined)).toBe(false);
  });

  it("reads a session without a sign-in time as none", () => {
    expect(sessionIssuedAt({ userId: "m1" })).toBeNull();
  });
});
