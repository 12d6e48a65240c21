import { redirect, type AppLoadContext, type TypedResponse } from "@remix-run/cloudflare";
import { canAdmitAtDoor, canEditWebsite, type Member } from "../store/records";
import { roleHome } from "./role-home";
import { safeRedirect } from "../http/safe-redirect";
import { hasUploadAllowance, liveSessionMember, type SessionStanding } from "./session-standing";
import type { Toast } from "../http/toast";
import { createSessionRevocations } from "./session-revocation.server";
import { activeSession, createSessionStorage, newSessionCookie } from "./session.server";
import { redirectWithToast } from "../http/toast.server";

/**
 * Who is asking, and the guards every loader and action calls (docs/requirements.md
 * §2.2; docs/security.md, "Role guards that throw"). Guards throw redirects, so a route
 * reads: `const user = await requireUser(...)`.
 */

const userByContext = new WeakMap<AppLoadContext, Promise<Member | null>>();
const standingByContext = new WeakMap<AppLoadContext, Promise<(SessionStanding & { member: Member | null }) | null>>();
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

async function readStanding(request: Request, context: AppLoadContext) {
  // No (valid) cookie, no query: visitors cost nothing here.
  const session = activeSession((await sessionStorage(context).getSession(request.headers.get("Cookie"))).data);
  if (!session) return null;
  // Side by side, so the logout check adds no latency to reading the member.
  const [member, revoked] = await Promise.all([
    context.store.members.getById(session.userId),
    createSessionRevocations(context.store.sessionRevocations).isRevoked(session.sessionId),
  ]);
  return { issuedAt: session.issuedAt, revoked, member };
}

async function loadUser(request: Request, context: AppLoadContext): Promise<Member | null> {
  const standing = await sessionStanding(request, context);
  // Signed out, erased, or from before the last password change (a reset): ADR 7.
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

/**
 * Signs a member in with a fresh session (never the one the browser came with) and
 * goes to `redirectTo` if it is a path on this site, else to their role's home (roleHome:
 * the dashboard, the studio, the door or My Account); with a toast if given.
 */
export async function createUserSession(
  context: AppLoadContext,
  user: Pick<Member, "id" | "role">,
  redirectTo: string,
  toast?: Toast,
  /** More cookies to set with the session, e.g. the device cookie (docs/decisions/0025). */
  extraCookies: string[] = [],
): Promise<TypedResponse<never>> {
  const to = safeRedirect(redirectTo, roleHome(user));
  const headers = new Headers();
  headers.append("Set-Cookie", await newSessionCookie(sessionStorage(context), user.id));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return toast ? redirectWithToast(context, to, toast, { headers }) : redirect(to, { headers });
}

/**
 * Ends the session: records its id as revoked until it would expire anyway, so a copy of
 * the cookie is refused too (ADR 7), and returns the Set-Cookie header that clears it.
 */
export async function logoutCookie(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const active = activeSession(session.data);
  if (active) {
    // Signing out must work even when D1 does not: this browser forgets the session
    // either way (a shared computer), and only the copy-refusal is lost.
    await createSessionRevocations(context.store.sessionRevocations)
      .revoke(active.sessionId, active.expiresAt)
      .catch((error: unknown) => console.error(`Logout: session ${active.sessionId.slice(0, 8)}… could not be recorded as revoked:`, error));
  }
  return storage.destroySession(session);
}
