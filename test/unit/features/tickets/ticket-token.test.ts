import { describe, expect, it } from "vitest";
import { paymentLinkToken, verifyPaymentLinkToken } from "~/features/payments/payment-link.server";
import { signToken, verifyToken } from "~/kernel/auth/signed-token.server";
import { ticketToken, ticketTokenExpiry, verifyTicketToken } from "~/features/tickets/ticket-token.server";

const env = { LINK_SIGNING_SECRET: "test-secret-test-secret-test-secret-1234" };
const ticket = { id: "65a1b2c3d4e5f60718293a4b", year: 2026 };
const inYear = Date.UTC(2026, 11, 20) / 1000;

describe("short signed tokens", () => {
  it("carry a 16-byte MAC and are refused as full tokens, and the other way round", async () => {
    const payload = { sub: "abc", exp: 2_000_000_000 };
    const short = await signToken(env.LINK_SIGNING_SECRET, "ticket", payload, "short");
    const full = await signToken(env.LINK_SIGNING_SECRET, "ticket", payload);
    expect(short.split(".")[2]).toHaveLength(22);
    expect(full.split(".")[2]).toHaveLength(43);
    expect(await verifyToken(env.LINK_SIGNING_SECRET, "ticket", short, 0, "short")).toEqual({ ok: true, ...payload });
    expect((await verifyToken(env.LINK_SIGNING_SECRET, "ticket", short, 0)).ok).toBe(false);
    expect((await verifyToken(env.LINK_SIGNING_SECRET, "ticket", full, 0, "short")).ok).toBe(false);
    // The full MAC cut to 16 bytes is not a short token: another version tag is signed.
    const [sub, exp, mac] = full.split(".") as [string, string, string];
    const cut = `${sub}.${exp}.${Buffer.from(mac, "base64url").subarray(0, 16).toString("base64url")}`;
    expect(await verifyToken(env.LINK_SIGNING_SECRET, "ticket", cut, 0, "short")).toEqual({ ok: false, reason: "signature" });
  });
});

describe("ticket tokens", () => {
  it("name the ticket, fit a version-4 QR and are the same every time", async () => {
    const token = await ticketToken(env, ticket);
    expect(token.length).toBeLessThanOrEqual(62);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]+$/);
    expect(await ticketToken(env, ticket)).toBe(token);
    expect(await verifyTicketToken(env, token, inYear)).toBe(ticket.id);
  });

  it("last until the end of January after the ticket's year", async () => {
    expect(new Date(ticketTokenExpiry(2026) * 1000).toISOString()).toBe("2027-01-31T23:59:59.000Z");
    const token = await ticketToken(env, ticket);
    expect(await verifyTicketToken(env, token, ticketTokenExpiry(2026))).toBe(ticket.id);
    expect(await verifyTicketToken(env, token, ticketTokenExpiry(2026) + 1)).toBeNull();
  });

  it("refuse an altered token, another secret, a payment-link token, a bare id and junk", async () => {
    const token = await ticketToken(env, ticket);
    const [sub, exp, mac] = token.split(".") as [string, string, string];
    const otherId = Buffer.from("65a1b2c3d4e5f60718293a4c").toString("base64url");
    const flipped = `${sub}.${exp}.${mac.slice(0, -2)}${mac.at(-2) === "A" ? "B" : "A"}${mac.at(-1)}`;
    const refused = [
      `${otherId}.${exp}.${mac}`,
      `${sub}.${(Number.parseInt(exp, 36) + 86_400 * 365).toString(36)}.${mac}`,
      flipped,
      await ticketToken({ LINK_SIGNING_SECRET: "another-secret-another-secret-another" }, ticket),
      await paymentLinkToken(env, ticket.id, inYear),
      await signToken(env.LINK_SIGNING_SECRET, "payment-link", { sub: ticket.id, exp: ticketTokenExpiry(2026) }, "short"),
      ticket.id,
      "",
      "...",
      "x".repeat(10_000),
    ];
    for (const candidate of refused) expect(await verifyTicketToken(env, candidate, inYear), candidate.slice(0, 80)).toBeNull();
    for (const junk of [null, undefined, 42, {}]) expect(await verifyTicketToken(env, junk, inYear)).toBeNull();
    // And a ticket token is no payment link.
    expect(await verifyPaymentLinkToken(env, token, inYear)).toBeNull();
  });
});
