import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, startDevServerOnFreePort, type DevServer } from "../scripts/lib";
import { openLocalPlatform } from "../seed/platform";
import { seedPhotos, type PhotoSeedOptions } from "../seed/photos";
import { seedDatabase } from "../seed/seed";

/**
 * The built worker on `wrangler dev` (workerd) with its own fresh local D1 in a
 * temporary directory, migrated and seeded with the demo, on a free loopback port
 * (the same steps as test/support/server-setup.ts). `stop()` may be called at any
 * time, also while `start()` is still under way (Ctrl-C), and more than once: it
 * stops the server once it is up and always removes the temporary directory.
 */
export function seededServer(
  options: {
    log?: (text: string) => void;
    /** Synthetic members on top of the demo. */ members?: number;
    /** Real-size photos too (npm run seed -- --photos): a gallery of phone photos and full-size banners. */ photos?: PhotoSeedOptions;
    /** Worker variables (wrangler dev --var), e.g. CMS_API_URL and CMS_API_TOKEN for bench/cockpit.ts. */ vars?: Record<string, string>;
    /** Synthetic tickets (default: two per synthetic member). */ tickets?: number;
    /** Another worker entry than server.ts: bench/d1-rows-worker.ts for the rows part (ADR 61). */ script?: string;
    /** A change to the seeded data before the server starts. */ prepare?: (db: D1Database) => Promise<void>;
  } = {},
) {
  const persistTo = mkdtempSync(path.join(tmpdir(), "mma-bench-d1-"));
  let server: Promise<DevServer> | undefined;
  let running: DevServer | undefined;
  let stopping: Promise<void> | undefined;
  let stopped = false;

  const stillWanted = () => {
    if (stopping) throw new Error("The benchmark was stopped while the server was starting.");
  };

  async function start(): Promise<string> {
    stillWanted();
    migrate(persistTo, { quiet: true });
    stillWanted();
    const { db, media, images, dispose } = await openLocalPlatform(persistTo);
    try {
      await seedDatabase(db, { members: options.members, tickets: options.tickets, media });
      if (options.photos) await seedPhotos({ db, media, images }, options.photos);
      await options.prepare?.(db);
    } finally {
      await dispose();
    }
    stillWanted();
    return launch();
  }

  async function launch(): Promise<string> {
    server = startDevServerOnFreePort({ persistTo, log: options.log, vars: options.vars, script: options.script });
    running = await server;
    return running.url;
  }

  /**
   * Stops wrangler dev and starts it again on the same D1, with the Cache API's files removed:
   * the next request finds nothing cached (the isolate's memory went with the process). Returns the new URL.
   */
  async function restart(): Promise<string> {
    stillWanted();
    await running?.stop();
    rmSync(path.join(persistTo, "v3", "cache"), { recursive: true, force: true });
    stillWanted();
    return launch();
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      try {
        const running = await server?.catch(() => undefined);
        await running?.stop();
      } finally {
        rmSync(persistTo, { recursive: true, force: true });
        stopped = true;
      }
    })();
    return stopping;
  }

  /**
   * Last resort for `process.on("exit")`, where nothing asynchronous runs: kills the
   * server's process group outright and removes the directory, unless stop() finished.
   */
  function killNow(): void {
    if (stopped) return;
    const pid = running?.process.pid;
    if (pid !== undefined && running?.process.exitCode === null) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    rmSync(persistTo, { recursive: true, force: true });
  }

  return { persistTo, start, restart, stop, killNow };
}
