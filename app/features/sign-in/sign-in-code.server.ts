import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import type { Member } from "~/kernel/store/records";
import { createEmailService } from "~/kernel/email/email.server";
import { newSessionId } from "~/kernel/auth/session.server";
import { knowsMember } from "~/kernel/auth/device-cookie.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { SIGN_IN_CODE_RATE_RULES, type RateCheck } from "~/kernel/http/rate-limits";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { sha256Hex } from "~/kernel/auth/digests";
import { SignInCodeEmail, SIGN_IN_CODE_SUBJECT } from "./emails/SignInCodeEmail";
import { SIGN_IN_CODE_LIFETIME_SECONDS, generateSignInCode } from "./sign-in-code";
import type { SignInVisitor } from "./login.server";

export { SIGN_IN_CODE_RATE_RULES };

/**
 * Asking for an e-mailed sign-in code (docs/decisions/0069). The code and its one-tap link are
 * bound to the browser that asked: a random value goes into that browser's cookie, and only
 * its hash is kept with the code, so the e-mail alone (a forwarded message, "Download my data",
 * a mail scanner opening the link) signs nobody in. Only hashes are kept: of the code (keyed with
 * the site's secret), of the link's token and of the browser's value.
 */

export const SIGN_IN_CODE_COOKIE_NAME = "__sign_in_code";

/** What the browser that asked holds: the code's id, its own random value, and where to go after. */
export interface PendingCode {
  id: string;
  browser: string;
  redirectTo: string;
}

function pendingCodeCookie(context: AppLoadContext) {
  return createCookie(SIGN_IN_CODE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: context.env.isProduction,
    // The code form and the link both live under /login.
    path: "/login",
    maxAge: SIGN_IN_CODE_LIFETIME_SECONDS,
    secrets: [context.env.SESSION_SECRET],
  });
}

const HEX_128 = /^[0-9a-f]{32}$/;

/** The browser's pending code when it carries a valid cookie, else null (never throws on a mangled cookie). */
export async function readPendingCode(request: Request, context: AppLoadContext): Promise<PendingCode | null> {
  let value: unknown;
  try {
    value = await pendingCodeCookie(context).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { i, b, r } = value as { i?: unknown; b?: unknown; r?: unknown };
  if (typeof i !== "string" || !HEX_128.test(i) || typeof b !== "string" || !HEX_128.test(b)) return null;
  return { id: i, browser: b, redirectTo: typeof r === "string" ? r : "" };
}

/** The Set-Cookie header that forgets the pending code (after it signed the browser in). */
export function clearPendingCodeCookie(context: AppLoadContext): Promise<string> {
  return pendingCodeCookie(context).serialize("", { maxAge: 0 });
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The kept form of a code: HMAC-SHA256 keyed with the site's secret over the code's id and the code, so a copy of the table is no list of codes. */
export async function codeHash(context: AppLoadContext, id: string, code: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(context.env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`sign-in-code:${id}:${code}`)));
}

/** The one-tap link in the e-mail: absolute, on the origin the request came to. */
export function signInCodeLink(siteUrl: string, id: string, token: string): string {
  return new URL(`/login/code/${id}/${token}`, siteUrl).toString();
}

/**
 * The counters a request for a code answers to (app/kernel/http/rate-limits.ts): a browser
 * that signed in to this member's account before, its own; any other, the address and the
 * e-mail (counted whether or not it is a member's, so the answer tells nothing). Pure.
 */
export function codeRequestChecks(address: string, email: string, member: Member | null, visitor: SignInVisitor): RateCheck[] {
  if (member && knowsMember(visitor.note, member.id)) return [{ rule: SIGN_IN_CODE_RATE_RULES.perDevice, subject: `${visitor.note.deviceId}:${member.id}` }];
  return [
    { rule: SIGN_IN_CODE_RATE_RULES.perIp, subject: address },
    { rule: SIGN_IN_CODE_RATE_RULES.perEmail, subject: email },
  ];
}

export type CodeRequestResult = { ok: true; cookie: string } | { ok: false; retryAfter: number };

/**
 * Makes a code for this browser and e-mails it with its link when the address is a member's.
 * The answer is the same either way (a cookie for the code form): only a member's address
 * gets an e-mail, and a code nobody was sent can never be right. Over a limit: when to try again.
 */
export async function requestSignInCode(
  context: AppLoadContext,
  email: string,
  visitor: SignInVisitor,
  siteUrl: string,
  redirectTo: string,
): Promise<CodeRequestResult> {
  const found = await context.store.members.findByEmail(email);
  const member = found && !found.deleted ? found : null;
  const limit = await createRateLimiter(context.store.rateLimits).hit(codeRequestChecks(visitor.address, email, member, visitor));
  if (!limit.allowed) return { ok: false, retryAfter: limit.retryAfter };

  const id = newSessionId();
  const browser = newSessionId();
  const token = newSessionId();
  const code = generateSignInCode();
  const now = Math.floor(Date.now() / 1000);
  await context.store.signInCodes.create(
    {
      id,
      memberId: member?.id ?? null,
      browserHash: await sha256Hex(browser),
      codeHash: await codeHash(context, id, code),
      linkHash: await sha256Hex(token),
      createdAt: now,
      expiresAt: now + SIGN_IN_CODE_LIFETIME_SECONDS,
    },
    now,
  );
  if (member) {
    try {
      await createEmailService(context).send({
        to: [member.email],
        subject: SIGN_IN_CODE_SUBJECT,
        react: createElement(SignInCodeEmail, { fullName: member.fullName, code, link: signInCodeLink(siteUrl, id, token) }),
        purpose: "sign-in-code",
        memberId: member.id,
      });
    } catch (error) {
      // Rendering or recording failed (a provider failure is handled inside send); the page answers the same.
      console.error("The sign-in code e-mail could not be prepared:", error);
    }
  }
  const cookie = await pendingCodeCookie(context).serialize({ i: id, b: browser, r: safeRedirect(redirectTo, "") });
  return { ok: true, cookie };
}
