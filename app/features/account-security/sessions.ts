import { z } from "zod";
import { confirmedField } from "~/kernel/forms/confirm-step";

/**
 * The member's signed-in devices on /account/security (docs/decisions/0070-sessions-as-records.md):
 * the posts, and what the page says. Pure.
 */

export const SIGN_OUT_INTENT = "sign-out";
export const SIGN_OUT_OTHERS_INTENT = "sign-out-others";

export const sessionsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(SIGN_OUT_INTENT), sessionId: z.string().regex(/^[0-9a-f]{32}$/, "That device could not be found.") }),
  z.object({ intent: z.literal(SIGN_OUT_OTHERS_INTENT), confirmed: confirmedField }),
]);

export const SIGNED_OUT_ONE = "That device is signed out.";
export const ALREADY_SIGNED_OUT = "That device was already signed out.";
export const SIGN_OUT_OTHERS_QUESTION = "Sign out every other device signed in to your account? This device stays signed in.";

export function signedOutOthers(count: number): string {
  if (count === 0) return "No other device was signed in.";
  return count === 1 ? "1 other device is signed out." : `${count} other devices are signed out.`;
}

/** One signed-in device as the page shows it (the loader formats every string). */
export interface DeviceRow {
  id: string;
  device: string;
  firstSeen: string;
  lastSeen: string;
  place: string;
}
