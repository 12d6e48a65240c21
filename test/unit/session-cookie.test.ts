import { describe, expect, it } from "vitest";
import { SESSION_MAX_AGE, createSessionStorage, sessionUserId } from "~/services/session.server";

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

describe("sessionUserId", () => {
  const now = Date.UTC(2026, 10, 21);
  const seconds = now / 1000;
  it("accepts a session signed in within the last 14 days", () => {
    expect(sessionUserId({ userId: "m1", issuedAt: seconds - 60 }, now)).toBe("m1");
    expect(sessionUserId({ userId: "m1", issuedAt: seconds - SESSION_MAX_AGE }, now)).toBe("m1");
  });
  it("refuses expired, future-dated and incomplete sessions", () => {
    expect(sessionUserId({ userId: "m1", issuedAt: seconds - SESSION_MAX_AGE - 1 }, now)).toBeNull();
    expect(sessionUserId({ userId: "m1", issuedAt: seconds + 3600 }, now)).toBeNull();
    expect(sessionUserId({ userId: "m1" }, now)).toBeNull();
    expect(sessionUserId({ issuedAt: seconds }, now)).toBeNull();
  });
});
