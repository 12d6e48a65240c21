import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSOCIATION } from "~/kernel/layout/association";
import { NO_UPCOMING_EVENT, REGISTRATION_NOT_OPEN_HTML } from "~/kernel/store/site-settings-defaults";
import { NO_EVENT_TO_BOOK } from "~/features/tickets/ticket-booking";
import { ROOT } from "../../../scripts/lib";
import { migratedD1 } from "../../support/d1-template";
import { startWorkerInProcess, type InProcessWorker } from "../../../scripts/worker-in-process";
import { parseHtml } from "../../support/html";
import { startFakeCockpit, type FakeCockpit } from "../../support/fake-cockpit";
import { formPost } from "../../support/password-reset";
import { TIMEOUTS } from "../../support/time-budget";
import { totpAt } from "~/features/two-step/totp";

/**
 * docs/requirements.md §7.13 (ADR 41): a production database as
 * `wrangler d1 migrations apply` leaves it (no seed, no settings, no content) renders a
 * sensible site, and `npm run admin:create` makes the first accountant, who sets a password
 * through the printed link and signs in. The same pages from a Cockpit where nothing was
 * ever saved (its singletons null, its collections empty).
 */

let persistTo: string;
let server: InProcessWorker | undefined;
const start = async () => (server = await startWorkerInProcess({ persistTo }));

beforeAll(async () => {
  persistTo = mkdtempSync(path.join(tmpdir(), "mma-fresh-d1-"));
  migratedD1(persistTo);
  await start();
});
afterAll(async () => {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

async function page(pathname: string, cookie?: string, base = server!.url) {
  const response = await fetch(`${base}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, location: response.headers.get("Location"), page: parseHtml(await response.text()) };
}

/** The public pages and the empty state each shows on a fresh database. */
const EMPTY_STATES: Array<[string, string]> = [
  ["/", "There is no news yet."],
  ["/home", "There is no news yet."],
  ["/about", "Under Construction!"],
  ["/school", "Under Construction!"],
  ["/event", "There are no events in the calendar yet. Please check back soon."],
  ["/blog", "There is no news yet. Please check back soon."],
  ["/gallery", "There are no photo galleries yet. Please check back soon."],
  ["/office-bearers", "The new office bearers will be announced here soon."],
  ["/signup", "Registration is not open yet. Please check back soon."],
  ["/contact", "Quick Contact Form"],
  ["/login", "Forgot your password?"],
];

async function expectEmptyState(pathname: string, empty: string, base?: string) {
  const { status, page: html } = await page(pathname, undefined, base);
  expect(status).toBe(200);
  expect(html.text(".brand-name")).toBe(ASSOCIATION.name);
  expect(html.text("main")).toContain(empty);
}

describe("a fresh database (migrations only)", () => {
  for (const [pathname, empty] of EMPTY_STATES) {
    it(`${pathname} answers 200 with the association's name and its empty state`, async () => {
      await expectEmptyState(pathname, empty);
    });
  }

  it("the home page names the association in a visible heading, says there is no event yet, and leaves out the blank call-out", async () => {
    const { page: html } = await page("/");
    const h1 = html.one("h1")!;
    expect(html.text("h1")).toBe(ASSOCIATION.name);
    expect(h1.attribs.class).not.toContain("visually-hidden");
    expect(html.text("#upcoming-event")).toBe(NO_UPCOMING_EVENT);
    expect(html.one("#contact-callout")).toBeNull();
    expect(html.one(".hero-slider")).toBeNull();
  });

  it("sign-up offers no form and no fee: registration is not open yet, and a post is refused", async () => {
    const { page: html } = await page("/signup");
    expect(html.one("main form")).toBeNull();
    expect(html.text("main")).not.toMatch(/£/);
    expect(parseHtml(REGISTRATION_NOT_OPEN_HTML).text("p")).toBe("Registration is not open yet. Please check back soon.");
    expect(html.text("main")).toContain(parseHtml(REGISTRATION_NOT_OPEN_HTML).text("p"));
    const post = await formPost(server!.url, "/signup", { email: "someone@example.org" });
    expect(post.status).toBe(403);
  });

  it("members-only pages send a visitor to sign in", async () => {
    for (const pathname of ["/documents", "/book-ticket"]) {
      const { status, location } = await page(pathname);
      expect(status).toBe(302);
      expect(location).toMatch(/^\/login/);
    }
  });
});

