import { z } from "zod";
// Relative: the store's Cockpit adapter reaches this module, and vite.config.ts loads the store without the "~" alias.
import { emailAddress } from "../../kernel/values/email-address-schema";

/**
 * The Sign In form (docs/requirements.md §2.3): e-mail (required, an e-mail) and password
 * (required). Anything else reads 'Empty field is not allowed!' (docs/requirements.md §2.3, "either
 * field empty"), shown under the field concerned.
 *
 * Server-only: the route's action parses with it (parseWithZod), never its component, so
 * the browser never downloads zod (docs/decisions/0010, 0028). parseWithZod turns an
 * empty value into undefined before a string schema sees it: each string's own error is
 * the same message as an empty one.
 */

export const EMPTY_FIELD_MESSAGE = "Empty field is not allowed!";
export const LOGIN_INCORRECT_MESSAGE = "Username or password incorrect, please contact the association for help.";
export const LOGIN_UNDER_REVIEW_MESSAGE = "Your account is under review. Please contact us.";
export const LOGIN_SUCCESS_MESSAGE = "You are now logged in.";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please try again later.";

/** Longer than anyone types; a longer value is refused before any hashing. */
export const PASSWORD_MAX_LENGTH = 1024;

/** A missing field (or a file where text belongs) reads as empty. */
export const asText = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A required e-mail, cleaned up as sign-up stores it (app/kernel/values/email-address.ts), so
 * the look-up finds the member; every mistake reads as an empty field (docs/requirements.md §2.3).
 */
export const emailField = emailAddress({ required: EMPTY_FIELD_MESSAGE, tooLong: EMPTY_FIELD_MESSAGE, invalid: EMPTY_FIELD_MESSAGE });

export const loginSchema = z.object({
  email: emailField,
  // Never trimmed: a password is compared exactly as typed.
  password: z.preprocess(
    asText,
    z
      .string({ error: EMPTY_FIELD_MESSAGE })
      .min(1, { error: EMPTY_FIELD_MESSAGE, abort: true })
      .max(PASSWORD_MAX_LENGTH, { error: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters.` }),
  ),
});

export type LoginInput = z.output<typeof loginSchema>;
