import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "../test/support/browser";
import { ROOT } from "./lib";

/**
 * npm test: the type check, then every vitest project (unit, integration against
 * the built worker in workerd with a local D1, browser tests in chromium).
 * Ends with one line, `N passed, N failed`, counting the type check as one check.
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

console.log("▶ vitest: unit, integration, e2e");
const vitest = spawnSync(bin("vitest"), ["run", ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit" });

let passed = 0;
let failed = 0;
const match = existsSync(summaryFile) ? /(\d+) passed, (\d+) failed/.exec(readFileSync(summaryFile, "utf8")) : null;
if (match) {
  passed = Number(match[1]);
  failed = Number(match[2]);
} else {
  failed = 1; // vitest did not get as far as reporting
}
if (typecheckPassed) passed += 1;
else failed += 1;

const line = `${passed} passed, ${failed} failed`;
mkdirSync(path.dirname(summaryFile), { recursive: true });
writeFileSync(summaryFile, `${line}\n`);
console.log(`\n${line}`);
process.exit(typecheckPassed && vitest.status === 0 && failed === 0 ? 0 : 1);
