import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** Shared steps of npm start, npm run db:reset, npm test and the benchmarks. */

export const ROOT = path.resolve(import.meta.dirname, "..");
export const DEFAULT_PERSIST_TO = path.join(ROOT, ".wrangler", "state");
const BIN = path.join(ROOT, "node_modules", ".bin");

/** Wrangler without telemetry or prompts (this machine is offline apart from the npm registry). */
export function wranglerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, WRANGLER_SEND_METRICS: "false", ...extra };
}

export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): void {
  const result = spawnSync(path.join(BIN, command), args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status}`);
  }
}

export function build(options: { quiet?: boolean } = {}): void {
  // Always the production build, even when called from vitest (which sets NODE_ENV=test
  // and would otherwise give React's development builds to the browser).
  run("remix", ["vite:build"], { ...options, env: { ...process.env, NODE_ENV: "production" } });
}

export function hasBuild(): boolean {
  return existsSync(path.join(ROOT, "build", "server", "index.js"));
}

/** Applies the D1 migrations to the local database kept under `persistTo`. */
export function migrate(persistTo = DEFAULT_PERSIST_TO, options: { quiet?: boolean } = {}): void {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--env", "development", "--persist-to", persistTo], {
    env: wranglerEnv({ CI: "true" }),
    quiet: options.quiet,
  });
}

/** wrangler dev could not bind its port: another process took it after freePort() found it free. */
export class PortInUseError extends Error {}

export interface DevServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `wrangler dev` (workerd) on the built worker and waits until it answers.
 * It runs in its own process group, because stopping only npx would leave workerd running.
 */
export async function startDevServer(options: {
  port: number;
  persistTo?: string;
  ip?: string;
  vars?: Record<string, string>;
  log?: (line: string) => void;
  /** Another entry than wrangler.toml's `main` (the bench's rows part only: bench/d1-rows-worker.ts, ADR 60). */
  script?: string;
}): Promise<DevServer> {
  const ip = options.ip ?? "127.0.0.1";
  const args = [
    "dev",
    ...(options.script ? [options.script] : []),
    "--env",
    "development",
    "--ip",
    ip,
    "--port",
    String(options.port),
    "--persist-to",
    options.persistTo ?? DEFAULT_PERSIST_TO,
    "--show-interactive-dev-session=false",
    // GET /__scheduled?cron=0+6+*+*+* runs the daily run now (ADR 0050); wrangler dev only, never deployed.
    "--test-scheduled",
  ];
  for (const [key, value] of Object.entries(options.vars ?? {})) args.push("--var", `${key}:${value}`);
  const child = spawn(path.join(BIN, "wrangler"), args, {
    cwd: ROOT,
    // The worker we run is the one we deploy: `remix vite:build` built it for
    // production, and wrangler dev would otherwise bundle React's development
    // builds around it (several times slower, and not what visitors get).
    env: wranglerEnv({ NODE_ENV: "production" }),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 20_000) output = output.slice(-20_000);
    options.log?.(text);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);

  const url = `http://${ip}:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/Address already in use/i.test(output)) throw new PortInUseError(`port ${options.port} was taken:\n${output}`);
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/favicon.svg`);
      if (response.ok) return { url, process: child, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer within 60 s:\n${output}`);
}

/**
 * startDevServer on a port that is free right now. Between finding the port and wrangler
 * binding it another process may take it (several servers start at once in the tests),
 * so that case is retried on a new port.
 */
export async function startDevServerOnFreePort(options: Omit<Parameters<typeof startDevServer>[0], "port">, attempts = 4): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevServer({ ...options, port: await freePort() });
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= attempts) throw error;
    }
  }
}

/** A TCP port that is free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}
