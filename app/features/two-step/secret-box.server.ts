/**
 * A member's two-step secret, encrypted at rest (docs/decisions/0071): AES-256-GCM under a
 * key derived by HKDF-SHA-256 from SESSION_SECRET, with the member's id as additional data,
 * so a copy of the D1 database (a backup, an export) holds no usable secret and a secret
 * copied to another member's row does not open. Changing SESSION_SECRET therefore makes
 * every set-up unreadable: those members are asked to set up again (docs/deploy.md).
 */

const VERSION = "v1";
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(sessionSecret: string): Promise<CryptoKey> {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(sessionSecret), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("mma two-step secret"), info: new TextEncoder().encode("totp-secret v1") },
        material,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keys.set(sessionSecret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** The sealed form kept in D1: "v1:<iv>:<ciphertext>", base64. */
export async function sealSecret(sessionSecret: string, memberId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(memberId) },
    await keyFor(sessionSecret),
    new TextEncoder().encode(secret),
  );
  return `${VERSION}:${toBase64(iv)}:${toBase64(new Uint8Array(sealed))}`;
}

/** The secret again; null when it does not open (another key, another member's row, damaged). */
export async function openSecret(sessionSecret: string, memberId: string, sealed: string): Promise<string | null> {
  const [version, iv, body] = sealed.split(":");
  if (version !== VERSION || !iv || !body) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(memberId) },
      await keyFor(sessionSecret),
      fromBase64(body),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
