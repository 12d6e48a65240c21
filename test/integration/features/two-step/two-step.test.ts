import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { totpAt } from "~/features/two-step/totp";
import { TWO_STEP_MESSAGES } from "~/features/two-step/two-step";
import { client } from "../../../support/client";
import { setCookiePair } from "../../../support/cookies";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { ROUTES } from "../../../support/route-list";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";

/**
 * Two-step verification over HTTP (docs/requirements.md §2.10, docs/decisions/0071), on a private
 * server (its own D1: the setting, the set-ups and the counters meet no other test's) with
 * "Staff must use two-step verification" on, two accountants, an editor and a member.
 */
const ACCOUNTS = {
  treasurer: { email: "ts-treasurer@example.com", password: "ts-treasurer-password", role: "accountant" },
  auditor: { email: "ts-auditor@example.com", password: "ts-auditor-password", role: "accountant" },
  editor: { email: "ts-editor@example.com", password: "ts-editor-password", role: "editor" },
  member: { email: "ts-member@example.com", password: "ts-member-password", role: "member" },
  chooser: { email: "ts-chooser@example.com", password: "ts-chooser-password", role: "member" },
} as const;
type Key = keyof typeof ACCOUNTS;

let server: SeededServer;
const ids = {} as Record<Key, string>;

