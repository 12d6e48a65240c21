import { createCookie } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newSessionId } from "./session.server";

/**
 * The device cookie (OWASP, "Slow down online guessing attacks with device cookies";
 * docs/decisions/0025): a signed note, set on every successful sign-in, that this
 * browser has signed in to these accounts before. It signs nobody in; it only says which
 * sign-in limits a request answers to: a known browser is limited by its own failures
 * only, so no one failing on a member's behalf elsewhere can slow that member down.
 *
 * HttpOnly, SameSite=Lax, Secure outside local development, signed with SESSION_SECRET
 * (a forged or altered cookie reads as none), and long-lived.
 */

export const DEVICE_COOKIE_NAME = "__device";
export const DEVICE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** A shared family computer: the few accounts signed in to most recently. */
export const DEVICE_COOKIE_MAX_MEMBERS = 5;

export interface DeviceNote {
  /** This browser's own random id (128 bits): its failures are counted under it. */
  deviceId: string;
  /** Members who signed in from this browser, most recent first. */
  memberIds: string[];
}

function deviceCookie(context: AppLoadContext) {
  return createCookie(DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: context.env.isProduction,
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE,
    secrets: [context.env.SESSION_SECRET],
  });
}

const DEVICE_ID = /^[0-9a-f]{32}$/;

/** The browser's note when it carries a valid one, else null (never throws on a mangled cookie). */
export async function readDeviceNote(request: Request, context: AppLoadContext): Promise<DeviceNote | null> {
  let value: unknown;
  try {
    value = await deviceCookie(context).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { d, m } = value as { d?: unknown; m?: unknown };
  if (typeof d !== "string" || !DEVICE_ID.test(d) || !Array.isArray(m)) return null;
  const memberIds = m.filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= 64).slice(0, DEVICE_COOKIE_MAX_MEMBERS);
  return { deviceId: d, memberIds };
}

/** Whether this browser has signed in to this member's account before. */
export const knowsMember = (note: DeviceNote | null, memberId: string | undefined): note is DeviceNote =>
  note !== null && memberId !== undefined && note.memberIds.includes(memberId);

/** The Set-Cookie header after a successful sign-in: the same browser id (or a new one), this member first. */
export function deviceCookieAfterSignIn(context: AppLoadContext, note: DeviceNote | null, memberId: string): Promise<string> {
  const memberIds = [memberId, ...(note?.memberIds ?? []).filter((id) => id !== memberId)].slice(0, DEVICE_COOKIE_MAX_MEMBERS);
  return deviceCookie(context).serialize({ d: note?.deviceId ?? newSessionId(), m: memberIds });
}
