import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "../test/support/browser";
import { ROOT } from "./lib";

/**
 * npm test: the type check, then every vitest project (unit, integration against
 * the built worker in workerd with a local D1, browser tests in chromium), then the
 * browser tests again against the Cockpit store. Ends with one line, `N passed, N failed`,
 * counting the type check as one check and both browser runs.
 */
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const summaryFile = path.join(ROOT, "test-results", "summary.txt");
rmSync(summaryFile, { force: true });

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `\n✘ Chromium is missing at ${CHROMIUM_PATH}: the browser tests will fail.\n` +
      "  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n",
  );
}

console.log("▶ Type check (tsc --noEmit)");
const typecheck = spawnSync(bin("tsc"), ["--noEmit"], { cwd: ROOT, stdio: "inherit" });
const typecheckPassed = typecheck.status === 0;
console.log(typecheckPassed ? "✔ Type check passed" : "✘ Type check failed");

/** The counts a vitest run left in test-results/summary.txt (none: it did not get as far as reporting). */
function vitestCounts(): { passed: number; failed: number } {
  const match = existsSync(summaryFile) ? /(\d+) passed, (\d+) failed/.exec(readFileSync(summaryFile, "utf8")) : null;
  rmSync(summaryFile, { force: true });
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : { passed: 0, failed: 1 };
}

console.log("▶ vitest: unit, integration, e2e");
const vitest = spawnSync(bin("vitest"), ["run", ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit" });
let { passed, failed } = vitestCounts();
let vitestPassed = vitest.status === 0;

// The browser tests once more with the Cockpit store (each server with its own fake Cockpit,
// see test/support/cockpit-mode.ts), on the build the first run made; not for a run given
// its own vitest arguments.
if (process.argv.length <= 2) {
  console.log("▶ vitest: e2e again with the Cockpit store (E2E_STORE=cockpit)");
  const cockpit = spawnSync(bin("vitest"), ["run", "--project", "e2e"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, E2E_STORE: "cockpit", TEST_SKIP_BUILD: "1" },
  });
  const counts = vitestCounts();
  passed += counts.passed;
  failed += counts.failed;
  vitestPassed &&= cockpit.status === 0;
}
if (typecheckPassed) passed += 1;
else failed += 1;

const line = `${passed} passed, ${failed} failed`;
mkdirSync(path.dirname(summaryFile), { recursive: true });
writeFileSync(summaryFile, `${line}\n`);
console.log(`\n${line}`);
process.exit(typecheckPassed && vitestPassed && failed === 0 ? 0 : 1);
