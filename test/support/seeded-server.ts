import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, startDevServerOnFreePort, type DevServer } from "../../scripts/lib";
import { openLocalD1 } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";
import { cockpitDataFromD1, cockpitMode } from "./cockpit-mode";
import { startFakeCockpit, type FakeCockpit } from "./fake-cockpit";

export interface SeededServer {
  url: string;
  /** The local D1 directory (openLocalD1(persistTo) reads what the worker wrote). */
  persistTo: string;
  /** In the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts): the fake Cockpit this server reads and writes. */
  cockpit?: FakeCockpit;
  stop(): Promise<void>;
}

/**
 * The built worker on `wrangler dev` (workerd) with its own fresh local D1,
 * migrated and seeded with the demo, on a free port. `prepare` may add to the
 * database before the worker starts (e.g. hostile content), so nothing is
 * cached yet and no other test sees it. Assumes the app is built.
 * In the Cockpit run the server gets its own fake Cockpit holding the seeded (and
 * prepared) members, transactions, tickets and content, and uses it as its store.
 */
export async function startSeededServer(
  options: {
    prepare?: (db: D1Database) => Promise<void>;
    /** Worker variables for this server only (wrangler dev --var), e.g. RESEND_API_KEY and RESEND_API_URL. */
    vars?: Record<string, string>;
  } = {},
): Promise<SeededServer> {
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-test-d1-"));
  let cockpit: FakeCockpit | undefined;
  try {
    migrate(persistTo, { quiet: true });
    const date = new Date();
    const { db, dispose } = await openLocalD1(persistTo);
    try {
      await seedDatabase(db, { date });
      await options.prepare?.(db);
      // A test that brings its own Cockpit (vars.CMS_API_URL) keeps it.
      if (cockpitMode() && !options.vars?.CMS_API_URL) cockpit = await startFakeCockpit(await cockpitDataFromD1(db, date));
    } finally {
      await dispose();
    }
    const log = process.env.TEST_SERVER_LOG;
    const server: DevServer = await startDevServerOnFreePort({
      persistTo,
      vars: { ...(cockpit && { CMS_API_URL: cockpit.url, CMS_API_TOKEN: cockpit.token }), ...options.vars },
      log: log ? (text) => appendFileSync(log, text) : undefined,
    });
    if (cockpit) {
      // Fail early rather than test D1 twice: the home page reads its slides from the store.
      await fetch(`${server.url}/`);
      if (!cockpit.requests.some((request) => request.path.includes("/collections/get/"))) {
        await server.stop();
        throw new Error("The test server did not read its fake Cockpit: is CMS_API_URL ignored?");
      }
    }
    return {
      url: server.url,
      persistTo,
      cockpit,
      async stop() {
        await server.stop();
        await cockpit?.stop();
        rmSync(persistTo, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cockpit?.stop();
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
}