/** Runs npm run admin:create on this test's database; its output and exit code. */
function adminCreate(siteUrl: string, ...args: string[]) {
  const result = spawnSync(
    path.join(ROOT, "node_modules", ".bin", "tsx"),
    ["scripts/admin-create.ts", "--persist-to", persistTo, "--site-url", siteUrl, ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("npm run admin:create on the fresh database", () => {
  it("refuses a bad e-mail and a new account without a name, writing nothing", () => {
    expect(adminCreate(server!.url, "--email", "not-an-email", "--name", "Ann Admin")).toMatchObject({
      status: 1,
      out: expect.stringContaining("Please give a valid e-mail address"),
    });
    expect(adminCreate(server!.url, "--email", "first@example.org")).toMatchObject({
      status: 1,
      out: expect.stringContaining("No member has this e-mail yet."),
    });
  });

  // Two runs of the script (tsx starting, wrangler opening D1) and a server restart: over the
  // test's usual net beside a CPU load (120 s, seen at stress-ng --cpu 2), so the long one.
  it(
    "makes an accountant who sets a password with the printed link, signs in and opens /accounts",
    async () => {
      // The script opens the same local D1 as the server: one writer at a time.
      const origin = server!.url;
      await server!.stop();
      const first = adminCreate(origin, "--email", "First@Example.org", "--name", "Ann Admin");
      expect(first.status, first.out).toBe(0);
      const again = adminCreate(origin, "--email", "first@example.org", "--name", "Someone Else");
      expect(again.status, again.out).toBe(0);
      expect(again.out).toContain("Ann Admin <first@example.org> is already an accountant");
      await start();

      // Printed for the site's address given (--site-url): the server that was running then.
      const links = [first.out, again.out].map((out) => new RegExp(`${origin}(/reset-account-password/[0-9a-f]{24}/[A-Za-z0-9]{10})`).exec(out)?.[1]);
      expect(links[0]).toBeDefined();
      expect(links[1]).toBeDefined();
      // The second run replaced the key: the first link no longer opens.
      expect((await page(links[0]!)).status).toBe(404);
      // A second person with the same e-mail is never made; the first keeps their name.
      expect((await page(links[1]!)).status).toBe(200);

      const set = await formPost(server!.url, links[1]!, { password: "a-good-opening-phrase", confirmPassword: "a-good-opening-phrase" });
      expect(set.status).toBe(302);
      const login = await formPost(server!.url, "/login", { email: "first@example.org", password: "a-good-opening-phrase" }, { ip: "192.0.2.50" });
      expect(login.status).toBe(302);
      const session = /__session=[^;]+/.exec(login.headers.get("Set-Cookie") ?? "")![0];
      // admin:create turned on "Staff must use two-step verification" (ADR 71): set-up comes first.
      expect(await page("/accounts", session)).toMatchObject({ status: 302, location: "/account/security/two-step?redirectTo=%2Faccounts" });
      const secret = await setUpTwoStep(session);
      const accounts = await page("/accounts", session);
      expect(accounts.status).toBe(200);
      expect(accounts.page.text("main")).toContain("Ann Admin");
      expect(accounts.page.one("[data-staff-two-step-off]")).toBeNull();
      const documents = await page("/documents", session);
      expect(documents.status).toBe(200);
      expect(documents.page.text("main")).toContain("There are no documents yet.");
      // Nothing to book, said plainly (not "closed after 1 January 1970"), and nothing to pay.
      const booking = await page("/book-ticket", session);
      expect(booking.status).toBe(200);
      expect(booking.page.text(".booking-closed")).toBe(NO_EVENT_TO_BOOK);
      expect(booking.page.text("#booking-title")).toBe("Book tickets");
      expect(booking.page.text("main")).not.toContain("1970");

      // The last accountant who lost their phone and recovery codes: --promote clears the set-up and gives a fresh link.
      const signInAgain = await formPost(server!.url, "/login", { email: "first@example.org", password: "a-good-opening-phrase" }, { ip: "192.0.2.51" });
      expect(signInAgain.headers.get("Location")).toMatch(/^\/login\/two-step/);
      await server!.stop();
      const promoted = adminCreate(origin, "--email", "first@example.org", "--promote");
      expect(promoted.status, promoted.out).toBe(0);
      expect(promoted.out).toContain("Their two-step verification was reset");
      await start();
      const relink = new RegExp(`${origin}(/reset-account-password/[0-9a-f]{24}/[A-Za-z0-9]{10})`).exec(promoted.out)?.[1];
      expect((await formPost(server!.url, relink!, { password: "a-second-password-1", confirmPassword: "a-second-password-1" })).status).toBe(302);
      const back = await formPost(server!.url, "/login", { email: "first@example.org", password: "a-second-password-1" }, { ip: "192.0.2.52" });
      // Signed in with the password alone; the setting (kept on) asks for set-up again.
      expect(back.headers.get("Location")).toBe("/accounts");
      const backSession = /__session=[^;]+/.exec(back.headers.get("Set-Cookie") ?? "")![0];
      expect((await page("/accounts", backSession)).location).toBe("/account/security/two-step?redirectTo=%2Faccounts");
      expect(secret).not.toBe("");
    },
    TIMEOUTS.long,
  );
});

/** Sets up two-step verification as the session's member, as the set-up page asks: the key read off it, then its first code. */
async function setUpTwoStep(session: string): Promise<string> {
  expect((await formPost(server!.url, "/account/security/two-step", { intent: "begin" }, { cookie: session })).status).toBe(302);
  const shown = await page("/account/security/two-step", session);
  const secret = shown.page.text("[data-two-step-secret]").replace(/\s/g, "");
  const confirmed = await formPost(
    server!.url,
    "/account/security/two-step",
    { intent: "confirm", code: await totpAt(secret, Date.now() / 1000) },
    { cookie: session },
  );
  expect(confirmed.status).toBe(200);
  return secret;
}

describe("a Cockpit where nothing was ever saved", () => {
  let cockpit: FakeCockpit;
  let cockpitServer: InProcessWorker;
  let cockpitD1: string;
  beforeAll(async () => {
    cockpitD1 = mkdtempSync(path.join(tmpdir(), "mma-fresh-cockpit-d1-"));
    cpSync(persistTo, cockpitD1, { recursive: true });
    cockpit = await startFakeCockpit();
    cockpitServer = await startWorkerInProcess({ persistTo: cockpitD1, vars: { CMS_API_URL: cockpit.url, CMS_API_TOKEN: cockpit.token } });
  });
  afterAll(async () => {
    await cockpitServer?.stop();
    await cockpit?.stop();
    rmSync(cockpitD1, { recursive: true, force: true });
  });

  it("renders every public page with its empty state, as on D1, reading the Cockpit", async () => {
    for (const [pathname, empty] of EMPTY_STATES) await expectEmptyState(pathname, empty, cockpitServer.url);
    expect(cockpit.requests.some((request) => request.path === "/api/singletons/get/general")).toBe(true);
    const signup = await page("/signup", undefined, cockpitServer.url);
    expect(signup.page.one("main form")).toBeNull();
  });
});
