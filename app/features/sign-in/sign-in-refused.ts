import type { FormReply } from "~/kernel/forms";

/**
 * A sign-in strategy's refusal (docs/decisions/0069): remix-auth's contract is that verify returns
 * the member or throws. The route turns this into its answer: `reply` (the form's messages, the
 * values kept, never a password) with `status`, and `Retry-After` when `retryAfter` is set (429).
 */
export class SignInRefused extends Error {
  override name = "SignInRefused";
  constructor(
    readonly status: 400 | 401 | 403 | 410 | 429,
    readonly reply: FormReply,
    readonly retryAfter?: number,
  ) {
    super(`Sign-in refused (${status})`);
  }
}

export const isSignInRefused = (error: unknown): error is SignInRefused => error instanceof SignInRefused;
