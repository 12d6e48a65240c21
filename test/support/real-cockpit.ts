import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../scripts/lib";

/**
 * A real Cockpit CMS v1 (vendor/cockpit-v1, ADR 32) for `npm run test:cockpit-real`: PHP's
 * built-in server over a data directory that start.sh installs. The script installs one
 * template directory; every test block that needs a Cockpit copies it into a directory of its
 * own under the run's root and serves the copy on a free port, so blocks start from the same
 * empty collections (entries with chosen `_id`s can only be inserted with `--load`: REST
 * cannot create them).
 */

export const START_SH = path.join(ROOT, "vendor", "cockpit-v1", "start.sh");
export const PHP_INSTALL = "sudo apt-get install -y php-cli php-sqlite3 php-gd php-mbstring";

/** Set by scripts/test-cockpit-real.ts for the vitest run it starts. */
export const REAL_ENV = { template: "COCKPIT_REAL_TEMPLATE", root: "COCKPIT_REAL_ROOT" } as const;

/** The installed template directory when this is the real-Cockpit run, else null. */
export function realCockpitTemplate(): string | null {
  return process.env[REAL_ENV.template] || null;
}

/** What is missing for the real Cockpit (php or one of its modules), or null when nothing is. */
export function phpProblem(): string | null {
  let modules: string;
  try {
    modules = execFileSync("php", ["-m"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).toLowerCase();
  } catch {
    return "php is not installed";
  }
  const have = new Set(modules.split(/\r?\n/).map((line) => line.trim()));
  const missing = [have.has("pdo_sqlite") && have.has("sqlite3") ? null : "sqlite3 (pdo_sqlite)", have.has("gd") ? null : "gd", have.has("mbstring") ? null : "mbstring"].filter(Boolean);
  return missing.length ? `PHP lacks ${missing.join(", ")}` : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const run = promisify(execFile);

export interface RealCockpit {
  /** The API base (CMS_API_URL). */
  url: string;
  token: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Copies the template into a new directory under `root` and serves it. `load` is start.sh's
 * `--load` content (`{collections, singletons}`), inserted as it is; `workers` is
 * COCKPIT_WORKERS (start.sh's default, 4, when absent).
 */
export async function startRealCockpit(options: { template: string; root: string; load?: object; workers?: number }): Promise<RealCockpit> {
  const dir = mkdtempSync(path.join(options.root, "block-"));
  cpSync(options.template, dir, { recursive: true });
  rmSync(path.join(dir, "php.pid"), { force: true });
  const args: string[] = [];
  if (options.load) {
    const file = path.join(dir, "load.json");
    writeFileSync(file, JSON.stringify(options.load));
    args.push("--load", file);
  }
  const env = { ...process.env, ...(options.workers ? { COCKPIT_WORKERS: String(options.workers) } : {}) };
  // Another process may take the free port before php binds it: then try another one.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await run(START_SH, [String(port), dir, ...args], { env });
      const token = readFileSync(path.join(dir, "api-token"), "utf8").trim();
      return { url: `http://127.0.0.1:${port}/api`, token, dir, stop: () => stopRealCockpit(dir) };
    } catch (error) {
      await stopRealCockpit(dir, { keep: true });
      if (attempt >= 3) throw error;
    }
  }
}

export async function stopRealCockpit(dir: string, options: { keep?: boolean } = {}): Promise<void> {
  await run(START_SH, ["stop", dir]).catch(() => undefined);
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
}

/** Installs a template (start.sh's first start, then stop): the collections, singletons and form, no entries. */
export function installTemplate(dir: string): void {
  const port = execFileSync("node", ["-e", "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], { encoding: "utf8" }).trim();
  execFileSync(START_SH, [port, dir], { stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(START_SH, ["stop", dir], { stdio: ["ignore", "ignore", "inherit"] });
}

/** Stops every server still running under `root` (after a failure or ctrl-C) and removes it. */
export function stopAllUnder(root: string): void {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (existsSync(path.join(dir, "php.pid"))) execFileSync(START_SH, ["stop", dir], { stdio: "ignore" });
  }
  rmSync(root, { recursive: true, force: true });
}

/** A new root for one run's directories. */
export function newRoot(tmp: string): string {
  return mkdtempSync(path.join(tmp, "cockpit-real-"));
}
