import { existsSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ROOT, run, wranglerEnv } from "./lib";
import { bindingsOnOwnProxy } from "./own-proxy";
import { DOOR_NAME, DOOR_SCRIPT, TEST_SESSION_DOOR } from "./test-session-door";

/**
 * The tests' servers: the built worker, bundled ONCE per run by wrangler (the same bundle
 * `wrangler deploy` uploads), served by Miniflare (workerd) started from this process.
 * `wrangler dev` bundles the worker again and runs a Node proxy in front of workerd for
 * every server; the tests need neither (test/integration/kernel/layout/error-page.test.ts keeps one
 * server on `wrangler dev`, which npm start uses). See docs/decisions/0030-test-run-shape.md.
 */
export const WORKER_BUNDLE = path.join(ROOT, "build", "test-worker", "server.js");

/** Bundles build/server (remix vite:build's output) with server.ts into WORKER_BUNDLE. */
export function bundleWorker(options: { quiet?: boolean } = {}): void {
  run("wrangler", ["deploy", "--dry-run", "--env", "development", "--outdir", path.dirname(WORKER_BUNDLE)], {
    // As in startDevServer: the production React builds, what visitors get.
    env: wranglerEnv({ NODE_ENV: "production", CI: "true" }),
    quiet: options.quiet,
  });
}

export function hasWorkerBundle(): boolean {
  return existsSync(WORKER_BUNDLE);
}

const WORKER_NAME = "mma-community-site-dev";
/** wrangler.toml's daily trigger (the scheduled handler's default run). */
const DAILY_CRON = "0 6 * * *";

export interface InProcessWorker {
  url: string;
  /**
   * Runs the worker's scheduled handler as at `time` for one of wrangler.toml's triggers: the daily
   * run by default, or `cron` (the 15-minute mailings run is "*\/15 * * * *"); "ok" when it succeeded.
   */
  scheduled?(time: Date, cron?: string): Promise<string>;
  /**
   * The worker's own D1 and R2 bindings, reached from Node through this workerd (in-process
   * servers only): reading or preparing its data costs no second workerd.
   */
  bindings?(): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }>;
  stop(): Promise<void>;
}

/**
 * The bundled worker with wrangler.toml's development environment (its vars, D1 and R2 bindings,
 * static assets in front of the worker, compatibility flags), its local D1 and R2 under
 * `persistTo` (the layout `wrangler dev --persist-to` and openLocalD1 use), on a free port.
 */
export async function startWorkerInProcess(options: {
  persistTo: string;
  vars?: Record<string, string>;
  log?: (text: string) => void;
}): Promise<InProcessWorker> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"), "development");
  const forward = (stream: Readable) => stream.on("data", (chunk: Buffer) => options.log?.(chunk.toString()));
  const mf = new Miniflare({
    d1Persist: path.join(options.persistTo, "v3", "d1"),
    // The MEDIA bucket's local R2, where `wrangler dev --persist-to` and openLocalPlatform keep it.
    r2Persist: path.join(options.persistTo, "v3", "r2"),
    host: "127.0.0.1",
    port: 0,
    // No request to Cloudflare for the `cf` object (this machine is offline); a fixed stand-in.
    cf: { country: "GB", colo: "LHR" },
    log: new Log(LogLevel.WARN),
    // The worker's console goes where wrangler dev's output went: TEST_SERVER_LOG, or nowhere.
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      forward(stdout);
      forward(stderr);
    },
    workers: [
      {
        ...workerOptions,
        name: WORKER_NAME,
        // One self-contained module (wrangler bundled everything into it), listed as wrangler dev
        // lists it: Miniflare's own import scan stops at the bundle's dynamic imports.
        modules: [{ type: "ESModule", path: WORKER_BUNDLE }],
        bindings: { ...workerOptions.bindings, ...options.vars },
      },
      {
        name: DOOR_NAME,
        modules: true,
        script: DOOR_SCRIPT,
        compatibilityDate: "2026-04-20",
        d1Databases: workerOptions.d1Databases,
        routes: [`*${TEST_SESSION_DOOR}`],
      },
    ],
  });
  const url = (await mf.ready).origin;
  return {
    url,
    async scheduled(time, cron = DAILY_CRON) {
      const result = await (await mf.getWorker()).scheduled({ cron, scheduledTime: time });
      return result.outcome;
    },
    bindings: () => bindingsOnOwnProxy(mf, { worker: WORKER_NAME, d1: "DB", r2: "MEDIA" }),
    stop: () => mf.dispose(),
  };
}
