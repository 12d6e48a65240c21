import { z } from "zod";
import { EMPTY_FIELD_MESSAGE, asText, emailField } from "./login";

/**
 * "E-mail me a sign-in code" (docs/decisions/0069): the forms' schemas, the messages, and the
 * rule that says whether a kept code may still be tried. Server-only (zod; the routes' actions
 * parse, never their components: docs/decisions/0010, 0028).
 */

/** A code lasts 10 minutes and works once; its 5th wrong try ends it (ADR 69 has the arithmetic). */
export const SIGN_IN_CODE_LIFETIME_SECONDS = 10 * 60;
export const SIGN_IN_CODE_MAX_FAILURES = 5;
export const SIGN_IN_CODE_LENGTH = 6;

// The messages live apart, without zod, so the page can show them without downloading it.
export {
  CODE_ENDED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_OTHER_BROWSER_MESSAGE,
  CODE_SENT_MESSAGE,
  CODE_SHAPE_MESSAGE,
  CODE_USED_MESSAGE,
  CODE_WRONG_MESSAGE,
} from "./sign-in-code-messages";
import { CODE_ENDED_MESSAGE, CODE_EXPIRED_MESSAGE, CODE_SHAPE_MESSAGE, CODE_USED_MESSAGE } from "./sign-in-code-messages";

/** The "E-mail me a sign-in code" form: one e-mail, checked as the Sign In form checks it. */
export const sendCodeSchema = z.object({ email: emailField });

/** The code form: six digits; spaces typed between them (as the e-mail groups them) are forgiven. */
export const enterCodeSchema = z.object({
  code: z.preprocess(
    (value) => asText(value).replace(/\s+/g, ""),
    z
      .string({ error: EMPTY_FIELD_MESSAGE })
      .min(1, { error: EMPTY_FIELD_MESSAGE, abort: true })
      .regex(/^[0-9]{6}$/, { error: CODE_SHAPE_MESSAGE }),
  ),
});

/** A 6-digit code from the platform's CSPRNG, every value equally likely (a 32-bit draw at or above the last whole million is drawn again). */
export function generateSignInCode(random: (bytes: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer> = (b) => crypto.getRandomValues(b)): string {
  const limit = 2 ** 32 - (2 ** 32 % 10 ** SIGN_IN_CODE_LENGTH);
  for (;;) {
    for (const value of random(new Uint32Array(4))) {
      if (value < limit) return String(value % 10 ** SIGN_IN_CODE_LENGTH).padStart(SIGN_IN_CODE_LENGTH, "0");
    }
  }
}

/** What a kept code needs for the rule below. */
export interface CodeState {
  expiresAt: number;
  failures: number;
  usedAt: number | null;
}

export type CodeClosed = "used" | "ended" | "expired";

/**
 * Why a kept code can no longer be tried at `now`, or null while it is open. A used code says
 * so before anything else (a second tap on the link after signing in), then the 5 wrong tries,
 * then the time.
 */
export function codeClosed(code: CodeState, now: number): CodeClosed | null {
  if (code.usedAt !== null) return "used";
  if (code.failures >= SIGN_IN_CODE_MAX_FAILURES) return "ended";
  if (now >= code.expiresAt) return "expired";
  return null;
}

export const CODE_CLOSED_MESSAGES: Record<CodeClosed, string> = {
  used: CODE_USED_MESSAGE,
  ended: CODE_ENDED_MESSAGE,
  expired: CODE_EXPIRED_MESSAGE,
};
