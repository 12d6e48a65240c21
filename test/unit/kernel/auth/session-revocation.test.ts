import { describe, expect, it } from "vitest";
import { activeSession, createSessionStorage, newSessionCookie, newSessionId, sessionPredatesPasswordChange } from "~/kernel/auth/session.server";

describe("session ids and password changes (ADR 7)", () => {
  it("records the sign-in time with milliseconds, and a random id per sign-in", async () => {
    const storage = createSessionStorage({ SESSION_SECRET: "s".repeat(40), isProduction: false });
    const now = Date.UTC(2026, 10, 21, 12, 0, 0, 250);
    const signIn = async () => activeSession((await storage.getSession((await newSessionCookie(storage, "m1", now)).split(";")[0]!)).data, now + 1);
    const [first, second] = [await signIn(), await signIn()];
    expect(first).toMatchObject({ userId: "m1", issuedAt: now / 1000 });
    expect(first?.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.sessionId).not.toBe(first?.sessionId);
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

  it("gives each session its own 128-bit id", () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
