import type { AppLoadContext } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";
import {
  completeSecondStep,
  createUserSession,
  getPendingSecondStep,
  getUser,
  logoutCookie,
  requireAccountant,
  requireDoorSteward,
  requireEditor,
  requireUser,
  secondStepDone,
} from "~/kernel/auth/auth.server";
import { activeSession } from "~/kernel/auth/session.server";
import { createSessionStorage } from "~/kernel/auth/session.server";
import { newMember } from "../../support/fixtures";
import { devEnv, sessionCookieIn, sessionCookieWithoutRecord } from "../../support/session";
import { describeStore } from "../../support/store-adapters";

/**
 * The auth guards (app/kernel/auth/auth.server.ts) over each store: who a session names is
 * read through the port's members.getById, so the same sessions pass and fail on both.
 */

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the guard to throw a redirect");
}

describeStore("guards", {}, (t) => {
  const ids: Record<string, string> = {};

  /** A request with a recorded session of `userId` (ADR 70), or none. */
  async function request(path: string, userId?: string) {
    const headers = new Headers();
    if (userId) headers.set("Cookie", await sessionCookieIn(t.store.memberSessions, userId));
    return new Request(`http://localhost${path}`, { headers });
  }
  const signInRequest = () => new Request("http://localhost/login", { method: "POST", headers: { "User-Agent": "Mozilla/5.0 (test)" } });

  /** A fresh load context per request, as the Worker builds one. */
  const contextFor = (): AppLoadContext =>
    ({
      cloudflare: { env: {}, ctx: { waitUntil() {}, passThroughOnException() {} } },
      env: { ...devEnv, DB: t.db },
      store: t.store,
    }) as unknown as AppLoadContext;

  beforeAll(async () => {
    const store = t.store;
    ids.member = (await store.members.register(newMember({ active: true }))).id;
    ids.accountant = (await store.members.register(newMember({ active: true, role: "accountant" }))).id;
    ids.applicant = (await store.members.register(newMember({ active: false }))).id;
    ids.editor = (await store.members.register(newMember({ active: true, role: "editor" }))).id;
    ids.steward = (await store.members.register(newMember({ active: true, role: "steward" }))).id;
    ids.deleted = (await store.members.register(newMember({ active: true, deleted: true }))).id;
  });

  describe("the auth guards", () => {
    it("sends visitors to /login with the page to come back to", async () => {
      const response = await thrown(requireUser(await request("/mem-account?tab=history"), contextFor()));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmem-account%3Ftab%3Dhistory");
    });

    it("sends applicants (not yet active) and deleted members to /login", async () => {
      for (const who of ["applicant", "deleted"]) {
        const response = await thrown(requireUser(await request("/documents", ids[who]), contextFor()));
        expect(response.headers.get("Location"), who).toBe("/login?redirectTo=%2Fdocuments");
      }
    });

    it("lets active members through requireUser but sends them to /mem-account from accountant pages", async () => {
      expect((await requireUser(await request("/documents", ids.member), contextFor())).id).toBe(ids.member);
      const response = await thrown(requireAccountant(await request("/accounts", ids.member), contextFor()));
      expect(response.headers.get("Location")).toBe("/mem-account");
    });

    it("lets accountants through requireAccountant", async () => {
      expect((await requireAccountant(await request("/accounts", ids.accountant), contextFor())).role).toBe("accountant");
    });

    // The door steward (ADR 65): the door and nothing else; everyone turned away goes to their own home.
    it("lets door stewards and accountants through requireDoorSteward, and no one else", async () => {
      expect((await requireDoorSteward(await request("/scan-qr-code", ids.steward), contextFor())).role).toBe("steward");
      expect((await requireDoorSteward(await request("/scan-qr-code", ids.accountant), contextFor())).role).toBe("accountant");
      expect((await thrown(requireDoorSteward(await request("/scan-qr-code", ids.member), contextFor()))).headers.get("Location")).toBe("/mem-account");
      expect((await thrown(requireDoorSteward(await request("/scan-qr-code", ids.editor), contextFor()))).headers.get("Location")).toBe("/studio");
      expect((await thrown(requireDoorSteward(await request("/scan-qr-code"), contextFor()))).headers.get("Location")).toBe(
        "/login?redirectTo=%2Fscan-qr-code",
      );
    });

    it("sends a steward turned away from accountant and studio pages to the door, an editor to the studio", async () => {
      expect((await thrown(requireAccountant(await request("/accounts", ids.steward), contextFor()))).headers.get("Location")).toBe("/scan-qr-code");
      expect((await thrown(requireEditor(await request("/studio", ids.steward), contextFor()))).headers.get("Location")).toBe("/scan-qr-code");
      expect((await thrown(requireAccountant(await request("/accounts", ids.editor), contextFor()))).headers.get("Location")).toBe("/studio");
      // A steward is still a member: their own account opens.
      expect((await requireUser(await request("/mem-account", ids.steward), contextFor())).id).toBe(ids.steward);
    });

    it("signs each role in to its own home when no page was asked for, and to the page asked for when one was", async () => {
      const homes = { member: "/mem-account", editor: "/studio", steward: "/scan-qr-code", accountant: "/accounts" } as const;
      for (const [role, home] of Object.entries(homes) as Array<[keyof typeof homes, string]>) {
        expect((await createUserSession(signInRequest(), contextFor(), { id: ids[role]!, role }, "")).headers.get("Location"), role).toBe(home);
      }
      expect((await createUserSession(signInRequest(), contextFor(), { id: ids.steward!, role: "steward" }, "/mem-account")).headers.get("Location")).toBe(
        "/mem-account",
      );
    });

    it("treats an expired session as signed out", async () => {
      const fifteenDaysAgo = Date.now() - 15 * 24 * 60 * 60 * 1000;
      const stale = new Request("http://localhost/documents", {
        headers: { Cookie: await sessionCookieIn(t.store.memberSessions, ids.member!, fifteenDaysAgo) },
      });
      expect(await getUser(stale, contextFor())).toBeNull();
      const response = await thrown(requireUser(stale, contextFor()));
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdocuments");
    });

    it("treats a session for a member who no longer exists, or a mangled cookie, as no one", async () => {
      expect(await getUser(await request("/", "ffffffffffffffffffffffff"), contextFor())).toBeNull();
      const mangled = new Request("http://localhost/", { headers: { Cookie: "__session=%%%.@@@" } });
      expect(await getUser(mangled, contextFor())).toBeNull();
      // A validly signed session from before sessions carried their sign-in time.
      const storage = createSessionStorage(devEnv);
      const legacy = await storage.getSession();
      legacy.set("userId", ids.member!);
      const legacyCookie = (await storage.commitSession(legacy)).split(";")[0]!;
      expect(await getUser(new Request("http://localhost/", { headers: { Cookie: legacyCookie } }), contextFor())).toBeNull();
    });

    it("signs in with a fresh session and signs out by expiring the cookie", async () => {
      const response = await createUserSession(signInRequest(), contextFor(), { id: ids.member!, role: "member" }, "https://evil.example/");
      expect(response.headers.get("Location")).toBe("/mem-account");
      const cookie = response.headers.get("Set-Cookie")!;
      expect(cookie).toMatch(/^__session=.+HttpOnly.*SameSite=Lax/);
      const signedIn = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
      expect((await getUser(signedIn, contextFor()))?.id).toBe(ids.member);
      expect(await logoutCookie(signedIn, contextFor())).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
      expect(await getUser(signedIn, contextFor())).toBeNull();
    });
  });

  describe("sessions as records (ADR 70)", () => {
    const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;
    const at = (cookie: string, path = "/") => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
    const sessionIdOf = async (cookie: string) => activeSession((await createSessionStorage(devEnv).getSession(cookie)).data)!.sessionId;

    it("records each sign-in with its browser and its place, and reads a cookie without its row as signed out", async () => {
      const signIn = new Request("http://localhost/login", { method: "POST", headers: { "User-Agent": "Mozilla/5.0 (test browser)" } });
      Object.defineProperty(signIn, "cf", { value: { country: "FR" } });
      const cookie = cookieOf(await createUserSession(signIn, contextFor(), { id: ids.member!, role: "member" }, ""));
      const row = await t.store.memberSessions.get(await sessionIdOf(cookie));
      expect(row).toMatchObject({
        memberId: ids.member,
        userAgent: "Mozilla/5.0 (test browser)",
        country: "FR",
        secondStepRequired: false,
        secondStepAt: null,
        revokedAt: null,
      });
      expect(row!.expiresAt - row!.createdAt).toBeGreaterThanOrEqual(14 * 24 * 3600);
      expect((await getUser(at(cookie), contextFor()))?.id).toBe(ids.member);
      // Signed with the site's secret, but its row was never written (a session from before this table).
      expect(await getUser(at(await sessionCookieWithoutRecord(ids.member!)), contextFor())).toBeNull();
    });

    it("signs nobody in with a session owing its second step until it is done, then signs its member in", async () => {
      const cookie = cookieOf(
        await createUserSession(signInRequest(), contextFor(), { id: ids.accountant!, role: "accountant" }, "", undefined, [], { secondStepPending: true }),
      );
      expect(await getUser(at(cookie), contextFor())).toBeNull();
      expect((await thrown(requireAccountant(at(cookie, "/accounts"), contextFor()))).headers.get("Location")).toBe("/login?redirectTo=%2Faccounts");
      expect((await getPendingSecondStep(at(cookie), contextFor()))?.id).toBe(ids.accountant);
      expect(await secondStepDone(at(cookie), contextFor())).toBe(false);
      await completeSecondStep(at(cookie), contextFor());
      expect((await getUser(at(cookie), contextFor()))?.id).toBe(ids.accountant);
      expect(await getPendingSecondStep(at(cookie), contextFor())).toBeNull();
      expect(await secondStepDone(at(cookie), contextFor())).toBe(true);
    });

    it("keeps a second step done on the fresh session that replaces one (a password change), and none on a plain sign-in", async () => {
      const done = cookieOf(
        await createUserSession(signInRequest(), contextFor(), { id: ids.member!, role: "member" }, "", undefined, [], { secondStepDone: true }),
      );
      expect(await secondStepDone(at(done), contextFor())).toBe(true);
      const plain = cookieOf(await createUserSession(signInRequest(), contextFor(), { id: ids.member!, role: "member" }, ""));
      expect(await secondStepDone(at(plain), contextFor())).toBe(false);
    });

    it("lists a member's open sessions, signs out one or all others, never another member's", async () => {
      const member = (await t.store.members.register(newMember({ active: true }))).id;
      const here = await sessionIdOf(await sessionCookieIn(t.store.memberSessions, member));
      const there = await sessionIdOf(await sessionCookieIn(t.store.memberSessions, member));
      const third = await sessionIdOf(await sessionCookieIn(t.store.memberSessions, member));
      const now = Math.floor(Date.now() / 1000);
      expect((await t.store.memberSessions.listOpen(member, now)).map((s) => s.id).sort()).toEqual([here, there, third].sort());
      expect(await t.store.memberSessions.revoke(there, now, ids.member!), "someone else's").toBe(false);
      expect(await t.store.memberSessions.revoke(there, now, member)).toBe(true);
      expect(await t.store.memberSessions.revokeAllBut(member, here, now)).toBe(1);
      expect((await t.store.memberSessions.listOpen(member, now)).map((s) => s.id)).toEqual([here]);
    });
  });
});
