import { redirect, type AppLoadContext, type TypedResponse } from "@remix-run/cloudflare";
import { canAdmitAtDoor, canEditWebsite, type Member } from "../store/records";
import { roleHome } from "./role-home";
import { safeRedirect } from "../http/safe-redirect";
import { hasUploadAllowance, lastSeenIsStale, liveSessionMember, pendingSecondStepMember, type SessionStanding } from "./session-standing";
import type { Toast } from "../http/toast";
import { activeSession, createSessionStorage, newSessionCookie, newSessionId, SESSION_MAX_AGE } from "./session.server";
import { nowSeconds } from "../store/ids";
import type { MemberSession } from "../store/port";
import { redirectWithToast } from "../http/toast.server";

/**
 * Who is asking, and the guards every loader and action calls (docs/requirements.md
 * §2.2; docs/security.md, "Role guards that throw"). Guards throw redirects, so a route
 * reads: `const user = await requireUser(...)`.
 */

const userByContext = new WeakMap<AppLoadContext, Promise<Member | null>>();
type Standing = SessionStanding & { member: Member | null; record: MemberSession | null; sessionId: string };
const standingByContext = new WeakMap<AppLoadContext, Promise<Standing | null>>();
/** Requests whose render found a signed-in member: what they answer is personal (never cached for visitors). */
const readSignedInUser = new WeakSet<AppLoadContext>();

/** Whether serving this request read a signed-in member (the page cache and Cache-Control decide from it). */
export function renderReadSignedInUser(context: AppLoadContext): boolean {
  return readSignedInUser.has(context);
}

function sessionStorage(context: AppLoadContext) {
  return createSessionStorage(context.env);
}

/** The session's cookie and records as they are now, read once per request (the body guard and the route's guard share it). */
function sessionStanding(request: Request, context: AppLoadContext) {
  let pending = standingByContext.get(context);
  if (!pending) {
    pending = readStanding(request, context);
    standingByContext.set(context, pending);
  }
  return pending;
}

async function readStanding(request: Request, context: AppLoadContext): Promise<Standing | null> {
  // No (valid) cookie, no query: visitors cost nothing here.
  const session = activeSession((await sessionStorage(context).getSession(request.headers.get("Cookie"))).data);
  if (!session) return null;
  // Side by side, so the session's row (one read by primary key, ADR 70) adds no latency to reading the member.
  const [member, record] = await Promise.all([context.store.members.getById(session.userId), context.store.memberSessions.get(session.sessionId)]);
  const standing: Standing = { issuedAt: session.issuedAt, userId: session.userId, sessionId: session.sessionId, record, member, now: nowSeconds() };
  if (record && liveSessionMember(standing) && lastSeenIsStale(record.lastSeenAt, standing.now)) {
    // After the response, and never failing it: "last seen" is for the member's sessions page only (ADR 70).
    context.cloudflare.ctx.waitUntil(
      context.store.memberSessions
        .touch(session.sessionId, standing.now)
        .catch((error: unknown) => console.error("A session's last-seen time could not be recorded:", error)),
    );
  }
  return standing;
}

async function loadUser(request: Request, context: AppLoadContext): Promise<Member | null> {
  const standing = await sessionStanding(request, context);
  // Signed out, no row, erased, from before the last password change (a reset: ADR 7), or
  // waiting for its second step (ADR 70, ADR 71).
  return standing && liveSessionMember(standing);
}

/**
 * Whether this request's body may be as large as a studio upload (request-guard.server.ts): asked
 * before any route runs, so a signed cookie alone is not enough; the session must be live and
 * its member one who may upload (hasUploadAllowance). A store that cannot be read answers no:
 * the body is then held to the form limit, and the route would have failed anyway.
 */
export async function mayUseUploadAllowance(request: Request, context: AppLoadContext): Promise<boolean> {
  try {
    return hasUploadAllowance(await sessionStanding(request, context));
  } catch (error) {
    console.error("The upload allowance could not be checked (the session's records were not read):", error);
    return false;
  }
}

