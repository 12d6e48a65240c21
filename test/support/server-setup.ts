import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build, freePort, hasBuild, migrate, startDevServer, type DevServer } from "../../scripts/lib";
import { openLocalD1 } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

interface Shared {
  server: Promise<{ server: DevServer; persistTo: string }>;
  users: number;
}
const KEY = Symbol.for("mma.test.server");
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function start(): Promise<{ server: DevServer; persistTo: string }> {
  // Always the current code: a stale build would test yesterday's worker.
  if (process.env.TEST_SKIP_BUILD !== "1" || !hasBuild()) build({ quiet: true });
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-test-d1-"));
  try {
    migrate(persistTo, { quiet: true });
    const { db, dispose } = await openLocalD1(persistTo);
    try {
      await seedDatabase(db);
    } finally {
      await dispose();
    }
    const log = process.env.TEST_SERVER_LOG;
    const server = await startDevServer({
      port: await freePort(),
      persistTo,
      log: log ? (text) => appendFileSync(log, text) : undefined,
    });
    return { server, persistTo };
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The built worker on `wrangler dev` (workerd) with its own fresh local D1,
 * migrated and seeded with the demo, on a free port. The integration and e2e
 * projects both declare this setup; the first starts the server, both share it,
 * and the last to finish stops it.
 */
export default async function setup(project: TestProject) {
  const shared = (registry[KEY] ??= { server: start(), users: 0 });
  shared.users += 1;
  const { server } = await shared.server;
  project.provide("baseURL", server.url);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry[KEY] = undefined;
    const { server: running, persistTo } = await shared.server;
    await running.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
