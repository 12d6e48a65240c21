import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { build, hasBuild } from "../../scripts/lib";
import { bundleWorker, hasWorkerBundle } from "../../scripts/worker-in-process";
import { makeD1Template, startSeededServer, type D1Template, type SeededServer } from "./seeded-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

interface Shared {
  ready: Promise<{ template: D1Template; server: SeededServer }>;
  users: number;
}
const KEY = Symbol.for("mma.test.server");
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function start(): Promise<{ template: D1Template; server: SeededServer }> {
  // Always the current code: a stale build would test yesterday's worker. TEST_SKIP_BUILD=1
  // (npm test's later runs) reuses the build and bundle the first run made.
  const reuse = process.env.TEST_SKIP_BUILD === "1";
  if (!reuse || !hasBuild()) build({ quiet: true });
  if (!reuse || !hasWorkerBundle()) bundleWorker({ quiet: true });
  const template = await makeD1Template();
  return { template, server: await startSeededServer({ template }) };
}

/**
 * Once per run: the built worker bundled once, one migrated and seeded D1 (the template
 * every test server copies), and the shared server on a copy of it. The integration and
 * e2e projects both declare this setup; the first starts it, both share it, and the
 * last to finish stops it.
 */
export default async function setup(project: TestProject) {
  const shared = (registry[KEY] ??= { ready: start(), users: 0 });
  shared.users += 1;
  const { template, server } = await shared.ready;
  project.provide("baseURL", server.url);
  project.provide("d1Template", template);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry[KEY] = undefined;
    await server.stop();
    rmSync(template.dir, { recursive: true, force: true });
  };
}
