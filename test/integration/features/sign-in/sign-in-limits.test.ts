import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURE_RULES } from "~/kernel/http/rate-limits";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { setCookieLine, setCookiePair } from "../../../support/cookies";
import { newMember } from "../../../support/fixtures";
import { formMessage } from "../../../support/html";
import { MESSAGES, formPost, latestResetLink, outboxTo, RESET_SUBJECT } from "../../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * docs/requirements.md §11.2: limits that never lock a member out (docs/decisions/0025), on a
 * private server (its own D1, so its counters meet no other test's) with an accountant,
 * a member for the password reset, and a venue's 200 members.
 */
const PASSWORD = "venue-password-2026";
const VENUE_MEMBERS = 200;
const ACCOUNTANT = { email: "treasurer@example.com", password: "treasurer-password-1" };
const RESETTER = { email: "forgetful@example.com", password: "forgetful-password-1" };
const COUNTING = { email: "counted@example.com", password: "counted-password-1" };
const venueEmail = (n: number) => `venue-${n}@example.com`;

let server: SeededServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // One hash for everyone: 200 PBKDF2 runs here would only slow the test down.
  const passwordHash = await hashPassword(PASSWORD);
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      for (const [key, account, role] of [
        ["accountant", ACCOUNTANT, "accountant"],
        ["resetter", RESETTER, "member"],
        ["counting", COUNTING, "member"],
      ] as const) {
        const created = await members.register(newMember({ email: account.email, passwordHash: await hashPassword(account.password), active: true, role }));
        ids[key] = created.id;
      }
      for (let n = 1; n <= VENUE_MEMBERS; n++) await members.register(newMember({ email: venueEmail(n), passwordHash, active: true }));
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const login = (email: string, password: string, options: { ip: string; cookie?: string }) => formPost(server.url, "/login", { email, password }, options);

/** Runs `work` for each item, at most `parallel` at a time (the server shares two cores). */
async function inParallel<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** A distinct address for attempt n (198.18.0.0/15, the benchmarking range). */
const attackerAddress = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * Guesses on the accountant's e-mail, each from its own address in an unknown browser.
 * Of the counters such a guess answers to, only the e-mail's own can fill: `email` (from
 * any address) and `pair` (the e-mail at one address; one guess each here), while each
 * address's own counter holds one failure. So past the larger of the e-mail's free
 * failures every counter that could apply says wait, and ten more guesses past it are
 * refused (nine at least, should a slow run let one more in after the first wait). A
 * thousand would prove no more: the arithmetic at 1,000 and 10,000 guesses is in
 * test/unit/features/sign-in/growing-delay.test.ts.
 */
const GUESSES = Math.max(SIGN_IN_FAILURE_RULES.email.freeFailures, SIGN_IN_FAILURE_RULES.pair.freeFailures) + 10;

