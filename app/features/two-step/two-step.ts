import { z } from "zod";
import { confirmedField } from "~/kernel/forms/confirm-step";
import { TWO_STEP_SET_UP_PATH, isStaff, mustSetUpFirst } from "~/kernel/auth/staff-two-step";

export { isStaff, mustSetUpFirst };

/**
 * Two-step verification (docs/requirements.md §2.10, docs/decisions/0071): after the password
 * (or an e-mailed code), a code from an authenticator app or one of ten recovery codes. Any
 * member may turn it on; staff (accountants and editors) must when the setting "Staff must use
 * two-step verification" is on. Pure: messages, schemas and the rules the server applies.
 *
 * Server-only schemas: the actions parse with them, never a component (docs/decisions/0028).
 */

export const TWO_STEP_PATH = TWO_STEP_SET_UP_PATH;
export const SECOND_STEP_PATH = "/login/two-step";
export const STAFF_TWO_STEP_PATH = "/accounts/security";

export const TWO_STEP_MESSAGES = {
  codeMissing: "Enter the 6-digit code from your app.",
  secondStepCodeMissing: "Enter the 6-digit code from your app, or a recovery code.",
  codeWrong: "That code is not right. Codes change every 30 seconds: enter the one your app shows now.",
  secondStepWrong: "That code is not right, or was already used. Enter the code your app shows now, or an unused recovery code.",
  tooMany: "Too many wrong codes. Please wait a while and try again.",
  setupExpired: "Please start the set-up again.",
  alreadyOn: "Two-step verification is already on.",
  notOn: "Two-step verification is not on.",
  turnedOn: "Two-step verification is on. Keep your recovery codes somewhere safe.",
  turnedOff: "Two-step verification is off.",
  newCodes: "Here are your new recovery codes. The old ones no longer work.",
  othersSignedOut: (count: number) =>
    count === 1 ? "Your other signed-in device has been signed out." : `Your ${count} other signed-in devices have been signed out.`,
  signedIn: "You are now logged in.",
  staffMust: "Staff must use two-step verification. Please set it up to continue.",
  reasonMissing: "Please write the reason (it is kept in the activity log).",
  reasonTooLong: "Must be at most 500 characters.",
  notYourOwn: "You cannot reset your own two-step verification. Use a recovery code, or ask another accountant.",
  resetDone: (name: string) => `${name}'s two-step verification was reset. They can sign in with their password and set it up again.`,
  resetNone: (name: string) => `${name} has no two-step verification to reset.`,
  settingOn: "Staff must now use two-step verification.",
  settingOff: "Staff no longer have to use two-step verification.",
} as const;

export const RESET_REASON_MAX = 500;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A code as typed: the app's six digits or a recovery code; its shape is checked by the service, so a wrong one counts as a failure. */
const codeField = (missing: string) =>
  z.preprocess(text, z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).max(64, { error: missing }));

/** Set-up's first code, turning off, new recovery codes: the app's code (or, to turn off, a recovery code). */
export const codeSchema = z.object({ code: codeField(TWO_STEP_MESSAGES.codeMissing) });

/** /login/two-step: the app's code or a recovery code, and where to go after. */
export const secondStepSchema = z.object({
  code: codeField(TWO_STEP_MESSAGES.secondStepCodeMissing),
  redirectTo: z.string().catch(""),
});

/** An accountant resets a colleague's two-step: a reason, then "Yes" on the confirmation. */
export const resetSchema = z.object({
  reason: z.preprocess(
    text,
    z
      .string({ error: TWO_STEP_MESSAGES.reasonMissing })
      .trim()
      .min(1, { error: TWO_STEP_MESSAGES.reasonMissing, abort: true })
      .max(RESET_REASON_MAX, { error: TWO_STEP_MESSAGES.reasonTooLong }),
  ),
  confirmed: confirmedField,
});

/** The accountants' setting. */
export const staffSettingSchema = z.object({ staffTwoStep: z.enum(["on", "off"]) });

/** Why an accountant may not reset this member's two-step, or null: nobody resets their own. */
export function resetRefusal(actorId: string, memberId: string): string | null {
  return actorId === memberId ? TWO_STEP_MESSAGES.notYourOwn : null;
}
