import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib";
import { ensureSystemPackages } from "./system-packages";

/**
 * npm test (ADR 0030): the system packages first (installed when it may, else one line to
 * run), then the lint (when package.json has one) and the type check running alongside
 * the vitest run (unit, integration, browser tests on D1), then the browser tests where
 * the store matters again on the Cockpit store, then the contract suite against a real
 * Cockpit v1 (npm run test:cockpit-real, when package.json has it). Prints each stage's
 * wall time and ends with one line, `N passed, N failed`, in test-results/summary.txt too,
 * counting the lint and the type check as one check each. `npm test -- <vitest args>`
 * runs only vitest with those arguments (with the checks beside it).
 */
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const summaryFile = path.join(ROOT, "test-results", "summary.txt");
const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const vitestArgs = process.argv.slice(2);
const fullRun = vitestArgs.length === 0;
rmSync(summaryFile, { force: true });

const packages = ensureSystemPackages();
if (!packages.ok) {
  console.error(packages.instruction);
  process.exit(1);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

interface Finished {
  status: number | null;
  output: string;
}

/** A command; with `quiet` its output is kept and printed when it ends (it runs beside vitest). */
function run(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<Finished> {
  const started = Date.now();
  console.log(`▶ ${name}`);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (options.quiet && output.trim()) console.log(`\n── ${name} ──\n${output.trimEnd()}`);
      console.log(`${status === 0 ? "✔" : "✘"} ${name}: ${status === 0 ? "passed" : `failed (exit ${status})`} in ${seconds(started)}`);
      resolve({ status, output });
    });
  });
}

/** The counts a vitest run (or test:cockpit-real) left in test-results/summary.txt; none: it did not get as far as reporting. */
function reportedCounts(): { passed: number; failed: number } {
  const match = existsSync(summaryFile) ? /(\d+) passed, (\d+) failed/.exec(readFileSync(summaryFile, "utf8")) : null;
  rmSync(summaryFile, { force: true });
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : { passed: 0, failed: 1 };
}

const started = Date.now();
let passed = 0;
let failed = 0;
let allExitedCleanly = true;
const count = (ok: boolean) => (ok ? passed++ : failed++);

// The checks that read the code run beside vitest: tsc and ESLint are single-threaded,
// and vitest spends its first minute building the worker on one core.
const checks = [
  ...(fullRun && scripts.lint ? [run("Lint (npm run lint)", "npm", ["run", "--silent", "lint"], { quiet: true })] : []),
  run("Type check (tsc --noEmit)", bin("tsc"), ["--noEmit"], { quiet: true }),
];

const vitestRun = await run(`vitest: unit, integration, e2e${fullRun ? "" : ` (${vitestArgs.join(" ")})`}`, bin("vitest"), ["run", ...vitestArgs]);
allExitedCleanly &&= vitestRun.status === 0;
{
  const counts = reportedCounts();
  passed += counts.passed;
  failed += counts.failed;
}

if (fullRun) {
  // The browser tests where the store matters once more, each server with its own fake
  // Cockpit (test/support/cockpit-mode.ts, d1-only-e2e.ts), on the build the first run made.
  const cockpit = await run("vitest: e2e again with the Cockpit store (E2E_STORE=cockpit)", bin("vitest"), ["run", "--project", "e2e"], {
    env: { ...process.env, E2E_STORE: "cockpit", TEST_SKIP_BUILD: "1" },
  });
  allExitedCleanly &&= cockpit.status === 0;
  const counts = reportedCounts();
  passed += counts.passed;
  failed += counts.failed;
}

for (const check of await Promise.all(checks)) count(check.status === 0);

if (fullRun && scripts["test:cockpit-real"]) {
  // Writes its own `N passed, N failed` into test-results/summary.txt (the same summary reporter).
  const real = await run("Contract suite against a real Cockpit v1 (npm run test:cockpit-real)", "npm", ["run", "--silent", "test:cockpit-real"]);
  allExitedCleanly &&= real.status === 0;
  const counts = reportedCounts();
  passed += counts.passed;
  failed += counts.failed;
}

const line = `${passed} passed, ${failed} failed`;
mkdirSync(path.dirname(summaryFile), { recursive: true });
writeFileSync(summaryFile, `${line}\n`);
console.log(`\nnpm test took ${seconds(started)}`);
console.log(line);
process.exit(allExitedCleanly && failed === 0 ? 0 : 1);