describe("sign-in limits that lock nobody out", () => {
  it(`lets the accountant sign in from their known browser after ${GUESSES} failed attempts on their e-mail from other addresses (past every limit on it)`, async () => {
    const home = "203.0.113.77";
    // An earlier sign-in leaves the device cookie: signed, HttpOnly, long-lived.
    const first = await login(ACCOUNTANT.email, ACCOUNTANT.password, { ip: home });
    expect(first.status).toBe(302);
    const device = setCookiePair(first, "__device");
    expect(device).toMatch(/^__device=.+/);
    const line = setCookieLine(first, "__device")!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(line)?.[1])).toBeGreaterThanOrEqual(60 * 60 * 24 * 365);

    const statuses = await inParallel(
      Array.from({ length: GUESSES }, (_, n) => n),
      24,
      async (n) => (await login(ACCOUNTANT.email, `guess-${n}`, { ip: attackerAddress(n) })).status,
    );
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    // Guessing stays bounded: past the free failures every guess waits, however many addresses.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN_FAILURE_RULES.email.freeFailures + 1);

    // The owner, from the browser they signed in with before: signed in at once.
    const owner = await login(ACCOUNTANT.email, ACCOUNTANT.password, { ip: home, cookie: device! });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/accounts"); // an accountant lands on the dashboard (ADR 65)
    expect(setCookiePair(owner, "__session")).toMatch(/^__session=.+/);
    // A forged device cookie is just an unknown browser: it waits like the guessers.
    const forged = await login(ACCOUNTANT.email, ACCOUNTANT.password, { ip: home, cookie: `${device!.slice(0, -3)}abc` });
    expect(forged.status).toBe(429);
    expect(Number(forged.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it(`lets ${VENUE_MEMBERS} members sign in from one address (a venue's Wi-Fi) within the hour`, async () => {
    const venue = "192.0.2.200";
    const statuses = await inParallel(
      Array.from({ length: VENUE_MEMBERS }, (_, n) => n + 1),
      6,
      async (n) => {
        const response = await login(venueEmail(n), PASSWORD, { ip: venue });
        return `${response.status} ${response.headers.get("Location")}`;
      },
    );
    expect(statuses).toEqual(Array.from({ length: VENUE_MEMBERS }, () => "302 /mem-account"));
  });

  it("counts a request refused by one limit nowhere else: the e-mail's owner is not slowed by an address's refused attempts", async () => {
    const busy = "192.0.2.99";
    // Fill the address's free failures with e-mails nobody has.
    const fills = await inParallel(
      Array.from({ length: SIGN_IN_FAILURE_RULES.address.freeFailures }, (_, n) => n),
      8,
      async (n) => (await login(`nobody-${n}@example.com`, "guess", { ip: busy })).status,
    );
    expect(fills.every((status) => status === 401)).toBe(true);
    // Now every attempt from that address waits: up to 30 for one member's e-mail, each sent
    // while the wait the server named (Retry-After, counted from the last failure) still runs,
    // so how many fit depends on the machine's speed and the rule does not.
    const first = await login(COUNTING.email, "guess-0", { ip: busy });
    expect(first.status).toBe(429);
    expect(formMessage(await first.text())).toBe(MESSAGES.tooMany);
    const waitEnds = Date.now() + Number(first.headers.get("Retry-After")) * 1000;
    expect(waitEnds).toBeGreaterThan(Date.now());
    for (let i = 1; i < 30 && Date.now() < waitEnds - 2000; i++) {
      const refused = await login(COUNTING.email, `guess-${i}`, { ip: busy });
      expect(refused.status).toBe(429);
      expect(formMessage(await refused.text())).toBe(MESSAGES.tooMany);
    }
    // Elsewhere, the e-mail has used none of its free failures, and the right password works.
    for (let i = 0; i < SIGN_IN_FAILURE_RULES.email.freeFailures - 1; i++) {
      expect((await login(COUNTING.email, `typo-${i}`, { ip: `203.0.113.${150 + i}` })).status).toBe(401);
    }
    const owner = await login(COUNTING.email, COUNTING.password, { ip: "203.0.113.149" });
    expect(owner.status).toBe(302);
  });

  it("never counts a success: the same member signs in 30 times from one unknown browser and address", async () => {
    for (let i = 0; i < 30; i++) expect((await login(venueEmail(1), PASSWORD, { ip: "192.0.2.31" })).status).toBe(302);
    // Their typos afterwards still get the free failures, and the right password works.
    for (let i = 0; i < SIGN_IN_FAILURE_RULES.pair.freeFailures - 1; i++) expect((await login(venueEmail(1), "typo", { ip: "192.0.2.31" })).status).toBe(401);
    expect((await login(venueEmail(1), PASSWORD, { ip: "192.0.2.31" })).status).toBe(302);
  });
});

describe("forgot password that others cannot block", () => {
  it("re-sends the still-valid key (the same link works, once) and never blocks the owner after others spammed it", async () => {
    const home = "203.0.113.88";
    const first = await login(RESETTER.email, RESETTER.password, { ip: home });
    const device = setCookiePair(first, "__device")!;

    // Others ask for the member's reset from 12 addresses: each page answers alike.
    for (let n = 0; n < 12; n++) {
      const response = await formPost(server.url, "/forgot-password", { email: RESETTER.email }, { ip: `198.51.100.${n + 1}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/forgot-password");
    }
    // One fresh key and a few copies of it, not twelve e-mails; every one carries the same link.
    const spam = await outboxTo(server.url, RESETTER.email, RESET_SUBJECT);
    expect(spam.length).toBeGreaterThanOrEqual(1);
    expect(spam.length).toBeLessThanOrEqual(4);
    const links = new Set(spam.map((email) => /\/reset-account-password\/[^/\s"<>]+\/[A-Za-z0-9]{10}/.exec(email.text)?.[0]));
    expect(links.size).toBe(1);
    const [link] = [...links];

    // The owner from an unknown browser at home: the same answer (their inbox holds the link).
    const unknown = await formPost(server.url, "/forgot-password", { email: RESETTER.email }, { ip: home });
    expect(unknown.status).toBe(302);
    // The owner from their known browser: answered, and sent the same link once more.
    const known = await formPost(server.url, "/forgot-password", { email: RESETTER.email }, { ip: home, cookie: device });
    expect(known.status).toBe(302);
    const after = await outboxTo(server.url, RESETTER.email, RESET_SUBJECT);
    expect(after.length).toBe(spam.length + 1);
    expect(await latestResetLink(server.url, RESETTER.email)).toBe(link);

    // The link works, once.
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    const reset = await formPost(server.url, link!, { password: "a-new-password-1", confirmPassword: "a-new-password-1" }, { ip: home });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");
    expect((await fetch(`${server.url}${link}`)).status).toBe(404);
    expect((await login(RESETTER.email, "a-new-password-1", { ip: home, cookie: device })).status).toBe(302);

    // Asked again, a used key is never re-sent: a fresh one is.
    await formPost(server.url, "/forgot-password", { email: RESETTER.email }, { ip: home, cookie: device });
    const fresh = await latestResetLink(server.url, RESETTER.email);
    expect(fresh).not.toBe(link);
    expect((await fetch(`${server.url}${fresh}`)).status).toBe(200);
  });

  it("still limits one address asking for many e-mails (address harvesting) with 429, but not the owner's known browser there", async () => {
    const crowded = "192.0.2.150";
    const { status: signedIn, headers } = await login(venueEmail(2), PASSWORD, { ip: crowded });
    expect(signedIn).toBe(302);
    const device = (headers.getSetCookie().find((c) => c.startsWith("__device=")) ?? "").split(";")[0]!;
    for (let n = 0; n < 20; n++) {
      expect((await formPost(server.url, "/forgot-password", { email: `harvest-${n}@example.com` }, { ip: crowded })).status).toBe(404);
    }
    const refused = await formPost(server.url, "/forgot-password", { email: venueEmail(3) }, { ip: crowded });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    const owner = await formPost(server.url, "/forgot-password", { email: venueEmail(2) }, { ip: crowded, cookie: device });
    expect(owner.status).toBe(302);
  });
});
