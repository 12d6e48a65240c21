import { describe, expect, it } from "vitest";
import { baseURL } from "../../support/browser";
import { demoAccount, sessionCookieFor } from "../../support/session";

/**
 * The guard rules (spec §2) on every back-office route, GET and POST: visitors go to
 * /login, members and applicants never get in (members to /mem-account), and only the
 * accountant sees the page. Nothing here changes data: refused posts stop at the guard.
 */

const who = {
  visitor: null,
  applicant: demoAccount("applicant").id,
  member: demoAccount("member").id,
  accountant: demoAccount("treasurer").id,
} as const;
type Who = keyof typeof who;

async function call(method: "GET" | "POST", path: string, as: Who) {
  const headers: Record<string, string> = { Origin: baseURL() };
  const id = who[as];
  if (id) headers.Cookie = await sessionCookieFor(id);
  if (method === "POST") headers["Content-Type"] = "application/x-www-form-urlencoded";
  // Unconfirmed, so that even the accountant's post only asks (the shared server's demo stays as it is).
  const body = method === "POST" ? new URLSearchParams({ do: `delete:${demoAccount("single").id}` }) : undefined;
  return fetch(`${baseURL()}${path}`, { method, headers, body, redirect: "manual" });
}

const ADMIN_PAGES = [
  "/accounts",
  "/deleted-members",
  "/accounts/export.csv",
  "/accounts/emails",
  "/accounts/payments",
  "/mem-renewals",
  "/mem-renewals/pending.csv",
  "/mem-events-pay",
  "/mem-events-pay/tickets.csv",
  "/scan-qr-code",
];
/** Read-only pages: Remix answers any post with 405 before a loader runs, whoever asks. */
const READ_ONLY = new Set(["/accounts/export.csv", "/accounts/emails", "/mem-renewals/pending.csv", "/mem-events-pay/tickets.csv"]);
/** What the accountant's (harmless) post gets, past the guard. */
const ACCOUNTANT_POST: Record<string, number> = {
  // Reconcile without an id and an unknown intent on the reminders page answer with a message and a redirect.
  "/accounts/payments": 302,
  "/mem-renewals": 302,
  // The report has no action of its own: 405 once the guard has passed.
  "/mem-events-pay": 405,
  // SAVE without a ticket does nothing.
  "/scan-qr-code": 400,
};

describe("back-office guards", () => {
  for (const path of READ_ONLY) {
    it(`POST ${path} is 405 for everyone`, async () => {
      for (const as of Object.keys(who) as Who[]) expect((await call("POST", path, as)).status).toBe(405);
    });
  }

  for (const path of ADMIN_PAGES) {
    for (const method of ["GET", "POST"] as const) {
      if (method === "POST" && READ_ONLY.has(path)) continue;
      it(`${method} ${path}`, async () => {
        const visitor = await call(method, path, "visitor");
        expect(visitor.status).toBe(302);
        expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

        // The applicant is not active yet: a guarded route sends them to /login.
        const applicant = await call(method, path, "applicant");
        expect(applicant.status).toBe(302);
        expect(applicant.headers.get("Location")).toMatch(/^\/login/);

        const member = await call(method, path, "member");
        expect(member.status).toBe(302);
        expect(member.headers.get("Location")).toBe("/mem-account");

        const accountant = await call(method, path, "accountant");
        if (method === "GET") expect(accountant.status).toBe(200);
        // The members tables ask before they change anything.
        else expect(accountant.status).toBe(ACCOUNTANT_POST[path] ?? 200);
      });
    }
  }

  it("the single-fetch data of /accounts is guarded too", async () => {
    const visitor = await call("GET", "/accounts.data", "visitor");
    expect(await visitor.text()).not.toContain(demoAccount("member").email);
    const member = await call("GET", "/accounts.data", "member");
    expect(await member.text()).not.toContain(demoAccount("single").email);
  });

  it("the application sheet: the accountant and the member themself; everyone else 404", async () => {
    const sheet = `/member-details/${demoAccount("member").id}`;
    expect((await call("GET", sheet, "accountant")).status).toBe(200);
    expect((await call("GET", sheet, "member")).status).toBe(200);
    expect((await call("GET", sheet, "visitor")).status).toBe(404);
    expect((await call("GET", sheet, "applicant")).status).toBe(404);
    expect((await call("GET", `/member-details/${demoAccount("single").id}`, "member")).status).toBe(404);
  });
});
