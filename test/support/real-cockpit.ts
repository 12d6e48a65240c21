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
  const missing = [
    have.has("pdo_sqlite") && have.has("sqlite3") ? null : "sqlite3 (pdo_sqlite)",
    have.has("gd") ? null : "gd",
    have.has("mbstring") ? null : "mbstring",
  ].filter(Boolean);
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
  const port = execFileSync("node", ["-e", "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], {
    encoding: "utf8",
  }).trim();
  execFileSync(START_SH, [port, dir], { stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(START_SH, ["stop", dir], { stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Stops every server still running under `root` (after a failure or ctrl-C) and removes it.
 * start.sh's own stop first; then every process that names a directory under `root` (a php -S
 * serving one, or a start.sh that ctrl-C caught halfway, or that a test worker began after
 * ctrl-C and that would still bring its php up): `root` is this run's own temporary directory,
 * so they are all this run's. Synchronous: it also runs from an exit handler.
 */
export function stopAllUnder(root: string): void {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    if (existsSync(path.join(dir, "php.pid"))) {
      try {
        execFileSync(START_SH, ["stop", dir], { stdio: "ignore" });
      } catch {
        // Swept below.
      }
    }
  }
  for (let attempt = 1; ; attempt++) {
    sweep(root);
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** Ends the processes under `root` until two looks a moment apart find none (at most ~10 s). */
function sweep(root: string): void {
  for (let quiet = 0, looks = 0; quiet < 2 && looks < 50; looks++) {
    const found = processesUnder(root);
    // php -S leads a process group of its own (setsid): end it with its workers.
    for (const { pid, php } of found) signal(php ? -pid : pid);
    quiet = found.length ? 0 : quiet + 1;
    sleepSync(200);
  }
}

/**
 * Processes whose command line names `root` or a path below it, or whose environment is this
 * run's (a test worker still starting a block after ctrl-C, and what it started): never this one.
 */
function processesUnder(root: string): Array<{ pid: number; php: boolean }> {
  const found: Array<{ pid: number; php: boolean }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    let environment = "";
    try {
      environment = readFileSync(`/proc/${entry}/environ`, "utf8");
    } catch {
      // Not ours to read: then not ours.
    }
    const named = args.some((arg) => arg === root || arg.includes(`${root}/`));
    if (!named && !environment.split("\0").includes(`${REAL_ENV.root}=${root}`)) continue;
    found.push({ pid: Number(entry), php: path.basename(args[0] ?? "") === "php" && args.includes("-S") });
  }
  return found;
}

function signal(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone, or a worker whose group was ended first.
    if (pid < 0) signal(-pid);
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A new root for one run's directories. */
export function newRoot(tmp: string): string {
  return mkdtempSync(path.join(tmp, "cockpit-real-"));
}
