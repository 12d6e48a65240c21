import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { ROOT } from "./lib";
import { ensureSystemPackages } from "./system-packages";

/**
 * npm test (ADR 0030, 0031): the system packages first (installed when it may, else one
 * line to run); then the build, made once, with the lint and the type check beside it;
 * then the test runs, as many at a time as there are cores, longest first: the browser tests on D1, the integration
 * tests in two halves, the browser tests where the store matters again on the Cockpit store,
 * the contract suite against a real Cockpit v1, and the unit tests. Each run is its own vitest process
 * with its own server on its own copy of the seeded database, so no run sees another's
 * data; within a run, files go one at a time (they share that server). Prints each
 * run's output when it ends, and ends with one line, `N passed, N failed`, in
 * test-results/summary.txt too, counting the lint and the type check as one check each.
 * `npm test -- <vitest args>` runs only vitest with those arguments (with the checks
 * beside it). TEST_JOBS=n changes how many runs go at once (as many as the machine has
 * cores: four on two cores loaded a slower machine until its tests timed out, ADR 57).
 */
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const results = path.join(ROOT, "test-results");
const summaryFile = path.join(results, "summary.txt");
const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const vitestArgs = process.argv.slice(2);
const fullRun = vitestArgs.length === 0;
// As many runs at once as the machine has cores (ADR 57): four on two cores kept the load
// at 10-12 and made a slower machine's runs time out.
const slots = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
rmSync(summaryFile, { force: true });

const packages = ensureSystemPackages();
if (!packages.ok) {
  console.error(packages.instruction);
  process.exit(1);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

interface Job {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** A test run: its counts are read from this summary file. Without it, a check counting as one. */
  summary?: string;
}

interface Outcome {
  ok: boolean;
  passed: number;
  failed: number;
  /** What failed, a line each, repeated at the end where CI's short log shows it. */
  failures: string[];
  /** Tests that passed only on their second try (browser tests, ADR 57), repeated at the end too. */
  secondTries: string[];
}

/** Runs a job; with `quiet` its output is kept and printed when it ends (other jobs run beside it). */
function run(job: Job, quiet: boolean): Promise<Outcome> {
  const started = Date.now();
  console.log(`▶ ${job.name}`);
  if (job.summary) rmSync(job.summary, { force: true });
  const child = spawn(job.command, job.args, {
    cwd: ROOT,
    env: { ...process.env, ...job.env, ...(job.summary ? { TEST_SUMMARY_FILE: job.summary } : {}) },
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (quiet && output.trim()) console.log(`\n── ${job.name} ──\n${output.trimEnd()}\n`);
      console.log(`${status === 0 ? "✔" : "✘"} ${job.name}: ${status === 0 ? "passed" : `failed (exit ${status})`} in ${seconds(started)}`);
      const counts = job.summary
        ? reportedCounts(job.summary, job.name)
        : status === 0
          ? { passed: 1, failed: 0, failures: [], secondTries: [] }
          : { passed: 0, failed: 1, failures: [`✘ ${job.name}`], secondTries: [] };
      resolve({ ok: status === 0, ...counts });
    });
  });
}

/** The counts and failures a run left in its summary file; none: it did not get as far as reporting. */
function reportedCounts(file: string, name: string): Omit<Outcome, "ok"> {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  rmSync(file, { force: true });
  const match = /(\d+) passed, (\d+) failed/.exec(text);
  if (!match) return { passed: 0, failed: 1, failures: [`✘ ${name}: ended before it reported`], secondTries: [] };
  const marked = (mark: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`${mark} `))
      .map((line) => `${mark} ${name}: ${line.slice(2)}`);
  return { passed: Number(match[1]), failed: Number(match[2]), failures: marked("✘"), secondTries: marked("⚠") };
}

/** Runs the jobs `width` at a time, in the order given (longest first keeps the end short). */
async function pool(jobs: Job[], width: number): Promise<Outcome[]> {
  const queue = [...jobs];
  const outcomes: Outcome[] = [];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await run(job, true));
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
  return outcomes;
}

const vitest = (name: string, args: string[], env: NodeJS.ProcessEnv = {}): Job => ({
  name,
  command: bin("vitest"),
  args: ["run", ...args],
  env,
  summary: path.join(results, `summary-${name.replace(/\W+/g, "-").toLowerCase()}.txt`),
});

const started = Date.now();
// The checks that read the code are single-threaded: they run beside the build (or beside
// vitest when only some tests are asked for).
const checks = Promise.all([
  ...(fullRun && scripts.lint ? [run({ name: "Lint (npm run lint)", command: "npm", args: ["run", "--silent", "lint"] }, true)] : []),
  run({ name: "Type check (tsc --noEmit)", command: bin("tsc"), args: ["--noEmit"] }, true),
]);

let outcomes: Outcome[];
if (!fullRun) {
  outcomes = [await run(vitest(`vitest ${vitestArgs.join(" ")}`, vitestArgs), false)];
} else {
  const build = await run({ name: "Build (remix vite:build) and the worker bundle", command: bin("tsx"), args: ["scripts/build-for-tests.ts"] }, true);
  if (!build.ok) {
    outcomes = [{ ok: false, passed: 0, failed: 1, failures: ["✘ the build failed: nothing was tested"], secondTries: [] }];
  } else {
    // Every run serves the build just made (TEST_SKIP_BUILD=1).
    const built = { TEST_SKIP_BUILD: "1" };
    outcomes = await pool(
      [
        vitest("Browser tests on D1 (e2e)", ["--project", "e2e"], built),
        // The integration files in two halves, each with its own server: one run of them all
        // was the longest of the four.
        vitest("Integration tests, first half", ["--project", "integration", "--shard=1/2"], built),
        vitest("Integration tests, second half", ["--project", "integration", "--shard=2/2"], built),
        // The browser tests of the flows whose code differs per store, each server with its
        // own fake Cockpit (test/support/cockpit-mode.ts, cockpit-e2e.ts).
        vitest("Browser tests on the Cockpit store (E2E_STORE=cockpit)", ["--project", "e2e"], { ...built, E2E_STORE: "cockpit" }),
        ...(scripts["test:cockpit-real"]
          ? [
              {
                ...vitest("Contract suite against a real Cockpit v1 (npm run test:cockpit-real)", []),
                command: "npm",
                args: ["run", "--silent", "test:cockpit-real"],
              },
            ]
          : []),
        vitest("Unit tests", ["--project", "unit", "--project", "unit-mocks"], built),
      ],
      slots,
    );
  }
}
outcomes.push(...(await checks));

const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
const line = `${passed} passed, ${failed} failed`;
mkdirSync(results, { recursive: true });
writeFileSync(summaryFile, `${line}\n`);
const failures = outcomes.flatMap((outcome) => outcome.failures);
const secondTries = outcomes.flatMap((outcome) => outcome.secondTries);
if (secondTries.length)
  console.log(`\nPassed only on a second try (each run's output above has what its pages reported the first time):\n${secondTries.join("\n")}`);
if (failures.length) console.log(`\nWhat failed (each run's output above has the details):\n${failures.join("\n")}`);
console.log(`\nnpm test took ${seconds(started)}`);
console.log(line);
process.exit(outcomes.every((outcome) => outcome.ok) && failed === 0 ? 0 : 1);
