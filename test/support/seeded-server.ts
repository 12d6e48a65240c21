import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, startDevServerOnFreePort, type DevServer } from "../../scripts/lib";
import { openLocalD1 } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";

export interface SeededServer {
  url: string;
  /** The local D1 directory (openLocalD1(persistTo) reads what the worker wrote). */
  persistTo: string;
  stop(): Promise<void>;
}

/**
 * The built worker on `wrangler dev` (workerd) with its own fresh local D1,
 * migrated and seeded with the demo, on a free port. `prepare` may add to the
 * database before the worker starts (e.g. hostile content), so nothing is
 * cached yet and no other test sees it. Assumes the app is built.
 */
export async function startSeededServer(
  options: {
    prepare?: (db: D1Database) => Promise<void>;
    /** Worker variables for this server only (wrangler dev --var), e.g. RESEND_API_KEY and RESEND_API_URL. */
    vars?: Record<string, string>;
  } = {},
): Promise<SeededServer> {
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-test-d1-"));
  try {
    migrate(persistTo, { quiet: true });
    const { db, dispose } = await openLocalD1(persistTo);
    try {
      await seedDatabase(db);
      await options.prepare?.(db);
    } finally {
      await dispose();
    }
    const log = process.env.TEST_SERVER_LOG;
    const server: DevServer = await startDevServerOnFreePort({
      persistTo,
      vars: options.vars,
      log: log ? (text) => appendFileSync(log, text) : undefined,
    });
    return {
      url: server.url,
      persistTo,
      async stop() {
        await server.stop();
        rmSync(persistTo, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
}
