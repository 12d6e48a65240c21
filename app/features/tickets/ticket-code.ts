/**
 * The short ticket code printed under each QR code and typed at the door when the
 * camera fails (docs/requirements.md §5.7, §5.8; the QR itself carries a signed token).
 *
 * - Alphabet: the digits 2–9 and the letters A–Z without I, L and O (31 characters).
 *   0/O and 1/I/L are all left out, so a reader never has to choose between them.
 * - New codes are 8 characters (31^8 ≈ 8.5 × 10^11, about 40 bits, drawn with
 *   crypto.getRandomValues), stored in upper case without separators and shown in
 *   two groups of four: "XMAS-7K2P". The door accepts 8 to 12 characters, so a longer
 *   code can be introduced later without changing the reader.
 * - Typing: case, spaces and dashes (including en/em dashes and the like a phone may
 *   insert) do not matter. A typed 0, O, 1, I or L is NOT mapped to anything: none of
 *   them is in the alphabet, so there is no "right" letter to guess, and a code with
 *   one cannot exist; such input is refused (null) rather than matched to a different
 *   ticket by a guess.
 */

export const TICKET_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const TICKET_CODE_LENGTH = 8;
export const TICKET_CODE_MIN_LENGTH = 8;
export const TICKET_CODE_MAX_LENGTH = 12;

const CODE = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_MIN_LENGTH},${TICKET_CODE_MAX_LENGTH}}$`);
/** Whitespace and every dash-like character (hyphen, minus, en/em dash ...). */
const SEPARATORS = /[\s\p{Pd}\u2212]+/gu;
/** Longer typed input is refused before any work (a code with separators is at most ~20 characters). */
const MAX_INPUT_LENGTH = 40;

/** The largest multiple of the alphabet's size below 256: bytes at or above it are drawn again (no bias). */
const UNBIASED_LIMIT = 256 - (256 % TICKET_CODE_ALPHABET.length);

type RandomBytes = (length: number) => Uint8Array;
const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** A new random code, stored form (upper case, no separators). */
export function generateTicketCode(randomBytes: RandomBytes = cryptoBytes, length = TICKET_CODE_LENGTH): string {
  if (!Number.isInteger(length) || length < TICKET_CODE_MIN_LENGTH || length > TICKET_CODE_MAX_LENGTH) {
    throw new Error(`A ticket code has ${TICKET_CODE_MIN_LENGTH} to ${TICKET_CODE_MAX_LENGTH} characters`);
  }
  let code = "";
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += TICKET_CODE_ALPHABET[byte % TICKET_CODE_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** The stored form of typed input ("xmas 7k2p", "XMAS-7K2P" → "XMAS7K2P"), or null when it cannot be a code. */
export function normaliseTicketCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return null;
  const code = input.replace(SEPARATORS, "").toUpperCase();
  return CODE.test(code) ? code : null;
}

/** For reading: groups of four joined by dashes ("XMAS7K2P" → "XMAS-7K2P"). Anything else is returned as it is. */
export function formatTicketCode(code: string): string {
  const stored = normaliseTicketCode(code);
  return stored ? (stored.match(/.{1,4}/g) ?? [stored]).join("-") : code;
}
