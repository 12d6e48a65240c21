/**
 * Password hashing on the server (docs/requirements.md §11.5): PBKDF2-SHA256 with a
 * per-user random salt, through WebCrypto (the same code runs in workerd and Node).
 * Stored as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 */

// Workers' WebCrypto caps PBKDF2 at 100,000 iterations.
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2-sha256";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES))): Promise<string> {
  const hash = await derive(password, salt, ITERATIONS);
  return `${SCHEME}$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Which kind of stored hash this is. Ours (`pbkdf2-sha256$...`), or the "keyed hash"
 * of existing Cockpit records (docs/requirements.md §11.5): we take it to be HMAC-SHA256 of the
 * password, keyed with LEGACY_PASSWORD_KEY, as 64 hex digits.
 */
export type PasswordHashKind = "pbkdf2" | "legacy-hmac" | "unknown";

export function passwordHashKind(stored: string): PasswordHashKind {
  if (stored.startsWith(`${SCHEME}$`)) return "pbkdf2";
  if (/^[0-9a-f]{64}$/i.test(stored)) return "legacy-hmac";
  return "unknown";
}

async function legacyHash(password: string, key: string): Promise<string> {
  const encoder = new TextEncoder();
  const hmacKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(password)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** True when the password matches a legacy keyed hash (compared in constant time). */
export async function verifyLegacyPassword(password: string, stored: string, key: string): Promise<boolean> {
  if (passwordHashKind(stored) !== "legacy-hmac" || key === "") return false;
  const expected = new TextEncoder().encode(await legacyHash(password, key));
  return equalBytes(expected, new TextEncoder().encode(stored.toLowerCase()));
}

export interface PasswordCheck {
  ok: boolean;
  /** A new PBKDF2 hash to store in place of a legacy one that just matched. */
  rehash?: string;
}

/**
 * Checks a password against whatever is stored: our PBKDF2 hash, or (only when
 * LEGACY_PASSWORD_KEY is configured) a legacy keyed hash, which then comes back
 * re-hashed so the caller replaces it (accepted once, docs/requirements.md §11.5).
 */
export async function checkPassword(password: string, stored: string, legacyKey: string | undefined): Promise<PasswordCheck> {
  switch (passwordHashKind(stored)) {
    case "pbkdf2":
      return { ok: await verifyPassword(password, stored) };
    case "legacy-hmac":
      if (!legacyKey || !(await verifyLegacyPassword(password, stored, legacyKey))) return { ok: false };
      return { ok: true, rehash: await hashPassword(password) };
    default:
      return { ok: false };
  }
}

/** True when the password matches a hash made by hashPassword. Other formats never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !saltText || !hashText || !Number.isInteger(iterations) || iterations < 1 || iterations > ITERATIONS) {
    return false;
  }
  try {
    return equalBytes(await derive(password, fromBase64(saltText), iterations), fromBase64(hashText));
  } catch {
    return false;
  }
}
