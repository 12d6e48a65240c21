import { parseEnv } from "~/kernel/http/env.server";
import { createSessionStorage, newSessionCookie } from "~/kernel/auth/session.server";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "../../seed/demo-accounts";
import { demoMemberId } from "../../seed/demo-members";

/** The environment `wrangler dev --env development` runs with (no .dev.vars): the fixed dev secrets. */
export const devEnv = parseEnv({ DB: { prepare() {}, batch() {} }, ENVIRONMENT: "development" });

/**
 * A `Cookie` header value for a signed-in session, made the way the app makes them. Each call
 * is a new session with its own id: logging out with one (which revokes it) leaves the others signed in.
 */
export async function sessionCookieFor(userId: string, issuedAt = Date.now()): Promise<string> {
  const setCookie = await newSessionCookie(createSessionStorage(devEnv), userId, issuedAt);
  return setCookie.split(";")[0]!;
}

export function demoAccount(key: DemoAccountKey) {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  return { ...account, id: demoMemberId(key) };
}
