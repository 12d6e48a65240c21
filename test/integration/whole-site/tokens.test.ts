import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../support/client";
import type { Ticket } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { hashPassword } from "~/kernel/auth/password.server";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { createSessionStorage, newSessionCookie } from "~/kernel/auth/session.server";
import { signToken } from "~/kernel/auth/signed-token.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { TICKET_TOKEN_PURPOSE, ticketToken } from "~/features/tickets/ticket-token.server";
import { DEMO_EVENT_ID, changeTickets } from "../../support/book-ticket";
import { newMember } from "../../support/fixtures";
import { MESSAGES, formPost } from "../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount, devEnv, sessionCookieFor } from "../../support/session";

/**
 * A tampered, expired, replayed or misused token is refused, over HTTP against the worker.
 * This file holds the cases no other file proves; the rest are where their feature is tested:
 * - session: altered signature, expired, future-dated → session-revocation.test.ts; a session
 *   from before a password reset → password-reset.test.ts ("the old sessions are refused");
 *   a copy of the cookie replayed after logout, and a cookie without a session id → here.
 * - payment link: altered, expired, a member already paid → payments.test.ts.
 * - reset key: altered, unknown member, expired, used twice in a row → password-reset.test.ts.
 * - QR ticket token: altered, signed with another secret → scan-qr-code.test.ts.
 */

const YEAR = currentYear();
const RESET_KEY = "RaceKey123";
let server: SeededServer;
let ticket: Ticket;
let resetMemberId: string;
const LOGOUT_MEMBER = { email: "logout-replay@example.com", password: "logout-password-1" };

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      // The event at the door is the ticket's own (another event's ticket is refused for that reason).
      await changeTickets(db, { title: "Token Party", lastBookingDate: `${YEAR}-12-20` });
      ticket = await createTicketWithCode(
        store,
        {
          userId: demoAccount("member").id,
          eventId: DEMO_EVENT_ID,
          title: "Token Party",
          email: "family@example.org",
          membership: "Family",
          year: YEAR,
          price: 1000,
          attendees: [{ band: "adult", position: 1, name: "Token Adult" }],
        },
        () => "TKQQQQQ7",
      );
      await store.tickets.markPaid(ticket.id);
      const members = d1Members(db);
      const member = await members.register(newMember({ email: "race-reset@example.com", passwordHash: await hashPassword("old-password-1"), active: true }));
      await members.update(member.id, { resetKey: RESET_KEY, resetKeyExpiresAt: Math.floor(Date.now() / 1000) + 3600 });
      resetMemberId = member.id;
      await members.register(newMember({ email: LOGOUT_MEMBER.email, passwordHash: await hashPassword(LOGOUT_MEMBER.password), active: true }));
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) => client(server).get(path, { cookie });

describe("the session cookie", () => {
  /** The cookie's JSON payload replaced, its signature kept (Remix signs base64(JSON) with HMAC). */
  async function withPayload(cookie: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1))];
    const dot = value.lastIndexOf(".");
    const data = JSON.parse(atob(value.slice(0, dot))) as Record<string, unknown>;
    return `${name}=${encodeURIComponent(`${btoa(JSON.stringify(change(data)))}${value.slice(dot)}`)}`;
  }

  it("refuses an altered payload: a member's cookie rewritten to name the accountant, or to sign in later", async () => {
    const cookie = await sessionCookieFor(demoAccount("member").id);
    expect((await get("/mem-account", cookie)).status).toBe(200);
    const asAccountant = await withPayload(cookie, (data) => ({ ...data, userId: demoAccount("treasurer").id }));
    const response = await get("/accounts", asAccountant);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccounts");
    const extended = await withPayload(cookie, (data) => ({ ...data, issuedAt: Date.now() / 1000 + 60 }));
    expect((await get("/mem-account", extended)).status).toBe(302);
  });

  it("refuses a cookie without a session id (issued before sessions had one), even correctly signed", async () => {
    const cookie = await sessionCookieFor(demoAccount("member").id);
    const storage = createSessionStorage(devEnv);
    const session = await storage.getSession(cookie);
    session.unset("sessionId");
    const withoutId = (await storage.commitSession(session)).split(";")[0]!;
    expect((await get("/mem-account", cookie)).status).toBe(200);
    const response = await get("/mem-account", withoutId);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmem-account");
  });

  it("refuses a copy of the cookie replayed after logout, while the member's other session stays signed in", async () => {
    const signIn = async (ip: string) => {
      const response = await formPost(server.url, "/login", LOGOUT_MEMBER, { ip });
      expect(response.status).toBe(302);
      return response.headers.get("Set-Cookie")!.split(";")[0]!;
    };
    const [copied, otherDevice] = [await signIn("198.51.100.201"), await signIn("198.51.100.202")];
    expect(copied).not.toBe(otherDevice);
    expect((await get("/mem-account", copied)).status).toBe(200);

    const logout = await formPost(server.url, "/logout", {}, { cookie: copied });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("Set-Cookie")).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);

    const replayed = await get("/mem-account", copied);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("Location")).toBe("/login?redirectTo=%2Fmem-account");
    expect((await get("/mem-account", otherDevice)).status).toBe(200);
    // Logging out again with the copy (or by GET, as the old site's links do: docs/requirements.md §12.1) changes nothing and is no error.
    expect((await get("/logout", copied)).status).toBe(200);
    expect((await get("/mem-account", otherDevice)).status).toBe(200);
  });

  it("refuses a cookie signed with another secret", async () => {
    const foreign = createSessionStorage({ SESSION_SECRET: "another-secret-another-secret-another", isProduction: false });
    const cookie = (await newSessionCookie(foreign, demoAccount("treasurer").id)).split(";")[0]!;
    expect((await get("/accounts", cookie)).status).toBe(302);
  });
});

