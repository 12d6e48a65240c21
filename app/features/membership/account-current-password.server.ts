import type { AppLoadContext } from "@remix-run/cloudflare";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/features/sign-in";
import { WRONG_CURRENT_PASSWORD_MESSAGE } from "./own-account";
import { SIGN_IN_FAILURE_RULES } from "~/kernel/http/rate-limits";
import type { Member } from "~/kernel/store/records";
import { checkPassword } from "~/kernel/auth/password.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";

export type CurrentPasswordCheck = { ok: true } | { ok: false; status: 400 | 429; message: string; retryAfter?: number };

/**
 * The member's current password, asked before their password or e-mail changes: checked
 * like a sign-in (the same hashes, legacy ones too) and under the sign-in's growing delay
 * for failures, on a counter of its own per account, so a session left open on a shared
 * computer cannot be used to guess the password faster than the sign-in page allows.
 */
export async function checkCurrentPassword(context: AppLoadContext, member: Member, password: string): Promise<CurrentPasswordCheck> {
  const attempt = await createRateLimiter(context.store.rateLimits).attempt([{ rule: SIGN_IN_FAILURE_RULES.device, subject: `own-account:${member.id}` }]);
  if (!attempt.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS_MESSAGE, retryAfter: attempt.retryAfter };
  const check = await checkPassword(password, member.passwordHash, context.env.LEGACY_PASSWORD_KEY);
  if (!check.ok) return { ok: false, status: 400, message: WRONG_CURRENT_PASSWORD_MESSAGE };
  await attempt.forgive();
  return { ok: true };
}
