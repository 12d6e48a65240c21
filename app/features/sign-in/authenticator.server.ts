import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { formMessageReply } from "~/kernel/forms";
import type { Member } from "~/kernel/store/records";
import { LOGIN_UNDER_REVIEW_MESSAGE, loginSchema } from "./login";
import { signIn, signInVisitor } from "./login.server";
import { EmailCodeStrategy } from "./email-code-strategy.server";
import { SignInRefused } from "./sign-in-refused";

/**
 * The sign-in's one remix-auth Authenticator (docs/decisions/0069), made per request because the
 * verify functions need the request's `context` (the store, the secrets). Two strategies:
 * - "password": remix-auth-form's FormStrategy over the Sign In form; its verify function is
 *   signIn with every limit of docs/decisions/0025, unchanged;
 * - "email-code": EmailCodeStrategy, a code or one-tap link this browser asked for.
 * Each returns the member or throws SignInRefused; the routes turn a refusal into their answer
 * and a member into finishSignIn.
 */

/** Passwords are never sent back. */
const HIDE = { hideFields: ["password"] };

export function createAuthenticator(context: AppLoadContext): Authenticator<Member> {
  return new Authenticator<Member>()
    .use(
      new FormStrategy<Member>(async ({ form, request }) => {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") throw new SignInRefused(400, submission.reply(HIDE));
        const result = await signIn(context, submission.value, await signInVisitor(request, context));
        if (!result.ok) throw new SignInRefused(result.status, submission.reply({ formErrors: [result.message], ...HIDE }), result.retryAfter);
        return result.member;
      }),
      "password",
    )
    .use(
      new EmailCodeStrategy(context, async ({ member }) => {
        // As after a password (docs/requirements.md §2.3): the proof first, then the status.
        if (!member.active) throw new SignInRefused(403, formMessageReply(LOGIN_UNDER_REVIEW_MESSAGE));
        return member;
      }),
      "email-code",
    );
}