describe("the payment link (/payment-reg-fee/{token})", () => {
  it("refuses a token made for another purpose (a ticket's QR token naming the member) and one with its subject swapped", async () => {
    const applicant = demoAccount("applicant").id;
    expect((await get(`/payment-reg-fee/${await paymentLinkToken(devEnv, applicant)}`)).status).toBe(200);
    const ticketShaped = await signToken(
      devEnv.LINK_SIGNING_SECRET,
      TICKET_TOKEN_PURPOSE,
      { sub: applicant, exp: Math.floor(Date.now() / 1000) + 3600 },
      "short",
    );
    const [, exp, mac] = (await paymentLinkToken(devEnv, applicant)).split(".");
    const swapped = `${Buffer.from(demoAccount("member").id).toString("base64url")}.${exp}.${mac}`;
    for (const token of [ticketShaped, swapped]) {
      const response = await get(`/payment-reg-fee/${token}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Account Not Found");
    }
  });
});

describe("the password reset key (/reset-account-password/{id}/{key})", () => {
  it("of 10 resets posted at once with one key, exactly one changes the password", async () => {
    const link = `/reset-account-password/${resetMemberId}/${RESET_KEY}`;
    const passwords = Array.from({ length: 10 }, (_, i) => `concurrent-password-${i}`);
    const answers = await Promise.all(
      passwords.map((password, i) => formPost(server.url, link, { password, confirmPassword: password }, { ip: `198.51.100.${i + 1}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(9);
    for (const answer of answers.filter((a) => a.status === 404)) expect(await answer.text()).toContain(MESSAGES.invalidLink);

    // The winner's password is the one that works; every other one, and the old one, does not.
    const winner = passwords[statuses.indexOf(302)]!;
    const signIn = (password: string, n: number) =>
      formPost(server.url, "/login", { email: "race-reset@example.com", password }, { ip: `198.51.100.${100 + n}` }).then((r) => r.status);
    expect(await signIn(winner, 0)).toBe(302);
    expect(
      await signIn(
        passwords.find((p) => p !== winner)!,
        1,
      ),
    ).toBe(401);
    expect(await signIn("old-password-1", 2)).toBe(401);
  });
});

describe("the QR ticket token at the door (/scan-qr-code)", () => {
  const accountant = () => sessionCookieFor(demoAccount("treasurer").id);
  const lookup = async (code: string) => (await get(`/scan-qr-code?code=${encodeURIComponent(code)}`, await accountant())).text();

  it("finds the ticket by its token, and refuses an expired one and one made for another purpose", async () => {
    expect(await lookup(await ticketToken(devEnv, ticket))).toContain("Token Adult");
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken(devEnv.LINK_SIGNING_SECRET, TICKET_TOKEN_PURPOSE, { sub: ticket.id, exp: now - 60 }, "short");
    const paymentShaped = await paymentLinkToken(devEnv, ticket.id);
    for (const token of [expired, paymentShaped]) {
      const page = await lookup(token);
      expect(page).toContain("No ticket found for this code.");
      expect(page).not.toContain("Token Adult");
    }
  });
});
