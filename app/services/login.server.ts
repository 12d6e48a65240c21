import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  LOGIN_INCORRECT_MESSAGE,
  LOGIN_UNDER_REVIEW_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  parseLoginForm,
  type LoginErrors,
} from "../domain/login";
import type { Member } from "../domain/records";
import { checkPassword } from "./password.server";
import { clientKey, createRateLimiter } from "./rate-limit.server";
import { SIGN_IN_FAILURE_RULES } from "../domain/rate-limits";
import { deviceCookieAfterSignIn, knowsMember, readDeviceNote, type DeviceNote } from "./device-cookie.server";

export { SIGN_IN_FAILURE_RULES };

export type LoginResult =
  | { ok: true; member: Member; /** Set-Cookie: the device cookie naming this member (docs/decisions/0025). */ deviceCookie: string }
  | { ok: false; status: 400 | 401 | 403 | 429; email: string; errors: LoginErrors; formError: string | null; retryAfter?: number };

/**
 * remix-auth's FormStrategy reads the form and calls this; it answers with the member
 * or with why not. remix-auth 4 keeps no session: the route stores one with
 * createUserSession (a new cookie each time).
 */
async function verifyLogin(form: FormData, request: Request, context: AppLoadContext): Promise<LoginResult> {
  const parsed = parseLoginForm(form);
  if (!parsed.ok) return { ok: false, status: 400, email: parsed.email, errors: parsed.errors, formError: null };
  const { email, password } = parsed.data;
  const refused = (status: 401 | 403, formError: string): LoginResult => ({ ok: false, status, email, errors: {}, formError });

  // The member is looked up first: whether this browser is known depends on who it is.
  const found = await context.store.members.findByEmail(email);
  const member = found && !found.deleted ? found : null;
  const note = await readDeviceNote(request, context);
  const attempt = await createRateLimiter(context.env.DB).attempt(failureCounters(request, email, member, note));
  if (!attempt.allowed) {
    return { ok: false, status: 429, email, errors: {}, formError: TOO_MANY_ATTEMPTS_MESSAGE, retryAfter: attempt.retryAfter };
  }

  // A wrong password (or no such member) stays counted as a failure; a right one is forgiven.
  if (!member) return refused(401, LOGIN_INCORRECT_MESSAGE);
  const check = await checkPassword(password, member.passwordHash, context.env.LEGACY_PASSWORD_KEY);
  if (!check.ok) return refused(401, LOGIN_INCORRECT_MESSAGE);
  await attempt.forgive();
  // A legacy keyed hash is accepted this once and replaced by our own (ARCHITECTURE.md point 4).
  if (check.rehash) await context.store.members.update(member.id, { passwordHash: check.rehash });
  // The spec's order: the credentials first, then the status, so the message reveals nothing to a guesser.
  if (!member.active) return refused(403, LOGIN_UNDER_REVIEW_MESSAGE);
  return { ok: true, member, deviceCookie: await deviceCookieAfterSignIn(context, note, member.id) };
}

/**
 * The counters this attempt answers to (app/domain/rate-limits.ts): a browser that signed
 * in to this account before, its own failures only; any other, the e-mail at this address,
 * the address, and the e-mail from unknown browsers.
 */
function failureCounters(request: Request, email: string, member: Member | null, note: DeviceNote | null) {
  if (member && knowsMember(note, member.id)) return [{ rule: SIGN_IN_FAILURE_RULES.device, subject: `${note.deviceId}:${member.id}` }];
  const address = clientKey(request);
  return [
    { rule: SIGN_IN_FAILURE_RULES.pair, subject: address ? `${email}|${address}` : "" },
    { rule: SIGN_IN_FAILURE_RULES.address, subject: address },
    { rule: SIGN_IN_FAILURE_RULES.email, subject: email },
  ];
}

/** The Sign In form's post, through remix-auth's Authenticator and FormStrategy. */
export function authenticateLogin(request: Request, context: AppLoadContext): Promise<LoginResult> {
  const authenticator = new Authenticator<LoginResult>().use(
    new FormStrategy<LoginResult>(({ form, request: req }) => verifyLogin(form, req, context)),
    "form",
  );
  return authenticator.authenticate("form", request);
}
