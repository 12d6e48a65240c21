import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { migrate, startDevServerOnFreePort } from "../../scripts/lib";
import { startWorkerInProcess, type InProcessWorker } from "../../scripts/worker-in-process";
import { openLocalD1, openLocalPlatform } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";
import { cockpitDataFromD1, cockpitMode } from "./cockpit-mode";
import { startFakeCockpit, type FakeCockpit } from "./fake-cockpit";
import type { CockpitDemo } from "../../seed/cockpit-demo";

export interface SeededServer {
  url: string;
  /** The local D1 directory (openLocalD1(persistTo) reads what the worker wrote). */
  persistTo: string;
  /** In the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts): the fake Cockpit this server reads and writes. */
  cockpit?: FakeCockpit;
  /** Runs the worker's daily scheduled handler as at `time` (in-process servers only); "ok" when it succeeded. */
  scheduled(time: Date): Promise<string>;
  stop(): Promise<void>;
}

/** The run's migrated and seeded database, made once by server-setup.ts and copied for every server. */
export interface D1Template {
  /** A persist directory (as `wrangler dev --persist-to` lays it out) holding the seeded D1. */
  dir: string;
  /** The day the seed was made for (ISO): the fake Cockpit's content is built for the same day. */
  date: string;
  /** In the Cockpit run: the seed in Cockpit's shapes (cockpitDataFromD1), as JSON. */
  cockpitData?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    d1Template: D1Template;
  }
}

/**
 * Migrates (one wrangler process) and seeds a database once per run. Copying it costs
 * milliseconds; migrating and seeding it costs a wrangler process and a workerd each.
 */
export async function makeD1Template(): Promise<D1Template> {
  const dir = mkdtempSync(path.join(tmpdir(), "mma-test-d1-template-"));
  migrate(dir, { quiet: true });
  const date = new Date();
  const { db, media, dispose } = await openLocalPlatform(dir);
  try {
    await seedDatabase(db, { date, media });
    const template: D1Template = { dir, date: date.toISOString() };
    if (cockpitMode()) {
      template.cockpitData = path.join(dir, "cockpit.json");
      writeFileSync(template.cockpitData, JSON.stringify(await cockpitDataFromD1(db, date)));
    }
    return template;
  } finally {
    await dispose();
  }
}

/**
 * The built worker (bundled once, served in-process by Miniflare: scripts/worker-in-process.ts)
 * with its own copy of the run's migrated and seeded local D1, on a free port. `prepare` may
 * add to the database before the worker starts (e.g. hostile content), so nothing is
 * cached yet and no other test sees it. Assumes the worker is bundled (server-setup.ts).
 * In the Cockpit run the server gets its own fake Cockpit holding the seeded (and
 * prepared) members, transactions, tickets and content, and uses it as its store.
 */
export async function startSeededServer(
  options: {
    prepare?: (db: D1Database) => Promise<void>;
    /** Worker variables for this server only, e.g. RESEND_API_KEY and RESEND_API_URL. */
    vars?: Record<string, string>;
    /** The run's template (the shared server's setup passes it; test files get it from server-setup.ts). */
    template?: D1Template;
    /**
     * Serve with `wrangler dev` (what npm start runs: it bundles again and puts its proxy in
     * front) instead of in-process, for tests of wrangler dev's own behaviour.
     */
    wranglerDev?: boolean;
  } = {},
): Promise<SeededServer> {
  const template = options.template ?? inject("d1Template");
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-test-d1-"));
  let cockpit: FakeCockpit | undefined;
  try {
    cpSync(template.dir, persistTo, { recursive: true });
    // A test that brings its own Cockpit (vars.CMS_API_URL) keeps it.
    const wantsCockpit = cockpitMode() && !options.vars?.CMS_API_URL;
    let cockpitData: CockpitDemo | undefined;
    if (options.prepare) {
      const prepare = options.prepare;
      cockpitData = await againAfterProxyGlitch(
        async () => {
          const { db, dispose } = await openLocalD1(persistTo);
          try {
            await prepare(db);
            return wantsCockpit ? await cockpitDataFromD1(db, new Date(template.date)) : undefined;
          } finally {
            await dispose();
          }
        },
        // A second try starts again from the template: the first may have written half.
        () => {
          rmSync(persistTo, { recursive: true, force: true });
          cpSync(template.dir, persistTo, { recursive: true });
        },
      );
    } else if (wantsCockpit) {
      cockpitData = JSON.parse(readFileSync(template.cockpitData!, "utf8")) as CockpitDemo;
    }
    if (cockpitData) cockpit = await startFakeCockpit(cockpitData);
    const log = process.env.TEST_SERVER_LOG;
    const serverOptions = {
      persistTo,
      vars: { ...(cockpit && { CMS_API_URL: cockpit.url, CMS_API_TOKEN: cockpit.token }), ...options.vars },
      log: log ? (text: string) => appendFileSync(log, text) : undefined,
    };
    const server: InProcessWorker = options.wranglerDev ? await startDevServerOnFreePort(serverOptions) : await startWorkerInProcess(serverOptions);
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
      scheduled: (time) => (server.scheduled ? server.scheduled(time) : Promise.reject(new Error("wrangler dev servers cannot run the scheduled handler"))),
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

/**
 * Miniflare's platform proxy (getPlatformProxy) answers a synchronous call, such as
 * `db.prepare(...)`, through a helper thread; very rarely that answer goes missing and the
 * call fails with a bare AssertionError in its SynchronousFetcher (once in a CI run of some
 * thousands of such calls). A server's prepare step writes to its own fresh copy of the
 * template, so it is tried once more from a fresh copy; any other error fails at once.
 */
async function againAfterProxyGlitch<T>(work: () => Promise<T>, reset: () => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error && error.name === "AssertionError" && /SynchronousFetcher|fetch-sync/.test(error.stack ?? ""))) throw error;
    console.warn(`The D1 proxy lost an answer while preparing a test server (${error.message}); preparing it again from the template.`);
    reset();
    return work();
  }
}
