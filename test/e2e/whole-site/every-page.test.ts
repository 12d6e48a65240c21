import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServerOnFreePort, type DevServer } from "../../../scripts/lib";
import { migratedD1 } from "../../support/d1-template";
import { startWorkerInProcess, type InProcessWorker } from "../../../scripts/worker-in-process";
import { axeViolations } from "../../support/axe";
import { DESKTOP, PHONE, hydrated, launchBrowser, newContext } from "../../support/browser";
import { sidewaysOverflow, unhintedScrollRegions } from "../../support/phone-width";
import { ROUTES, type Actor, type RouteEntry } from "../../support/route-list";
import { demoAccount } from "../../support/session";

/**
 * For everyone (docs/requirements.md §1.1): every HTML page of the route list (test/support/route-list.ts), so
 * a new route is checked without anyone remembering to, as the actor it is for: axe-core's
 * WCAG 2.1 A/AA rules find nothing on a desktop and on a 360 px phone, and on the phone
 * nothing sticks out sideways (test/support/phone-width.ts), a table that scrolls sideways
 * says so, and the main content shows.
 * Plus the friendly error page, from a worker whose database was never migrated, and the
 * home page of a fresh site (migrations only: no settings, no content). Read-only GETs on
 * the shared server; states the route list cannot express (menu open, cookie notice, a
 * form with errors, the door card) are in accessibility.test.ts. D1 run only
 * (ADR 57): nothing here depends on the store, so it runs once.
 */

const SESSION_OF: Record<Exclude<Actor, "visitor">, string> = {
  applicant: demoAccount("applicant").id,
  member: demoAccount("member").id,
  otherMember: demoAccount("single").id,
  editor: demoAccount("editor").id,
  steward: demoAccount("steward").id,
  accountant: demoAccount("treasurer").id,
};

/** Who the page is for: the least-privileged actor it draws the page for; member pages as both demo members (Family and Single). */
function actorsFor(entry: RouteEntry): Actor[] {
  switch (entry.access) {
    case "public":
    case "dev":
      return ["visitor"];
    case "member":
      return ["member", "otherMember"];
    case "editor":
      return ["editor"];
    case "door":
      return ["steward"];
    case "accountant":
      return ["accountant"];
    case "special":
      return [entry.seenBy![0]!];
  }
}

const PAGES = Object.entries(ROUTES)
  .filter(([, entry]) => entry.html)
  .flatMap(([file, entry]) => actorsFor(entry).map((actor) => ({ file, entry, actor })));

let browser: Browser;
let broken: DevServer;
let brokenD1: string;
let fresh: InProcessWorker;
let freshD1: string;
beforeAll(async () => {
  brokenD1 = mkdtempSync(path.join(tmpdir(), "mma-unmigrated-d1-"));
  freshD1 = mkdtempSync(path.join(tmpdir(), "mma-fresh-d1-"));
  migratedD1(freshD1);
  [browser, broken, fresh] = await Promise.all([
    launchBrowser(),
    startDevServerOnFreePort({ persistTo: brokenD1 }),
    startWorkerInProcess({ persistTo: freshD1 }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await broken?.stop();
  await fresh?.stop();
  rmSync(brokenD1, { recursive: true, force: true });
  rmSync(freshD1, { recursive: true, force: true });
});

/**
 * One browser context per actor and server, kept for the run: the phone's (isMobile and
 * hasTouch are fixed for a context's life), signed in as the actor. Pages are read-only
 * GETs, so nothing one check does changes what the next sees, and the context's cache
 * spares every page after the first from loading the site's scripts and styles again,
 * as a returning visitor's browser does (ADR 57). /logout gets a context of its own.
 */
const contexts = new Map<string, Promise<BrowserContext>>();
function contextFor(actor: Actor, baseURL: string | undefined, ownContext: boolean): Promise<BrowserContext> {
  const signedInAs = actor === "visitor" ? undefined : SESSION_OF[actor];
  const open = () => newContext(browser, { ...PHONE, signedInAs, ...(baseURL && { baseURL }) });
  if (ownContext) return open();
  const key = `${actor} ${baseURL ?? ""}`;
  if (!contexts.has(key)) contexts.set(key, open());
  return contexts.get(key)!;
}
afterAll(async () => {
  for (const context of contexts.values()) await (await context).close();
});

/**
 * Opens the page as drawn for the actor, JavaScript on (the page as most see it,
 * hydrated), and checks it on a 360 px phone and then on a desktop. `stay` holds the
 * page still: /logout leaves for the home page by itself, which is answered 204 (no
 * navigation).
 * Why one load for both: each load and hydration is most of a check's time. The page is
 * loaded at the phone's size, so the phone checks see just what a phone loads; then it is
 * widened to the desktop's 1280 px for axe. That is still the desktop's page:
 * app/styles asks only for widths (no pointer or hover media queries), which the browser
 * applies again on resize; no script reads the width or touch (no matchMedia, innerWidth);
 * with the viewport meta (width=device-width) the page is laid out 1280 px wide as on a
 * desktop; and the test browser hides scrollbars in either. So no reload is needed.
 */
async function check(url: string, options: { status: number; actor: Actor; baseURL?: string; stay?: boolean }) {
  const { status, actor, baseURL, stay = false } = options;
  const context = await contextFor(actor, baseURL, stay);
  const page = await context.newPage();
  try {
    if (stay)
      await page.route(
        (target) => target.pathname === "/",
        (route) => route.fulfill({ status: 204 }),
      );
    const response = await page.goto(url);
    expect(response?.status(), "status").toBe(status);
    await hydrated(page);
    expect(await axeViolations(page), "axe on the phone").toEqual([]);
    const width = await sidewaysOverflow(page);
    expect(width.offenders, "elements past the right edge at 360 px").toEqual([]);
    expect(width.pageWidth, "page width at 360 px").toBeLessThanOrEqual(width.viewport);
    expect(await unhintedScrollRegions(page), "tables that scroll sideways without a visible hint at 360 px").toEqual([]);
    const main = page.locator("main");
    expect(await main.isVisible(), "main is visible").toBe(true);
    expect((await main.boundingBox())!.width, "main's width at 360 px").toBeLessThanOrEqual(width.viewport);
    expect(await page.locator("h1").first().isVisible(), "the heading is visible").toBe(true);
    await page.setViewportSize(DESKTOP.viewport);
    expect(await axeViolations(page), "axe on the desktop").toEqual([]);
  } finally {
    await page.close();
    if (stay) await context.close();
  }
}

describe("every page: axe finds nothing (desktop and phone), and 360 px shows it all without sideways scroll", () => {
  for (const { file, entry, actor } of PAGES) {
    it(`${file} ${entry.path} as ${actor}`, async () => {
      await check(entry.path, { status: entry.status ?? 200, actor, stay: file === "features/sign-in/routes/logout.tsx" });
    });
  }

  it("the friendly error page (a worker whose database was never migrated) as visitor", async () => {
    await check("/", { status: 500, actor: "visitor", baseURL: broken.url });
  });

  it("the home page of a fresh site (migrations only) as visitor", async () => {
    await check("/", { status: 200, actor: "visitor", baseURL: fresh.url });
  });
});
