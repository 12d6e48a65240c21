import { constantTimeEqual } from "~/kernel/auth/digests";

/**
 * Time-based one-time passwords (RFC 6238, over HOTP: RFC 4226) as authenticator apps make
 * them: HMAC-SHA1, 6 digits, a step of 30 seconds (docs/decisions/0071). WebCrypto only, so
 * the same code runs in the Worker and in the tests. Pure but for the clock, which the
 * caller passes.
 */

/** The length of one step: a code is the app's for 30 seconds. */
export const TOTP_STEP_SECONDS = 30;
/** Digits in a code. */
export const TOTP_DIGITS = 6;
/** A phone's clock a little off: the code of the step before and after is accepted too. */
export const TOTP_DRIFT_STEPS = 1;
/** Bytes of a new secret: 160 bits, RFC 4226's recommendation for HMAC-SHA1. */
export const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as a person may type it: any case, with spaces, dashes or padding; null when it is not base32. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return new Uint8Array(out);
}

/** The secret in groups of four, as the set-up page shows it for typing into an app by hand. */
export function groupedSecret(base32: string): string {
  return base32.replace(/(.{4})(?=.)/g, "$1 ");
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** The step a moment (Unix seconds) falls in. */
export function totpStep(nowSeconds: number): number {
  return Math.floor(nowSeconds / TOTP_STEP_SECONDS);
}

/** HOTP (RFC 4226 §5.3): the code of one counter value, with its leading zeros. */
export async function hotp(
  secret: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = TOTP_DIGITS,
  hash: "SHA-1" | "SHA-256" | "SHA-512" = "SHA-1",
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash }, false, ["sign"]);
  const message = new DataView(new ArrayBuffer(8));
  // A counter is far below 2^53; its high 32 bits and low 32 bits, big-endian.
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The app's code at a moment (Unix seconds). */
export async function totpAt(secretBase32: string, nowSeconds: number): Promise<string> {
  const secret = base32Decode(secretBase32);
  if (!secret) throw new Error("The two-step secret is not base32");
  return hotp(secret, totpStep(nowSeconds));
}

/** A code as typed: the digits only ("123 456" and "123-456" are "123456"). */
export function normaliseTotpCode(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/**
 * Which step a typed code belongs to: now's, or one step either side (a phone's clock a
 * little off), and only a step after `lastUsedStep`, so a code once used (or any older one)
 * is refused: the replay of a code within its 30 seconds (RFC 6238 §5.2). Null when it
 * matches none. The caller records the step returned as the last used, atomically.
 */
export async function matchTotp(secretBase32: string, typed: string, nowSeconds: number, lastUsedStep: number | null): Promise<number | null> {
  const code = normaliseTotpCode(typed);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const secret = base32Decode(secretBase32);
  if (!secret || secret.length === 0) return null;
  const now = totpStep(nowSeconds);
  let matched: number | null = null;
  // Every candidate is computed, so the time taken says nothing of which one matched.
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const candidate = await hotp(secret, step);
    if (constantTimeEqual(candidate, code) && (lastUsedStep === null || step > lastUsedStep) && matched === null) matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URI an authenticator app reads from the QR code (Google Authenticator's
 * key-URI format): the label "Issuer:account", and the issuer again as a parameter.
 */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, "%20")}`;
}
