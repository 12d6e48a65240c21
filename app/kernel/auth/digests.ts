/**
 * The two small pieces every secret the site keeps or checks is built from (reset keys, sign-in
 * codes, app codes, recovery codes): a SHA-256 digest as hex, and a comparison whose time
 * depends only on the lengths, never on where two values differ. Pure; WebCrypto only.
 */

/** SHA-256 of the text (UTF-8), as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two strings in time that depends only on their lengths (never on where they differ). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}
