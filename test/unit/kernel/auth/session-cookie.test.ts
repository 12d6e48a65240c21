import { describe, expect, it } from "vitest";
import { SESSION_MAX_AGE, activeSession, createSessionStorage } from "~/kernel/auth/session.server";

const secret = "s".repeat(40);

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, signed, and not Secure on a local machine", async () => {
    const storage = createSessionStorage({ SESSION_SECRET: secret, isProduction: false });
    const session = await storage.getSession();
    session.set("userId", "abc");
    const header = await storage.commitSession(session);
    expect(header).toMatch(/^__session=[^;]+\.[^;]+;/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("Secure");
  });

  it("is Secure in production", async () => {
    const storage = createSessionStorage({ SESSION_SECRET: secret, isProduction: true });
    expect(await storage.commitSession(await storage.getSession())).toContain("Secure");
  });

  it("reads a tampered or foreign-signed cookie as an empty session", async () => {
    const storage = createSessionStorage({ SESSION_SECRET: secret, isProduction: false });
    const session = await storage.getSession();
    session.set("userId", "member-1");
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const [payload, signature] = value.split(".") as [string, string];
    const forged = btoa(JSON.stringify({ userId: "accountant-1" }));

    expect((await storage.getSession(cookie)).get("userId")).toBe("member-1");
    expect((await storage.getSession(`${name}=${encodeURIComponent(forged)}.${signature}`)).get("userId")).toBeUndefined();
    expect((await storage.getSession(`${name}=${payload}.${signature.slice(1)}x`)).get("userId")).toBeUndefined();

    const other = createSessionStorage({ SESSION_SECRET: "o".repeat(40), isProduction: false });
    expect((await other.getSession(cookie)).get("userId")).toBeUndefined();
  });
});

describe("activeSession", () => {
  const now = Date.UTC(2026, 10, 21);
  const seconds = now / 1000;
  const sessionId = "0123456789abcdef0123456789abcdef";
  const userId = (data: Parameters<typeof activeSession>[0]) => activeSession(data, now)?.userId ?? null;
  it("accepts a session signed in within the last 14 days, and says when it expires", () => {
    expect(activeSession({ userId: "m1", issuedAt: seconds - 60.5, sessionId }, now)).toEqual({
      userId: "m1",
      sessionId,
      issuedAt: seconds - 60.5,
      expiresAt: seconds - 60 + SESSION_MAX_AGE,
    });
    expect(userId({ userId: "m1", issuedAt: seconds - SESSION_MAX_AGE, sessionId })).toBe("m1");
  });
  it("refuses expired, future-dated and incomplete sessions", () => {
    expect(userId({ userId: "m1", issuedAt: seconds - SESSION_MAX_AGE - 1, sessionId })).toBeNull();
    expect(userId({ userId: "m1", issuedAt: seconds + 3600, sessionId })).toBeNull();
    expect(userId({ userId: "m1", sessionId })).toBeNull();
    expect(userId({ issuedAt: seconds, sessionId })).toBeNull();
  });
  it("refuses a session without an id (signed in before sessions had one) or with a malformed one", () => {
    expect(userId({ userId: "m1", issuedAt: seconds - 60 })).toBeNull();
    for (const bad of ["", "0123", `${sessionId}0`, sessionId.toUpperCase(), "g".repeat(32)]) {
      expect(userId({ userId: "m1", issuedAt: seconds - 60, sessionId: bad }), bad).toBeNull();
    }
  });
});
