import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES, pageUrls, routeFilesInConfig } from "../../support/route-list";

const routeFiles = await routeFilesInConfig();

/** The route list the access matrix and the all-pages checks are generated from must be the app's. */
describe("test/support/route-list.ts", () => {
  it("has an entry for every route file in app/routes.ts", () => {
    const missing = routeFiles.filter((file) => !(file in ROUTES));
    expect(missing, `Add these route files to ROUTES in test/support/route-list.ts (sample URL, methods, access): ${missing.join(", ")}`).toEqual([]);
  });

  it("has no entry without a file", () => {
    const stale = Object.keys(ROUTES).filter((file) => !routeFiles.includes(file));
    expect(stale, `Remove (or rename) these entries of ROUTES in test/support/route-list.ts: no such route file in app/routes.ts: ${stale.join(", ")}`).toEqual(
      [],
    );
  });

  it("lists POST exactly for the routes that export an action", () => {
    const wrong = routeFiles.filter((file) => {
      const source = readFileSync(path.resolve(import.meta.dirname, "../../../app", file), "utf8");
      const hasAction = /export\s+(async\s+)?(function|const)\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
      return hasAction !== (ROUTES[file]?.methods.includes("POST") ?? hasAction);
    });
    expect(wrong, `Fix the methods of these entries in test/support/route-list.ts (POST if and only if the route has an action): ${wrong.join(", ")}`).toEqual(
      [],
    );
  });

  it("says who sees a special route, and samples a path on this site", () => {
    for (const [file, entry] of Object.entries(ROUTES)) {
      if (entry.access === "special") expect(entry.rule, `${file}: a special route needs its rule`).toBeTruthy();
      if (entry.html && entry.access === "special") expect(entry.seenBy, `${file}: who sees this page?`).toBeDefined();
      expect(entry.path.startsWith("/"), file).toBe(true);
    }
  });

  it("pageUrls: each actor's pages, without those that send the actor on, /logout last", () => {
    const paths = (actor: Parameters<typeof pageUrls>[0]) => pageUrls(actor).map((page) => page.path);
    expect(paths("visitor")).toContain("/login");
    expect(paths("visitor")).not.toContain("/mem-account");
    expect(paths("applicant")).not.toContain("/signup");
    expect(paths("member")).not.toContain("/login");
    expect(paths("member")).toContain("/mem-account");
    expect(paths("member")).not.toContain("/accounts");
    expect(paths("accountant")).toContain("/accounts");
    // The website studio: editors and accountants; an editor gets nothing of the back office.
    expect(paths("editor")).toContain("/studio");
    expect(paths("accountant")).toContain("/studio");
    expect(paths("member")).not.toContain("/studio");
    expect(paths("editor")).not.toContain("/accounts");
    expect(paths("editor")).toContain("/mem-account");
    // The door steward (ADR 65): the door and their own account, nothing else of the back office or the studio.
    expect(paths("steward")).toContain("/scan-qr-code");
    expect(paths("steward")).toContain("/mem-account");
    expect(paths("accountant")).toContain("/scan-qr-code");
    for (const path of ["/accounts", "/accounts/desk", "/studio", "/mem-renewals", "/accounts/payments"]) expect(paths("steward")).not.toContain(path);
    expect(paths("editor")).not.toContain("/scan-qr-code");
    expect(paths("otherMember").some((path) => path.startsWith("/member-details/"))).toBe(false);
    for (const actor of ["visitor", "member", "accountant"] as const) expect(paths(actor).at(-1)).toBe("/logout");
    expect(pageUrls("visitor").find((page) => page.path === "/404")?.status).toBe(404);
  });
});
