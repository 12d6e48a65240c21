import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, startDevServerOnFreePort, type DevServer } from "../../../scripts/lib";

/**
 * A worker whose database is migrated but empty: every page's data load fails
 * (no site settings). The visitor must get the friendly error page, never a trace.
 */
let server: DevServer;
let persistTo: string;

beforeAll(async () => {
  persistTo = mkdtempSync(path.join(tmpdir(), "mma-empty-d1-"));
  migrate(persistTo, { quiet: true });
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
    expect(html).toContain('href="/home"');
    for (const leak of ["MissingSiteSettingsError", "Site settings are missing", "D1_ERROR", "at async", "node_modules", "build/server"]) {
      expect(html, leak).not.toContain(leak);
    }
  });
});
