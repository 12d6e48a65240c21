import { createCookieSessionStorage, type SessionStorage } from "@remix-run/cloudflare";
import type { AppEnv } from "../http/env.server";

export const SESSION_COOKIE_NAME = "__session";
/** Seconds a sign-in lasts. The browser is told so, and the server checks it too. */
export const SESSION_MAX_AGE = 60 * 60 * 24 * 14;

export interface SessionData {
  userId: string;
  /**
   * Unix seconds of the sign-in, with milliseconds: a copied cookie stops working after
   * SESSION_MAX_AGE, and at once when the password changes after it (ADR 7).
   */
  issuedAt: number;
  /** Random, 128 bits in hex: the id of the session's row in member_sessions (ADR 70); logout marks the row revoked, so a copy of the cookie is refused too (ADR 7). */
  sessionId: string;
}

/** A signed-in session that is one of ours and has not expired. */
export interface ActiveSession {
  userId: string;
  sessionId: string;
  issuedAt: number;
  /** Unix seconds (whole) when the session expires. */
  expiresAt: number;
}

/**
 * The signed cookie session (ADR 7; docs/security.md, "Sessions"): HttpOnly, SameSite=Lax,
 * Secure outside local development, signed with SESSION_SECRET. A cookie whose
 * signature does not verify is read as an empty session, i.e. logged out.
 */
export function createSessionStorage(env: Pick<AppEnv, "SESSION_SECRET" | "isProduction">) {
  return tolerant(
    createCookieSessionStorage<SessionData>({
      cookie: {
        name: SESSION_COOKIE_NAME,
        httpOnly: true,
        sameSite: "lax",
        secure: env.isProduction,
        path: "/",
        maxAge: SESSION_MAX_AGE,
        secrets: [env.SESSION_SECRET],
      },
    }),
  );
}

/**
 * Remix throws on a cookie whose signature is not valid base64; a mangled cookie
 * must read as "no session", never as a server error.
 */
export function tolerant<Data, Flash>(storage: SessionStorage<Data, Flash>): SessionStorage<Data, Flash> {
  return {
    ...storage,
    async getSession(cookieHeader, options) {
      try {
        return await storage.getSession(cookieHeader, options);
      } catch {
        return storage.getSession(null, options);
      }
    },
  };
}

/** A fresh random session id: 128 bits from the platform's CSPRNG, as 32 hex digits. */
export function newSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const SESSION_ID = /^[0-9a-f]{32}$/;

/**
 * A new session cookie for a member who has just signed in (never the one the browser came
 * with). `sessionId` is the id of its row in member_sessions (ADR 70): createUserSession
 * records the row first, and a cookie without one signs nobody in.
 */
export async function newSessionCookie(
  storage: ReturnType<typeof createSessionStorage>,
  userId: string,
  now = Date.now(),
  sessionId = newSessionId(),
): Promise<string> {
  const session = await storage.getSession();
  session.set("userId", userId);
  // Milliseconds kept, so a sign-in just after a password reset is never mistaken for one before it.
  session.set("issuedAt", now / 1000);
  session.set("sessionId", sessionId);
  return storage.commitSession(session);
}

/** The rule lives with the other session rules in the domain (ADR 7); re-exported for the session's callers. */
export { sessionPredatesPasswordChange } from "./session-standing";

/**
 * The session, if it is one of ours, has not expired and carries an id. Cookies from
 * before sessions had ids are refused (their owners sign in once more): they could not
 * be revoked at logout.
 */
export function activeSession(data: Partial<SessionData>, now = Date.now()): ActiveSession | null {
  const { userId, issuedAt, sessionId } = data;
  if (typeof userId !== "string" || typeof issuedAt !== "number" || typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return null;
  const age = now / 1000 - issuedAt;
  if (!(age >= 0 && age <= SESSION_MAX_AGE)) return null;
  return { userId, sessionId, issuedAt, expiresAt: Math.ceil(issuedAt + SESSION_MAX_AGE) };
}
