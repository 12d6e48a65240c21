import { constantTimeEqual } from "~/kernel/auth/digests";

/**
 * Svix's webhook signature, as Resend signs its webhooks (docs/requirements.md §13, ADR 73):
 * HMAC-SHA256 with the secret's bytes (`whsec_` then base64) over `${id}.${timestamp}.${body}`,
 * base64, sent as one or more `v1,<signature>` in `svix-signature`. A timestamp more than five
 * minutes from now is refused, so a captured delivery cannot be replayed later; the ids already
 * handled (webhook_receipts) refuse it within those five minutes. Never throws.
 */

export const SVIX_TOLERANCE_SECONDS = 5 * 60;

export type SvixCheck = { ok: true; id: string } | { ok: false; reason: "not-configured" | "missing" | "stale" | "signature" };

function secretBytes(secret: string): Uint8Array<ArrayBuffer> | null {
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return bytes.length > 0 ? bytes : null;
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The signature Svix would send for this delivery (the tests sign with it too). */
export async function svixSignature(secret: string, id: string, timestamp: string, body: string): Promise<string | null> {
  const key = secretBytes(secret);
  if (!key) return null;
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return toBase64(new Uint8Array(mac));
}

/** Checks a delivery's Svix headers against the body as received (before any parsing). */
export async function verifySvix(secret: string | undefined, headers: Headers, body: string, now: Date = new Date()): Promise<SvixCheck> {
  if (!secret) return { ok: false, reason: "not-configured" };
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!id || !timestamp || !signatures || id.length > 200 || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "missing" };
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > SVIX_TOLERANCE_SECONDS) return { ok: false, reason: "stale" };
  const expected = await svixSignature(secret, id, timestamp, body);
  if (!expected) return { ok: false, reason: "not-configured" };
  // Several signatures may be sent while a secret is rotated: one that matches is enough.
  let matched = false;
  for (const part of signatures.split(" ")) {
    const [version, signature] = part.split(",", 2);
    if (version === "v1" && signature !== undefined && constantTimeEqual(signature, expected)) matched = true;
  }
  return matched ? { ok: true, id } : { ok: false, reason: "signature" };
}