/** The signed-in member, re-read from the store on every request (once per request). */
export function getUser(request: Request, context: AppLoadContext): Promise<Member | null> {
  let pending = userByContext.get(context);
  if (!pending) {
    pending = loadUser(request, context).then((member) => {
      if (member) readSignedInUser.add(context);
      return member;
    });
    userByContext.set(context, pending);
  }
  return pending;
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`, "/");
  const search = back === "/" ? "" : `?${new URLSearchParams({ redirectTo: back })}`;
  return redirect(`/login${search}`);
}

/** An active, signed-in member (or accountant); visitors go to /login. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<Member> {
  const user = await getUser(request, context);
  if (!user || !user.active) throw loginRedirect(request);
  return user;
}

/** An accountant; visitors go to /login, other members to their own home (roleHome: an editor to the studio, a steward to the door ...). */
export async function requireAccountant(request: Request, context: AppLoadContext): Promise<Member> {
  const user = await requireUser(request, context);
  if (user.role !== "accountant") throw redirect(roleHome(user));
  return user;
}

/** A website editor or an accountant (the website studio, ADR 38); visitors go to /login, other members to their own home. */
export async function requireEditor(request: Request, context: AppLoadContext): Promise<Member> {
  const user = await requireUser(request, context);
  if (!canEditWebsite(user.role)) throw redirect(roleHome(user));
  return user;
}

/**
 * A door steward or an accountant: the door and nothing else (docs/requirements.md §5.8, ADR 65);
 * visitors go to /login, other members to their own home.
 */
export async function requireDoorSteward(request: Request, context: AppLoadContext): Promise<Member> {
  const user = await requireUser(request, context);
  if (!canAdmitAtDoor(user.role)) throw redirect(roleHome(user));
  return user;
}

/** What a new session records besides its member (ADR 70, ADR 71). */
export interface NewSessionOptions {
  /** The session signs nobody in until completeSecondStep (the two-step sign-in, ADR 71). */
  secondStepPending?: boolean;
  /** The session starts with its second step done (a fresh session replacing one that did it, e.g. after a password change). */
  secondStepDone?: boolean;
}

/** Cloudflare's two-letter country of the request (request.cf.country), or null when it gave none. */
function requestCountry(request: Request, context: AppLoadContext): string | null {
  const cf = ((request as { cf?: unknown }).cf ?? context.cloudflare.cf) as { country?: unknown } | undefined;
  return typeof cf?.country === "string" && /^[A-Z0-9]{2}$/.test(cf.country) ? cf.country : null;
}

/**
 * Signs a member in with a fresh session (never the one the browser came with), recorded in
 * member_sessions (ADR 70) with the browser's user agent and rough place for the member's
 * sessions page, and goes to `redirectTo` if it is a path on this site, else to their role's
 * home (roleHome: the dashboard, the studio, the door or My Account); with a toast if given.
 */
export async function createUserSession(
  request: Request,
  context: AppLoadContext,
  user: Pick<Member, "id" | "role">,
  redirectTo: string,
  toast?: Toast,
  /** More cookies to set with the session, e.g. the device cookie (docs/decisions/0025). */
  extraCookies: string[] = [],
  options: NewSessionOptions = {},
): Promise<TypedResponse<never>> {
  const to = safeRedirect(redirectTo, roleHome(user));
  const now = Date.now();
  const sessionId = newSessionId();
  const createdAt = now / 1000;
  await context.store.memberSessions.create({
    id: sessionId,
    memberId: user.id,
    createdAt,
    expiresAt: Math.ceil(createdAt + SESSION_MAX_AGE),
    userAgent: request.headers.get("User-Agent")?.slice(0, 400) || null,
    country: requestCountry(request, context),
    secondStepRequired: Boolean(options.secondStepPending),
    secondStepAt: options.secondStepDone && !options.secondStepPending ? Math.floor(createdAt) : null,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await newSessionCookie(sessionStorage(context), user.id, now, sessionId));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return toast ? redirectWithToast(context, to, toast, { headers }) : redirect(to, { headers });
}

/** The member whose session waits only for its second step (the /login/two-step page, ADR 71), or null. */
export async function getPendingSecondStep(request: Request, context: AppLoadContext): Promise<Member | null> {
  const standing = await sessionStanding(request, context);
  return standing && pendingSecondStepMember(standing);
}

/**
 * Records the second step as done on this session (ADR 71), so it signs its member in from
 * the next request on. Does nothing for a request without an open session.
 */
export async function completeSecondStep(request: Request, context: AppLoadContext): Promise<void> {
  const standing = await sessionStanding(request, context);
  if (standing?.record) await context.store.memberSessions.completeSecondStep(standing.sessionId, nowSeconds());
}

/** Whether this request's session did a second step (ADR 71): what the staff guards ask when staff must use one. */
export async function secondStepDone(request: Request, context: AppLoadContext): Promise<boolean> {
  const standing = await sessionStanding(request, context);
  return Boolean(standing?.record && standing.record.secondStepAt !== null && (liveSessionMember(standing) || pendingSecondStepMember(standing)));
}

/** The id of this request's live session (the sessions page marks "This device" with it), or null. */
export async function currentSessionId(request: Request, context: AppLoadContext): Promise<string | null> {
  const standing = await sessionStanding(request, context);
  return standing && liveSessionMember(standing) ? standing.sessionId : null;
}

/**
 * Ends the session: marks its row revoked (ADR 70), so a copy of the cookie is refused too
 * (ADR 7), and returns the Set-Cookie header that clears it.
 */
export async function logoutCookie(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const active = activeSession(session.data);
  if (active) {
    // Signing out must work even when D1 does not: this browser forgets the session
    // either way (a shared computer), and only the copy-refusal is lost.
    await context.store.memberSessions
      .revoke(active.sessionId, nowSeconds())
      .catch((error: unknown) => console.error(`Logout: session ${active.sessionId.slice(0, 8)}… could not be recorded as revoked:`, error));
  }
  return storage.destroySession(session);
}
