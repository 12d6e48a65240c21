import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startDevServerOnFreePort, type DevServer } from "../../../../scripts/lib";
import { linkTexts } from "../../../support/html";

/**
 * A worker whose database was never migrated: every page's data load fails (no tables;
 * a migrated but empty one renders the fresh site: fresh-database.test.ts). The visitor
 * must get the friendly error page, never a trace.
 */
let server: DevServer;
let persistTo: string;

beforeAll(async () => {
  persistTo = mkdtempSync(path.join(tmpdir(), "mma-unmigrated-d1-"));
  server = await startDevServerOnFreePort({ persistTo });
});
afterAll(async () => {
  await server?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

describe("the error boundary", () => {
  it("answers a failing data load with a friendly page and no internals", async () => {
    const response = await fetch(`${server.url}/`);
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(html).toContain("Something went wrong");
    expect(linkTexts(html, "/home")).toContain("Back to home");
    for (const leak of ["no such table", "D1_ERROR", "at async", "node_modules", "build/server"]) {
      expect(html, leak).not.toContain(leak);
    }
  });
});

describe("a form sent to a page that takes none", () => {
  it("answers 405 with a page that says so, not that something failed", async () => {
    const baseURL = inject("baseURL");
    const response = await fetch(`${baseURL}/blog`, {
      method: "POST",
      headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: "q=1",
    });
    const html = await response.text();
    expect(response.status).toBe(405);
    expect(html).toContain("This page does not take forms");
    expect(html).not.toContain("Something went wrong");
  });
});
