import { z } from "zod";
import { EMPTY_FIELD_MESSAGE, PASSWORD_MAX_LENGTH, asText, emailField } from "./login";
// Relative, as login.ts: the store's Cockpit adapter reaches this module without the "~" alias.
import { constantTimeEqual } from "../../kernel/auth/digests";

export { constantTimeEqual };

/**
 * Forgot password and reset password (docs/requirements.md §2.5, §11.4):
 * the forms' schemas (parsed by the routes' actions with parseWithZod) and the rules of a
 * reset key. Server-only (zod).
 */

export const EMAIL_NOT_FOUND_MESSAGE = "Email not found!";
export const CHECK_EMAIL_MESSAGE = "Please check your email!";
export const LINK_INVALID_MESSAGE = "This link is invalid.";
export const PASSWORD_CHANGED_MESSAGE = "You have changed your password. Try login with new password.";
export const PASSWORDS_DIFFER_MESSAGE = "Passwords do not match.";
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

/** docs/requirements.md §2.5: the reset key is 10 alphanumeric characters. It lasts an hour (§11.4). */
export const RESET_KEY_LENGTH = 10;
export const RESET_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const RESET_KEY_LIFETIME_SECONDS = 60 * 60;

/**
 * A fresh reset key from the platform's CSPRNG. Bytes of 248 or more are drawn
 * again, so each of the 62 characters is equally likely (248 = 4 × 62).
 */
export function generateResetKey(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b)): string {
  const limit = 256 - (256 % RESET_KEY_ALPHABET.length);
  let key = "";
  while (key.length < RESET_KEY_LENGTH) {
    for (const byte of random(new Uint8Array(RESET_KEY_LENGTH * 2))) {
      if (byte < limit && key.length < RESET_KEY_LENGTH) key += RESET_KEY_ALPHABET[byte % RESET_KEY_ALPHABET.length];
    }
  }
  return key;
}

/** The shape of a key in a link: anything else is refused before the store is asked. */
export const isResetKeyShape = (key: string) => key.length === RESET_KEY_LENGTH && /^[A-Za-z0-9]+$/.test(key);

/** Whether a member's stored key opens this link now: same key, not used, not expired. */
export function resetKeyMatches(
  member: { resetKey: string | null; resetKeyExpiresAt: number | null; deleted: boolean } | null,
  key: string,
  nowSeconds: number,
): boolean {
  if (!member || member.deleted || !member.resetKey || member.resetKeyExpiresAt === null) return false;
  const same = constantTimeEqual(member.resetKey, key);
  return same && nowSeconds < member.resetKeyExpiresAt;
}

/** A key with less than this left is not sent again: a fresh one replaces it, so every link e-mailed has time to be used. */
export const RESET_KEY_RESEND_MIN_SECONDS = 15 * 60;

export interface ResetKeyToSend {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  /** A new key, to be stored (false: the member's own key, sent again). */
  fresh: boolean;
}

/**
 * Which key a forgot-password request e-mails (docs/requirements.md §2.5): the member's key while it
 * is unused and has at least RESET_KEY_RESEND_MIN_SECONDS left, so asking again never
 * breaks a link already sent (whoever asked); else a fresh key, valid for an hour.
 */
export function resetKeyToSend(
  member: { resetKey: string | null; resetKeyExpiresAt: number | null },
  nowSeconds: number,
  freshKey: () => string = generateResetKey,
): ResetKeyToSend {
  const { resetKey, resetKeyExpiresAt } = member;
  if (resetKey && isResetKeyShape(resetKey) && resetKeyExpiresAt !== null && resetKeyExpiresAt - nowSeconds >= RESET_KEY_RESEND_MIN_SECONDS) {
    return { fresh: false, key: resetKey, expiresAt: resetKeyExpiresAt };
  }
  return { fresh: true, key: freshKey(), expiresAt: Math.floor(nowSeconds) + RESET_KEY_LIFETIME_SECONDS };
}

export const forgotPasswordSchema = z.object({ email: emailField });

const newPassword = z.preprocess(
  asText,
  z
    .string({ error: EMPTY_FIELD_MESSAGE })
    .min(1, { error: EMPTY_FIELD_MESSAGE, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters.` }),
);

/** Both passwords; whether they match is asked only once each is valid on its own. */
export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.preprocess(asText, z.string({ error: EMPTY_FIELD_MESSAGE }).min(1, { error: EMPTY_FIELD_MESSAGE })),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], error: PASSWORDS_DIFFER_MESSAGE });
