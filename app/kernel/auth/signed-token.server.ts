/**
 * Signed, expiring, purpose-bound tokens for links that work without signing in
 * (the registration payment link, QR tickets): ADR 15.
 *
 * A token is three base64url parts joined by dots, with no padding, so it fits in one
 * URL path segment:
 *
 *     base64url(sub) "." exp-in-base-36 "." base64url(HMAC-SHA256)
 *
 * The MAC covers a version tag, the purpose and the first two parts, so a token made
 * for one purpose ("payment-link") is refused for another ("ticket"), and neither the
 * subject nor the expiry can be changed. The MAC is checked with crypto.subtle.verify
 * (constant time). verifyToken never throws: any string gets a result.
 *
 * The "short" variant (QR tickets) carries a 128-bit MAC (HMAC-SHA256 truncated to its
 * first 16 bytes, RFC 2104 §5's "not less than half the hash output") so the token fits
 * a smaller QR code. It signs under its own version tag, so a token of one length is
 * never accepted as the other, and it has one spelling like the full one.
 */

export type UnixSeconds = number;

export interface TokenPayload {
  /** What the token is about: a member id, a ticket id. */
  sub: string;
  /** When it stops working (Unix seconds, whole). Valid up to and including this second. */
  exp: UnixSeconds;
}

export type VerifiedToken = { ok: true; sub: string; exp: UnixSeconds } | { ok: false; reason: "malformed" | "signature" | "expired" };

const VERSION = "mma-token-v1";
const SHORT_VERSION = "mma-token-v1-short";

/** "full": 32-byte MAC (payment links); "short": 16-byte MAC (QR tickets, ~62 characters for a 24-character id). */
export type TokenMac = "full" | "short";
const MAC_LENGTH: Record<TokenMac, number> = { full: 32, short: 16 };
/** Longer than any token we make (a 24-character id gives about 85 characters). */
export const MAX_TOKEN_LENGTH = 512;
const MAX_SUB_BYTES = 256;
const PART = /^[A-Za-z0-9_-]+$/;
const EXP_PART = /^[0-9a-z]{1,11}$/;
const PURPOSE = /^[a-z0-9][a-z0-9-]{0,63}$/;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a canonical base64url string (the one toBase64Url would write), else null. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!PART.test(text) || text.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Unused trailing bits must be zero: one token, one spelling.
  return toBase64Url(bytes) === text ? bytes : null;
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

const signedData = (mac: TokenMac, purpose: string, body: string) => encoder.encode(`${mac === "short" ? SHORT_VERSION : VERSION}\n${purpose}\n${body}`);

function checkPurpose(purpose: string): void {
  if (!PURPOSE.test(purpose)) throw new Error(`Token purpose must be lowercase letters, digits and dashes: ${JSON.stringify(purpose)}`);
}

/** A token for `sub` until `exp`, for `purpose` only. Throws on a bad argument (a programming error). */
export async function signToken(secret: string, purpose: string, payload: TokenPayload, mac: TokenMac = "full"): Promise<string> {
  checkPurpose(purpose);
  if (!secret) throw new Error("A signing secret is required");
  const subBytes = encoder.encode(payload.sub);
  if (subBytes.length === 0 || subBytes.length > MAX_SUB_BYTES) throw new Error("Token subject must be 1 to 256 bytes");
  if (!Number.isSafeInteger(payload.exp) || payload.exp < 0 || payload.exp.toString(36).length > 11) throw new Error("Token expiry must be whole Unix seconds");
  const body = `${toBase64Url(subBytes)}.${payload.exp.toString(36)}`;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), signedData(mac, purpose, body)));
  return `${body}.${toBase64Url(signature.slice(0, MAC_LENGTH[mac]))}`;
}

/** Checks a token made by signToken with the same secret and purpose; never throws. */
export async function verifyToken(
  secret: string,
  purpose: string,
  token: unknown,
  nowSeconds: UnixSeconds,
  macKind: TokenMac = "full",
): Promise<VerifiedToken> {
  const malformed = { ok: false, reason: "malformed" } as const;
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || !secret || !PURPOSE.test(purpose)) return malformed;
  const parts = token.split(".");
  if (parts.length !== 3) return malformed;
  const [subPart, expPart, macPart] = parts as [string, string, string];
  if (!EXP_PART.test(expPart)) return malformed;
  const exp = Number.parseInt(expPart, 36);
  if (!Number.isSafeInteger(exp) || exp.toString(36) !== expPart) return malformed;
  const subBytes = fromBase64Url(subPart);
  const mac = fromBase64Url(macPart);
  if (!subBytes || subBytes.length === 0 || subBytes.length > MAX_SUB_BYTES || !mac || mac.length !== MAC_LENGTH[macKind]) return malformed;
  let sub: string;
  try {
    sub = new TextDecoder("utf-8", { fatal: true }).decode(subBytes);
  } catch {
    return malformed;
  }
  let valid: boolean;
  try {
    const data = signedData(macKind, purpose, `${subPart}.${expPart}`);
    if (macKind === "full") {
      valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), mac, data);
    } else {
      // A truncated MAC cannot go through crypto.subtle.verify: recompute and compare in constant time.
      const expected = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), data)).slice(0, mac.length);
      valid = constantTimeEqual(expected, mac);
    }
  } catch {
    return malformed;
  }
  if (!valid) return { ok: false, reason: "signature" };
  if (!(nowSeconds <= exp)) return { ok: false, reason: "expired" };
  return { ok: true, sub, exp };
}
