import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { installTemplate, newRoot, PHP_INSTALL, phpProblem, REAL_ENV, stopAllUnder } from "../test/support/real-cockpit";
import { ROOT } from "./lib";

/**
 * npm run test:cockpit-real: the store contract suite (test/integration/contract) and the
 * fake-versus-real checks (test/integration/kernel/store/cockpit/*.real.test.ts) against a real Cockpit v1,
 * served by PHP from vendor/cockpit-v1 (ADR 32). Installs one template data directory in a
 * temporary directory, lets every test block serve a copy of its own on a free port, and stops
 * every server and removes the directory at the end, after a failure and on ctrl-C too. Without
 * PHP and its modules it fails (never skips) with the line that installs them. Like the usual
 * vitest run, it leaves `N passed, N failed` in test-results/summary.txt (or TEST_SUMMARY_FILE).
 * Extra arguments go to vitest (e.g. a file to run alone).
 */
const summaryFile = path.resolve(ROOT, process.env.TEST_SUMMARY_FILE ?? "test-results/summary.txt");

function fail(message: string): never {
  console.error(`\n✘ ${message}\n`);
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  writeFileSync(summaryFile, `0 passed, 1 failed\n✘ ${message.split("\n")[0]}\n`);
  process.exit(1);
}

const problem = phpProblem();
if (problem) fail(`${problem}: the real Cockpit v1 needs PHP with sqlite3, gd and mbstring.\n  Install them with: ${PHP_INSTALL}`);

const root = newRoot(tmpdir());
let cleaned = false;
const cleanup = () => {
  if (cleaned) return;
  cleaned = true;
  stopAllUnder(root);
};
process.on("exit", cleanup);

const started = Date.now();
const template = path.join(root, "template");
try {
  installTemplate(template);
} catch (error) {
  cleanup();
  fail(`Could not install Cockpit v1 with vendor/cockpit-v1/start.sh: ${(error as Error).message}`);
}
console.log(`▶ Cockpit v1 template installed in ${template} (${Date.now() - started} ms)`);

const child = spawn(path.join(ROOT, "node_modules", ".bin", "vitest"), ["run", "--config", "vitest.cockpit-real.config.ts", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, [REAL_ENV.template]: template, [REAL_ENV.root]: root },
});
// ctrl-C reaches vitest too (same process group); the PHP servers run in sessions of their
// own, so they are stopped here once vitest has ended.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on("exit", (code, signal) => {
  cleanup();
  console.log(`▶ test:cockpit-real took ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