beforeAll(async () => {
  server = await startSeededServer({
    store: "d1",
    prepare: async (db) => {
      const members = d1Members(db);
      for (const [key, account] of Object.entries(ACCOUNTS) as Array<[Key, (typeof ACCOUNTS)[Key]]>) {
        const created = await members.register(
          newMember({ email: account.email, passwordHash: await hashPassword(account.password), active: true, role: account.role }),
        );
        ids[key] = created.id;
      }
      await db.prepare("INSERT INTO security_settings (name, value, changed_at) VALUES ('staff_two_step', 1, 0)").run();
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

let address = 0;
/** Each sign-in from its own address, so the password limits never meet this file's own sign-ins. */
async function signIn(key: Key): Promise<{ cookie: string; location: string }> {
  address += 1;
  const { email, password } = ACCOUNTS[key];
  const response = await client(server, { ip: `198.51.100.${address}` }).post("/login", { email, password });
  expect(response.status).toBe(302);
  const cookie = setCookiePair(response, "__session");
  expect(cookie).not.toBeNull();
  return { cookie: cookie!, location: response.headers.get("Location") ?? "" };
}

const as = (cookie: string) => client(server, { cookie });
const page = async (response: Response) => parseHtml(await response.text());

/** Sets up two-step as the signed-in cookie's member: the secret read off the page, the first code, the ten recovery codes. */
async function setUp(cookie: string): Promise<{ secret: string; recoveryCodes: string[]; firstCode: string }> {
  expect((await as(cookie).post("/account/security/two-step", { intent: "begin" })).status).toBe(302);
  const shown = await page(await as(cookie).get("/account/security/two-step"));
  const secret = shown.text("[data-two-step-secret]").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(shown.one(".two-step-qr svg")).not.toBeNull();
  const firstCode = await totpAt(secret, Date.now() / 1000);
  const confirmed = await as(cookie).post("/account/security/two-step", { intent: "confirm", code: firstCode });
  expect(confirmed.status).toBe(200);
  const recoveryCodes = (await page(confirmed)).all("[data-recovery-codes] code").map((node) => textOf(node));
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes, firstCode };
}

/** A code of the next step (accepted: one step of drift), never the one of a step already used. */
const nextCode = (secret: string) => totpAt(secret, Date.now() / 1000 + 30);

const SET_UP = "/account/security/two-step";
const toSetUp = (path: string) => `${SET_UP}?redirectTo=${encodeURIComponent(path)}`;

describe("a staff session without its second step, the setting on", () => {
  const staffRoutes = Object.entries(ROUTES).filter(([, entry]) => entry.access === "accountant" || entry.access === "editor" || entry.access === "door");

  it("is sent to set-up by every back-office, studio and door route, GET and POST, and changes nothing", async () => {
    expect(staffRoutes.length).toBeGreaterThan(50);
    const { cookie } = await signIn("auditor");
    for (const [file, entry] of staffRoutes) {
      const get = await as(cookie).get(entry.path);
      expect([file, get.status, get.headers.get("Location")]).toEqual([file, 302, toSetUp(entry.path)]);
      if (entry.methods.includes("POST")) {
        const post = await as(cookie).post(entry.path, { do: `delete:${ids.member}`, confirmed: "1", reason: "x" });
        expect([file, post.status, post.headers.get("Location")]).toEqual([file, 302, toSetUp(entry.path)]);
      }
    }
    // Nothing happened to the member the posts named.
    expect((await as(cookie).get("/mem-account")).status).toBe(200);
  });

  it("is sent to set-up from the studio too (an editor), and member pages still open", async () => {
    const { cookie } = await signIn("editor");
    for (const [file, entry] of staffRoutes.filter(([, e]) => e.access === "editor")) {
      const get = await as(cookie).get(entry.path);
      expect([file, get.status, get.headers.get("Location")]).toEqual([file, 302, toSetUp(entry.path)]);
    }
    expect((await as(cookie).get("/mem-account")).status).toBe(200);
    const setUpPage = await page(await as(cookie).get(SET_UP));
    expect(setUpPage.text(".two-step-required")).toBe(TWO_STEP_MESSAGES.staffMust);
  });

  it("a plain member is not asked for anything", async () => {
    const { cookie, location } = await signIn("member");
    expect(location).toBe("/mem-account");
    expect((await as(cookie).get("/mem-account")).status).toBe(200);
  });
});

describe("set-up, then signing in with the app's code or a recovery code", () => {
  let secret = "";
  let recoveryCodes: string[] = [];
  let firstCode = "";

  it("set-up completes this session's second step (the staff pages open) and signs out the member's other devices", async () => {
    // Another browser signed in with the password alone (someone else who knew it, perhaps).
    const elsewhere = await signIn("treasurer");
    expect((await as(elsewhere.cookie).get("/account/security")).status).toBe(200);
    const { cookie } = await signIn("treasurer");
    expect((await as(cookie).get("/accounts")).headers.get("Location")).toBe(toSetUp("/accounts"));
    ({ secret, recoveryCodes, firstCode } = await setUp(cookie));
    expect((await as(cookie).get("/accounts")).status).toBe(200);
    // The other session never did a second step: it ended when two-step went on.
    expect((await as(elsewhere.cookie).get("/account/security")).headers.get("Location")).toMatch(/^\/login/);
  });

  it("after the password, a session signs nobody in until the second step", async () => {
    const { cookie, location } = await signIn("treasurer");
    expect(location).toMatch(/^\/login\/two-step/);
    expect((await as(cookie).get("/accounts")).headers.get("Location")).toMatch(/^\/login/);
    expect((await as(cookie).get("/mem-account")).headers.get("Location")).toMatch(/^\/login/);
    const secondStep = await as(cookie).get("/login/two-step");
    expect(secondStep.status).toBe(200);
    const drawn = await page(secondStep);
    expect(drawn.text("title")).toBe("Two-step verification | Manchester Mosaic Association");
    expect(drawn.one("input[name=code][autocomplete=one-time-code]")).not.toBeNull();
  });

  it("refuses the replay of a code within its 30 seconds: the code set-up used, then a code once it signed in", async () => {
    const first = await signIn("treasurer");
    // Set-up used this step's code a moment ago (if the step has turned since, it is older still: refused either way).
    const replayed = await as(first.cookie).post("/login/two-step", { code: firstCode, redirectTo: "" });
    expect(replayed.status).toBe(401);
    expect((await page(replayed)).text("#second-step-code-error")).toBe(TWO_STEP_MESSAGES.secondStepWrong);
    const code = await nextCode(secret);
    const accepted = await as(first.cookie).post("/login/two-step", { code, redirectTo: "/accounts/activity" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/accounts/activity");
    expect((await as(first.cookie).get("/accounts")).status).toBe(200);

    const second = await signIn("treasurer");
    expect((await as(second.cookie).post("/login/two-step", { code, redirectTo: "" })).status).toBe(401);
    expect((await as(second.cookie).get("/accounts")).status).toBe(302);
  });

  it("a recovery code works once (typed in lower case without dashes too)", async () => {
    const first = await signIn("treasurer");
    const typed = recoveryCodes[0]!.toLowerCase().replace(/-/g, "");
    const used = await as(first.cookie).post("/login/two-step", { code: typed, redirectTo: "" });
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/accounts");
    expect((await as(first.cookie).get("/accounts")).status).toBe(200);

    const second = await signIn("treasurer");
    const again = await as(second.cookie).post("/login/two-step", { code: recoveryCodes[0]!, redirectTo: "" });
    expect(again.status).toBe(401);
    expect((await as(second.cookie).get("/accounts")).status).toBe(302);
    const status = await page(await as(first.cookie).get(SET_UP));
    expect(status.text("main")).toContain("Recovery codes left unused: 9 of 10.");
  });

  it("nobody resets their own two-step, whatever is posted", async () => {
    const { cookie } = await signIn("treasurer");
    expect((await as(cookie).post("/login/two-step", { code: recoveryCodes[1]!, redirectTo: "" })).status).toBe(302);
    const own = `/accounts/members/${ids.treasurer}/two-step`;
    const shown = await page(await as(cookie).get(own));
    expect(shown.text(".form-error")).toBe(TWO_STEP_MESSAGES.notYourOwn);
    expect(shown.one("textarea[name=reason]")).toBeNull();
    const posted = await as(cookie).post(own, { reason: "I lost my phone", confirmed: "1" });
    expect(posted.status).toBe(403);
    // Still on: signing in still asks for the second step.
    expect((await signIn("treasurer")).location).toMatch(/^\/login\/two-step/);
  });

  it("staff may not turn it off while the setting requires it", async () => {
    const { cookie } = await signIn("treasurer");
    expect((await as(cookie).post("/login/two-step", { code: recoveryCodes[2]!, redirectTo: "" })).status).toBe(302);
    const off = await as(cookie).post(SET_UP, { intent: "off", code: recoveryCodes[3]! });
    expect(off.status).toBe(403);
    expect((await signIn("treasurer")).location).toMatch(/^\/login\/two-step/);
  });

  it("another accountant resets it with a reason (asked first), kept in the activity log under the member", async () => {
    const auditor = await signIn("auditor");
    await setUp(auditor.cookie);
    const reset = `/accounts/members/${ids.treasurer}/two-step`;
    const memberPage = await page(await as(auditor.cookie).get(`/accounts/members/${ids.treasurer}`));
    expect(memberPage.one(`#danger a[href="${reset}"]`)).not.toBeNull();
    // No reason: refused, nothing changed.
    expect((await as(auditor.cookie).post(reset, { reason: " " })).status).toBe(400);
    const asked = await as(auditor.cookie).post(reset, { reason: "Lost her phone; she rang me from her own number." });
    expect(asked.status).toBe(200);
    expect((await page(asked)).text(".confirm-step")).toContain("Reset the two-step verification of");
    expect((await signIn("treasurer")).location).toMatch(/^\/login\/two-step/);
    const done = await as(auditor.cookie).post(reset, { reason: "Lost her phone; she rang me from her own number.", confirmed: "1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/accounts/members/${ids.treasurer}`);
    const after = await page(await as(auditor.cookie).get(`/accounts/members/${ids.treasurer}`));
    expect(after.text("#activity")).toContain("reset the two-step verification of member");
    expect(after.text("#activity")).toContain("Lost her phone; she rang me from her own number.");
    // The treasurer signs in with the password alone, and is sent to set-up again (the setting is on).
    const treasurer = await signIn("treasurer");
    expect(treasurer.location).toBe("/accounts");
    expect((await as(treasurer.cookie).get("/accounts")).headers.get("Location")).toBe(toSetUp("/accounts"));
  });
});

describe("a member's own choice", () => {
  it("makes new recovery codes with the app's code (the old ones stop working), then turns it off with a recovery code", async () => {
    const { cookie } = await signIn("chooser");
    const { secret, recoveryCodes: old } = await setUp(cookie);
    // New codes need the app: a recovery code is not enough.
    expect((await as(cookie).post(SET_UP, { intent: "codes", code: old[0]! })).status).toBe(401);
    const renewed = await as(cookie).post(SET_UP, { intent: "codes", code: await nextCode(secret) });
    expect(renewed.status).toBe(200);
    const fresh = (await page(renewed)).all("[data-recovery-codes] code").map((node) => textOf(node));
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(old[1]);
    expect((await as(cookie).post(SET_UP, { intent: "off", code: old[1]! })).status).toBe(401);
    const security = await page(await as(cookie).get("/account/security"));
    expect(security.text("[data-two-step-status=on]")).toContain("Recovery codes left unused: 10 of 10.");
    expect(security.one(`a[href="${SET_UP}"]`)).not.toBeNull();
    const off = await as(cookie).post(SET_UP, { intent: "off", code: fresh[0]! });
    expect(off.status).toBe(302);
    expect((await page(await as(cookie).get(SET_UP))).one("[data-two-step-state=off]")).not.toBeNull();
    expect((await page(await as(cookie).get("/account/security"))).one("[data-two-step-status=off]")).not.toBeNull();
    // Signing in is the password alone again.
    expect((await signIn("chooser")).location).toBe("/mem-account");
  });
});

describe("wrong codes", () => {
  it("are limited like passwords: past the free failures even the right code waits (429 with Retry-After)", async () => {
    const { cookie } = await signIn("member");
    const { secret } = await setUp(cookie);
    const pending = (await signIn("member")).cookie;
    const now = Date.now() / 1000;
    const valid = new Set(await Promise.all([-30, 0, 30, 60].map((offset) => totpAt(secret, now + offset))));
    const wrong = ["000000", "111111", "222222", "333333", "444444", "555555"].find((code) => !valid.has(code))!;
    for (let failure = 1; failure <= 10; failure++) {
      expect((await as(pending).post("/login/two-step", { code: wrong, redirectTo: "" })).status).toBe(401);
    }
    const refused = await as(pending).post("/login/two-step", { code: await nextCode(secret), redirectTo: "" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await page(refused)).text("#second-step-code-error")).toBe(TWO_STEP_MESSAGES.tooMany);
    expect((await as(pending).get("/mem-account")).status).toBe(302);
  });
});
