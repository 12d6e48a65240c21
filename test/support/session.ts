import { inject } from "vitest";
import { parseEnv } from "~/kernel/http/env.server";
import { createSessionStorage, newSessionCookie, newSessionId, SESSION_MAX_AGE } from "~/kernel/auth/session.server";
import type { MemberSessionsRepository, NewMemberSession } from "~/kernel/store/port";
import { TEST_SESSION_DOOR } from "../../scripts/test-session-door";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "../../seed/demo-accounts";
import { demoMemberId } from "../../seed/demo-members";

/** The environment `wrangler dev --env development` runs with (no .dev.vars): the fixed dev secrets. */
export const devEnv = parseEnv({ DB: { prepare() {}, batch() {} }, ENVIRONMENT: "development" });

export interface TestSessionOptions {
  /** The second step of the session (ADR 71): "pending" signs nobody in until it is done; "done" is a session that did it. */
  secondStep?: "pending" | "done";
}

/** The row of a session cookie made at `issuedAt` (milliseconds), as createUserSession records it (ADR 70). */
function sessionRow(id: string, userId: string, issuedAt: number, options: TestSessionOptions): NewMemberSession {
  const createdAt = issuedAt / 1000;
  return {
    id,
    memberId: userId,
    createdAt,
    expiresAt: Math.ceil(createdAt + SESSION_MAX_AGE),
    userAgent: null,
    country: null,
    secondStepRequired: options.secondStep === "pending",
    secondStepAt: options.secondStep === "done" ? Math.floor(createdAt) : null,
  };
}

async function cookieWithId(userId: string, issuedAt: number, id: string): Promise<string> {
  return (await newSessionCookie(createSessionStorage(devEnv), userId, issuedAt, id)).split(";")[0]!;
}

/** The in-process test servers of this process (startSeededServer registers them): each has the session door. */
const servers = new Set<string>();

/** Called by startSeededServer for a server with the session door (scripts/worker-in-process.ts); returns the unregister. */
export function registerSessionServer(url: string): () => void {
  servers.add(url);
  return () => servers.delete(url);
}

function sharedServer(): string | undefined {
  try {
    return inject("baseURL");
  } catch {
    return undefined;
  }
}

/** Records a session's row on a test server through its session door. */
async function recordOn(server: string, row: NewMemberSession): Promise<void> {
  const response = await fetch(`${server.replace(/\/$/, "")}${TEST_SESSION_DOOR}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(row),
  });
  if (response.status !== 204) throw new Error(`The test server at ${server} did not record the session (${response.status}): ${await response.text()}`);
}

/**
 * A `Cookie` header value for a signed-in session, made the way the app makes them, with its
 * row in member_sessions (ADR 70) recorded on `options.server`, or, without one, on every test
 * server this process knows (the run's shared server and the in-process ones). Each call is a
 * new session with its own id: logging out with one (which revokes it) leaves the others signed in.
 */
export async function sessionCookieFor(userId: string, issuedAt = Date.now(), options: TestSessionOptions & { server?: string } = {}): Promise<string> {
  const id = newSessionId();
  const row = sessionRow(id, userId, issuedAt, options);
  const targets = options.server ? [options.server] : [...new Set([sharedServer(), ...servers].filter((url): url is string => Boolean(url)))];
  await Promise.all(targets.map((server) => recordOn(server, row)));
  return cookieWithId(userId, issuedAt, id);
}

/** The same for a store a test holds itself (the contract tests' D1): the row goes in through its repository. */
export async function sessionCookieIn(
  sessions: MemberSessionsRepository,
  userId: string,
  issuedAt = Date.now(),
  options: TestSessionOptions = {},
): Promise<string> {
  const id = newSessionId();
  await sessions.create(sessionRow(id, userId, issuedAt, options));
  return cookieWithId(userId, issuedAt, id);
}

/** A cookie signed as the app signs them but with no row (a session from before ADR 70, or one whose row is gone). */
export function sessionCookieWithoutRecord(userId: string, issuedAt = Date.now()): Promise<string> {
  return cookieWithId(userId, issuedAt, newSessionId());
}

export function demoAccount(key: DemoAccountKey) {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key)!;
  return { ...account, id: demoMemberId(key) };
}
