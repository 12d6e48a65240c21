import { describe, expect, it } from "vitest";
import { MAX_TOKEN_LENGTH, signToken, verifyToken } from "~/kernel/auth/signed-token.server";
import { PAYMENT_LINK_LIFETIME_SECONDS } from "~/features/payments/payment-link";
import { paymentLinkToken, paymentLinkUrl, verifyPaymentLinkToken } from "~/features/payments/payment-link.server";

const SECRET = "test-secret-for-signed-tokens-0123456789";
const NOW = 1_800_000_000;
const payload = { sub: "65a1b2c3d4e5f60718293a4b", exp: NOW + 3600 };

/** Replaces one character of `part` (0, 1 or 2) with another from the base64url alphabet. */
function tamper(token: string, part: number, at = 0): string {
  const parts = token.split(".");
  const chars = [...parts[part]!];
  chars[at] = chars[at] === "A" ? "B" : "A";
  parts[part] = chars.join("");
  return parts.join(".");
}

const toB64u = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("signed tokens", () => {
  it("round-trips the subject and expiry, and is compact and URL-safe", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(100);
    expect(encodeURIComponent(token)).toBe(token);
    expect(await verifyToken(SECRET, "payment-link", token, NOW)).toEqual({ ok: true, sub: payload.sub, exp: payload.exp });
  });

  it("keeps any UTF-8 subject", async () => {
    const token = await signToken(SECRET, "ticket", { sub: "tïcket/42?x=1", exp: NOW });
    expect(await verifyToken(SECRET, "ticket", token, NOW)).toEqual({ ok: true, sub: "tïcket/42?x=1", exp: NOW });
  });

  it("refuses a changed subject, a changed expiry and a changed signature", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    const [, exp, mac] = token.split(".");
    const otherSub = `${toB64u("65a1b2c3d4e5f60718293a4c")}.${exp}.${mac}`;
    expect(await verifyToken(SECRET, "payment-link", otherSub, NOW)).toEqual({ ok: false, reason: "signature" });
    const later = `${token.split(".")[0]}.${(payload.exp + 86_400).toString(36)}.${mac}`;
    expect(await verifyToken(SECRET, "payment-link", later, NOW)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyToken(SECRET, "payment-link", tamper(token, 0), NOW)).toMatchObject({ ok: false });
    expect(await verifyToken(SECRET, "payment-link", tamper(token, 2, 5), NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses a token signed with another secret or made for another purpose", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    expect(await verifyToken(`${SECRET}x`, "payment-link", token, NOW)).toEqual({ ok: false, reason: "signature" });
    expect(await verifyToken(SECRET, "ticket", token, NOW)).toEqual({ ok: false, reason: "signature" });
    const ticket = await signToken(SECRET, "ticket", payload);
    expect(await verifyToken(SECRET, "payment-link", ticket, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("is valid up to and including exp, and expired one second later", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    expect((await verifyToken(SECRET, "payment-link", token, payload.exp)).ok).toBe(true);
    expect((await verifyToken(SECRET, "payment-link", token, payload.exp + 0.5)).ok).toBe(false);
    expect(await verifyToken(SECRET, "payment-link", token, payload.exp + 1)).toEqual({ ok: false, reason: "expired" });
    expect(await verifyToken(SECRET, "payment-link", token, Number.NaN)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a non-canonical spelling of a valid token (one token, one string)", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    const [sub, exp, mac] = token.split(".") as [string, string, string];
    // 32 bytes = 43 characters with 2 unused bits at the end; setting one gives the same bytes.
    const last = mac.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(await verifyToken(SECRET, "payment-link", `${sub}.${exp}.${mac.slice(0, -1)}${sibling}`, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyToken(SECRET, "payment-link", `${sub}.0${exp}.${mac}`, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("never throws on garbage, and calls it malformed", async () => {
    const token = await signToken(SECRET, "payment-link", payload);
    const garbage: unknown[] = [
      "",
      ".",
      "..",
      "...",
      "a.b",
      "a.b.c.d",
      "!!!.1.@@@",
      "====.1.====",
      "a.1.b",
      `${token}.`,
      `.${token}`,
      token.replace(/\./g, ""),
      token.replace(/-|_/g, "+"),
      "x".repeat(MAX_TOKEN_LENGTH + 1),
      "a".repeat(5_000_000),
      `${toB64u("x")}.zzzzzzzzzzzz.${token.split(".")[2]}`,
      `${toB64u("x")}.-1.${token.split(".")[2]}`,
      `${Buffer.from([0xff, 0xfe, 0xfd]).toString("base64url")}.${token.split(".")[1]}.${token.split(".")[2]}`,
      `.${token.split(".")[1]}.${token.split(".")[2]}`,
      "\u0000\u0001.\uffff.\ud800",
      "%2e%2e%2f",
      "../../etc/passwd",
      null,
      undefined,
      42,
      {},
      [token],
    ];
    for (const input of garbage) {
      const result = await verifyToken(SECRET, "payment-link", input, NOW);
      expect(result, JSON.stringify(String(input).slice(0, 40))).toEqual({ ok: false, reason: "malformed" });
    }
    // Random strings of the token alphabet (and dots) never throw and never pass.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i += 1) {
      const length = Math.floor(random() * 120);
      const input = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      expect((await verifyToken(SECRET, "payment-link", input, NOW)).ok).toBe(false);
    }
    expect(await verifyToken("", "payment-link", token, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifyToken(SECRET, "Bad Purpose", token, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses to sign nonsense (a programming error, so it throws)", async () => {
    await expect(signToken(SECRET, "payment-link", { sub: "", exp: NOW })).rejects.toThrow();
    await expect(signToken(SECRET, "payment-link", { sub: "x", exp: 1.5 })).rejects.toThrow();
    await expect(signToken(SECRET, "payment link", { sub: "x", exp: NOW })).rejects.toThrow();
    await expect(signToken("", "payment-link", { sub: "x", exp: NOW })).rejects.toThrow();
  });
});

describe("payment link tokens", () => {
  const env = { LINK_SIGNING_SECRET: SECRET };

  it("name the member for 30 days", async () => {
    const token = await paymentLinkToken(env, payload.sub, NOW + 0.75);
    expect(await verifyPaymentLinkToken(env, token, NOW)).toBe(payload.sub);
    expect(await verifyPaymentLinkToken(env, token, NOW + PAYMENT_LINK_LIFETIME_SECONDS)).toBe(payload.sub);
    expect(await verifyPaymentLinkToken(env, token, NOW + PAYMENT_LINK_LIFETIME_SECONDS + 1)).toBeNull();
    expect(PAYMENT_LINK_LIFETIME_SECONDS).toBe(30 * 24 * 60 * 60);
  });

  it("are refused with another secret, for tickets, and as garbage", async () => {
    const token = await paymentLinkToken(env, payload.sub, NOW);
    expect(await verifyPaymentLinkToken({ LINK_SIGNING_SECRET: "another-secret" }, token, NOW)).toBeNull();
    const ticket = await signToken(SECRET, "ticket", { sub: payload.sub, exp: NOW + 60 });
    expect(await verifyPaymentLinkToken(env, ticket, NOW)).toBeNull();
    expect(await verifyPaymentLinkToken(env, "not-a-token", NOW)).toBeNull();
  });

  it("make the link on the given origin", () => {
    expect(paymentLinkUrl("https://mosaic.example", "abc.def.ghi")).toBe("https://mosaic.example/payment-reg-fee/abc.def.ghi");
    expect(paymentLinkUrl("http://localhost:8787/", "t")).toBe("http://localhost:8787/payment-reg-fee/t");
  });
});
