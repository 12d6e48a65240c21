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
import { LOGIN_RATE_RULES } from "../domain/rate-limits";

export { LOGIN_RATE_RULES };


export type LoginResult =
  | { ok: true; member: Member }
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

  const limit = await createRateLimiter(context.env.DB).hit([
    { rule: LOGIN_RATE_RULES.perIp, subject: clientKey(request) },
    { rule: LOGIN_RATE_RULES.perEmail, subject: email },
  ]);
  if (!limit.allowed) {
    return { ok: false, status: 429, email, errors: {}, formError: TOO_MANY_ATTEMPTS_MESSAGE, retryAfter: limit.retryAfter };
  }

  const member = await context.store.members.findByEmail(email);
  if (!member || member.deleted) return refused(401, LOGIN_INCORRECT_MESSAGE);
  const check = await checkPassword(password, member.passwordHash, context.env.LEGACY_PASSWORD_KEY);
  if (!check.ok) return refused(401, LOGIN_INCORRECT_MESSAGE);
  // A legacy keyed hash is accepted this once and replaced by our own (ARCHITECTURE.md point 4).
  if (check.rehash) await context.store.members.update(member.id, { passwordHash: check.rehash });
  // The spec's order: the credentials first, then the status, so the message reveals nothing to a guesser.
  if (!member.active) return refused(403, LOGIN_UNDER_REVIEW_MESSAGE);
  return { ok: true, member };
}

/** The Sign In form's post, through remix-auth's Authenticator and FormStrategy. */
export function authenticateLogin(request: Request, context: AppLoadContext): Promise<LoginResult> {
  const authenticator = new Authenticator<LoginResult>().use(
    new FormStrategy<LoginResult>(({ form, request: req }) => verifyLogin(form, req, context)),
    "form",
  );
  return authenticator.authenticate("form", request);
}
