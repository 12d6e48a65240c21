import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { build, hasBuild } from "../../scripts/lib";
import { bundleWorker, hasWorkerBundle } from "../../scripts/worker-in-process";
import { cockpitMode } from "./cockpit-mode";
import { makeD1Template, sharedTemplate, type D1Template } from "./d1-template";
import { startSeededServer, type SeededServer } from "./seeded-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

interface Shared {
  ready: Promise<{ template: D1Template; server: SeededServer; ownTemplate: boolean }>;
  users: number;
}
const KEY = Symbol.for("mma.test.server");
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function start(): Promise<{ template: D1Template; server: SeededServer; ownTemplate: boolean }> {
  // Always the current code: a stale build would test yesterday's worker. TEST_SKIP_BUILD=1
  // (npm test's later runs) reuses the build and bundle the first run made.
  const reuse = process.env.TEST_SKIP_BUILD === "1";
  if (!reuse || !hasBuild()) build({ quiet: true });
  if (!reuse || !hasWorkerBundle()) bundleWorker({ quiet: true });
  // npm test's runs copy the template it made with the build; a run of its own makes one.
  const shared = reuse ? sharedTemplate() : null;
  const template = shared ?? (await makeD1Template({ cockpitData: cockpitMode() }));
  return { template, server: await startSeededServer({ template }), ownTemplate: !shared };
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
  const { template, server, ownTemplate } = await shared.ready;
  project.provide("baseURL", server.url);
  project.provide("d1Template", template);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry[KEY] = undefined;
    await server.stop();
    if (ownTemplate) rmSync(template.dir, { recursive: true, force: true });
  };
}
