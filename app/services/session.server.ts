import { createCookieSessionStorage, type SessionStorage } from "@remix-run/cloudflare";
import type { AppEnv } from "./env.server";

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
}

/**
 * The signed cookie session (ARCHITECTURE.md point 8): HttpOnly, SameSite=Lax,
 * Secure outside local development, signed with SESSION_SECRET. A cookie whose
 * signature does not verify is read as an empty session, i.e. logged out.
 */
export function createSessionStorage(env: Pick<AppEnv, "SESSION_SECRET" | "isProduction">) {
  return tolerant(createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
      maxAge: SESSION_MAX_AGE,
      secrets: [env.SESSION_SECRET],
    },
  }));
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

/** A new session for a member who has just signed in (never the one the browser came with). */
export async function newSessionCookie(storage: ReturnType<typeof createSessionStorage>, userId: string, now = Date.now()): Promise<string> {
  const session = await storage.getSession();
  session.set("userId", userId);
  // Milliseconds kept, so a sign-in just after a password reset is never mistaken for one before it.
  session.set("issuedAt", now / 1000);
  return storage.commitSession(session);
}

/** The sign-in time of a session, when it has one. */
export function sessionIssuedAt(data: Partial<SessionData>): number | null {
  return typeof data.issuedAt === "number" ? data.issuedAt : null;
}

/**
 * Whether a session signed in at `issuedAt` survives the member's last password
 * change: every session from before a reset is refused (ADR 7).
 */
export function sessionPredatesPasswordChange(issuedAt: number, passwordChangedAt: number | null | undefined): boolean {
  return typeof passwordChangedAt === "number" && issuedAt < passwordChangedAt;
}

/** The signed-in member's id, if the session is one of ours and has not expired. */
export function sessionUserId(data: Partial<SessionData>, now = Date.now()): string | null {
  const { userId, issuedAt } = data;
  if (typeof userId !== "string" || typeof issuedAt !== "number") return null;
  const age = now / 1000 - issuedAt;
  return age >= 0 && age <= SESSION_MAX_AGE ? userId : null;
}
