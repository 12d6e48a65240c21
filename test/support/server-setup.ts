import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build, hasBuild, migrate, startDevServer, type DevServer } from "../../scripts/lib";
import { openLocalD1 } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Once per test run: the built worker on `wrangler dev` (workerd) with its own
 * fresh local D1, migrated and seeded with the demo, on a free port.
 * Only started when the run includes integration or browser tests.
 */
export default async function setup(project: TestProject) {
  const names = new Set(project.vitest.projects.map((p) => p.name));
  if (!names.has("integration") && !names.has("e2e")) return;

  if (!hasBuild() || process.env.TEST_BUILD === "1") build({ quiet: true });
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-test-d1-"));
  migrate(persistTo, { quiet: true });
  const { db, dispose } = await openLocalD1(persistTo);
  try {
    await seedDatabase(db);
  } finally {
    await dispose();
  }
  let server: DevServer | undefined;
  try {
    server = await startDevServer({ port: await freePort(), persistTo });
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
  project.provide("baseURL", server.url);

  return async () => {
    await server?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
