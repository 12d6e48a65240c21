import type { AppLoadContext } from "@remix-run/cloudflare";
import { LOGIN_INCORRECT_MESSAGE, LOGIN_UNDER_REVIEW_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE, type LoginInput } from "./login";
import type { Member } from "~/kernel/store/records";
import { checkPassword } from "~/kernel/auth/password.server";
import { clientKey, createRateLimiter } from "~/kernel/http/rate-limit.server";
import { SIGN_IN_FAILURE_RULES } from "~/kernel/http/rate-limits";
import { knowsMember, readDeviceNote, type DeviceNote } from "~/kernel/auth/device-cookie.server";

export { SIGN_IN_FAILURE_RULES };

export type LoginResult = { ok: true; member: Member } | { ok: false; status: 401 | 403 | 429; message: string; retryAfter?: number };

/** Who is signing in, as the request tells: the client's address and this browser's device note. */
export interface SignInVisitor {
  address: string;
  note: DeviceNote | null;
}

/** The request's side of a sign-in, read in the route. */
export async function signInVisitor(request: Request, context: AppLoadContext): Promise<SignInVisitor> {
  return { address: clientKey(request), note: await readDeviceNote(request, context) };
}

/**
 * Checks a parsed Sign In form: the member, or why not (status and the form's message).
 * The "password" strategy's verify function calls it (authenticator.server.ts, docs/decisions/0069);
 * no session is kept here: finishSignIn stores one, with the device cookie (docs/decisions/0025).
 */
export async function signIn(context: AppLoadContext, { email, password }: LoginInput, { address, note }: SignInVisitor): Promise<LoginResult> {
  const refused = (status: 401 | 403, message: string): LoginResult => ({ ok: false, status, message });

  // The member is looked up first: whether this browser is known depends on who it is.
  const found = await context.store.members.findByEmail(email);
  const member = found && !found.deleted ? found : null;
  const attempt = await createRateLimiter(context.store.rateLimits).attempt(failureCounters(address, email, member, note));
  if (!attempt.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS_MESSAGE, retryAfter: attempt.retryAfter };

  // A wrong password (or no such member) stays counted as a failure; a right one is forgiven.
  if (!member) return refused(401, LOGIN_INCORRECT_MESSAGE);
  const check = await checkPassword(password, member.passwordHash, context.env.LEGACY_PASSWORD_KEY);
  if (!check.ok) return refused(401, LOGIN_INCORRECT_MESSAGE);
  await attempt.forgive();
  // A legacy keyed hash is accepted this once and replaced by our own (docs/requirements.md §11.5).
  if (check.rehash) await context.store.members.update(member.id, { passwordHash: check.rehash });
  // The order of docs/requirements.md §2.3: the credentials first, then the status, so the message reveals nothing to a guesser.
  if (!member.active) return refused(403, LOGIN_UNDER_REVIEW_MESSAGE);
  return { ok: true, member };
}

/**
 * The counters this attempt answers to (app/kernel/http/rate-limits.ts): a browser that signed
 * in to this account before, its own failures only; any other, the e-mail at this address,
 * the address, and the e-mail from unknown browsers. Pure; exported for the unit tests.
 */
export function failureCounters(address: string, email: string, member: Member | null, note: DeviceNote | null) {
  if (member && knowsMember(note, member.id)) return [{ rule: SIGN_IN_FAILURE_RULES.device, subject: `${note.deviceId}:${member.id}` }];
  return [
    { rule: SIGN_IN_FAILURE_RULES.pair, subject: address ? `${email}|${address}` : "" },
    { rule: SIGN_IN_FAILURE_RULES.address, subject: address },
    { rule: SIGN_IN_FAILURE_RULES.email, subject: email },
  ];
}
