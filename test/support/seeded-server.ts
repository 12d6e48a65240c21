import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { startDevServerOnFreePort } from "../../scripts/lib";
import { startWorkerInProcess, type InProcessWorker } from "../../scripts/worker-in-process";
import { openLocalD1 } from "../../seed/platform";
import { cockpitDataFromD1, cockpitMode } from "./cockpit-mode";
import type { D1Template } from "./d1-template";
import { lendBindings } from "./server-d1";
import { registerSessionServer } from "./session";
import { startFakeCockpit, type FakeCockpit } from "./fake-cockpit";
import type { CockpitDemo } from "../../seed/cockpit-demo";

export interface SeededServer {
  url: string;
  /** The local D1 directory (openLocalD1(persistTo) reads what the worker wrote). */
  persistTo: string;
  /** In the Cockpit run (E2E_STORE=cockpit, see cockpit-mode.ts): the fake Cockpit this server reads and writes. */
  cockpit?: FakeCockpit;
  /** Runs the worker's scheduled handler as at `time` for `cron` (default the daily run; in-process servers only); "ok" when it succeeded. */
  scheduled(time: Date, cron?: string): Promise<string>;
  stop(): Promise<void>;
}

export type { D1Template };

declare module "vitest" {
  export interface ProvidedContext {
    d1Template: D1Template;
  }
}

/**
 * The built worker (bundled once, served in-process by Miniflare: scripts/worker-in-process.ts)
 * with its own copy of the run's migrated and seeded local D1, on a free port. `prepare` may
 * add to the database before the worker serves anything (e.g. hostile content), so nothing
 * is cached yet and no other test sees it; it writes through the worker's own bindings
 * (server-d1.ts), which tests then read through too. Assumes the worker is bundled (server-setup.ts).
 * In the Cockpit run the server gets its own fake Cockpit holding the seeded (and
 * prepared) members, transactions, tickets and content, and uses it as its store.
 */
export async function startSeededServer(
  options: {
    prepare?: (db: D1Database) => Promise<void>;
    /**
     * Where the site keeps its records: "cockpit" serves it over a fake Cockpit filled from
     * the prepared database (the server's `cockpit`), "d1" over D1 alone. By default the
     * run's (cockpit-mode.ts).
     */
    store?: "d1" | "cockpit";
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
  const fresh = () => {
    rmSync(persistTo, { recursive: true, force: true });
    cpSync(template.dir, persistTo, { recursive: true });
  };
  let cockpit: FakeCockpit | undefined;
  let server: InProcessWorker | undefined;
  try {
    fresh();
    // A test that brings its own Cockpit (vars.CMS_API_URL) keeps it.
    const wantsCockpit = (options.store ? options.store === "cockpit" : cockpitMode()) && !options.vars?.CMS_API_URL;
    const prepare = options.prepare;
    // The fake Cockpit is filled from the prepared database before the worker starts (it is
    // given the fake's address), and wrangler dev runs its own proxy over the files: there
    // the prepare opens the files by itself, before the server starts.
    const prepareFirst = Boolean(prepare) && (wantsCockpit || Boolean(options.wranglerDev));
    let cockpitData: CockpitDemo | undefined;
    if (prepare && prepareFirst) {
      cockpitData = await againAfterProxyGlitch(async () => {
        const { db, dispose } = await openLocalD1(persistTo);
        try {
          await prepare(db);
          return wantsCockpit ? await cockpitDataFromD1(db, new Date(template.date)) : undefined;
        } finally {
          await dispose();
        }
      }, fresh);
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
    const serve = () => (options.wranglerDev ? startDevServerOnFreePort(serverOptions) : startWorkerInProcess(serverOptions));
    const varsServed = JSON.stringify(options.vars ?? {});
    server = await serve();
    if (prepare && !prepareFirst) {
      // Prepared through the worker's own bindings before anything asks it for a page, so
      // nothing is cached yet.
      await againAfterProxyGlitch(
        async () => {
          const { db, dispose } = await server!.bindings!();
          try {
            await prepare(db);
          } finally {
            await dispose();
          }
        },
        // A second try starts again from the template: the first may have written half.
        async () => {
          await server!.stop();
          fresh();
          server = await serve();
        },
      );
    }
    // A prepare may fill `vars` from what it wrote (a test's own fake Cockpit holding the
    // prepared data): the worker, which has served nothing yet, starts again with them.
    if (JSON.stringify(options.vars ?? {}) !== varsServed) {
      await server.stop();
      serverOptions.vars = { ...serverOptions.vars, ...options.vars };
      server = await serve();
    }
    const running = server;
    if (cockpit) {
      // Fail early rather than test D1 twice: the home page reads its slides from the store.
      await fetch(`${running.url}/`);
      if (!cockpit.requests.some((request) => request.path.includes("/collections/get/"))) {
        throw new Error("The test server did not read its fake Cockpit: is CMS_API_URL ignored?");
      }
    }
    const giveBack = running.bindings ? lendBindings(persistTo, running.bindings) : () => {};
    // Where sessionCookieFor records its rows (ADR 70): the in-process servers' session door, a `wrangler dev` server's D1 files.
    const forget = registerSessionServer(running.url, options.wranglerDev ? persistTo : null);
    return {
      url: running.url,
      persistTo,
      cockpit,
      scheduled: (time, cron) =>
        running.scheduled ? running.scheduled(time, cron) : Promise.reject(new Error("wrangler dev servers cannot run the scheduled handler")),
      async stop() {
        giveBack();
        forget();
        await running.stop();
        await cockpit?.stop();
        rmSync(persistTo, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
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
async function againAfterProxyGlitch<T>(work: () => Promise<T>, reset: () => void | Promise<void>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error && error.name === "AssertionError" && /SynchronousFetcher|fetch-sync/.test(error.stack ?? ""))) throw error;
    console.warn(`The D1 proxy lost an answer while preparing a test server (${error.message}); preparing it again from the template.`);
    await reset();
    return work();
  }
}
