import { sha256Hex } from "~/kernel/auth/digests";

/**
 * Recovery codes (docs/decisions/0071): ten single-use codes shown once at set-up, for a
 * lost or broken phone. Each is 12 characters of Crockford's base32 (60 random bits), in
 * three groups ("7KQ2-M9XD-4HBT"): no I, L, O or U, and a code typed with O for 0 or I/L
 * for 1, in any case, with or without dashes, still reads. Only a SHA-256 hash of each is
 * kept; 60 random bits need no salt or slow hash (nobody can try 2^60 codes, and the
 * second step is rate limited besides). Pure (WebCrypto for the hash).
 */

export const RECOVERY_CODE_COUNT = 10;
const GROUPS = 3;
const GROUP_LENGTH = 4;
/** Crockford's base32: 32 characters, so each one is 5 bits. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Random bits in one code (60: the brief asks for at least 50). */
export const RECOVERY_CODE_BITS = GROUPS * GROUP_LENGTH * 5;

/** One new code, grouped for reading. */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GROUPS * GROUP_LENGTH));
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  const chars = Array.from(bytes, (byte) => ALPHABET[byte % 32]!).join("");
  return chars.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}

/** Ten new codes, all different. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** A code as typed, as it is hashed: capitals, no spaces or dashes, O read as 0 and I or L as 1. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/** Whether something typed has the shape of a recovery code (rather than an app's six digits). */
export function looksLikeRecoveryCode(typed: string): boolean {
  const code = normaliseRecoveryCode(typed);
  return code.length === GROUPS * GROUP_LENGTH && [...code].every((char) => ALPHABET.includes(char));
}

/** The hash kept for a code: SHA-256 of the normalised code, hex. */
export async function hashRecoveryCode(typed: string): Promise<string> {
  return sha256Hex(normaliseRecoveryCode(typed));
}
