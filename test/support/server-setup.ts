import type { TestProject } from "vitest/node";
import { build, hasBuild } from "../../scripts/lib";
import { startSeededServer, type SeededServer } from "./seeded-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

interface Shared {
  server: Promise<SeededServer>;
  users: number;
}
const KEY = Symbol.for("mma.test.server");
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function start(): Promise<SeededServer> {
  // Always the current code: a stale build would test yesterday's worker.
  if (process.env.TEST_SKIP_BUILD !== "1" || !hasBuild()) build({ quiet: true });
  return startSeededServer();
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
  project.provide("baseURL", (await shared.server).url);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry[KEY] = undefined;
    await (await shared.server).stop();
  };
}
