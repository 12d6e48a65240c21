import { createCookieSessionStorage, type SessionStorage } from "@remix-run/cloudflare";
import type { AppEnv } from "./env.server";

export const SESSION_COOKIE_NAME = "__session";
const SESSION_MAX_AGE = 60 * 60 * 24 * 14;

export interface SessionData {
  userId: string;
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
