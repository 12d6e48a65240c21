import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the one line CI reads, `N passed, N failed`, counting every test that
 * ran in every project, and keeps it in test-results/summary.txt for .ci/run, or in
 * TEST_SUMMARY_FILE when npm test runs several vitest runs at once (scripts/test.ts).
 * Below that line the file names each failure with the first line of its error: CI shows
 * only the end of a long log, so npm test repeats them there (scripts/test.ts). A test
 * that passed only on its second try (the browser tests get one, ADR 57) is named too, with
 * "⚠": it passed, and it is not hidden.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const secondTries: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") {
          passed++;
          if ((test.diagnostic()?.retryCount ?? 0) > 0)
            secondTries.push(`${module.moduleId ? path.relative(process.cwd(), module.moduleId) : "?"} › ${test.fullName}: passed on its second try`);
        } else if (result.state === "failed") {
          failedHere++;
          failures.push(`${module.moduleId ? path.relative(process.cwd(), module.moduleId) : "?"} › ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped++;
      }
      // A file that failed to load, or whose beforeAll failed (its tests then show as
      // skipped), is a failure even though no single test failed.
      if (module.state() === "failed" && failedHere === 0) {
        failedHere = 1;
        failures.push(`${path.relative(process.cwd(), module.moduleId)}: ${firstLine(module.errors()[0])}`);
      }
      failed += failedHere;
    }
    failed += errors.length;
    for (const error of errors) failures.push(`outside any test: ${firstLine(error)}`);
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
    const file = process.env.TEST_SUMMARY_FILE ?? "test-results/summary.txt";
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, [line, ...failures.map((failure) => `✘ ${failure}`), ...secondTries.map((test) => `⚠ ${test}`)].join("\n") + "\n");
    for (const test of secondTries) console.log(`⚠ ${test}`);
    console.log(`\nvitest: ${line}`);
  }
}

/** An error's message, on one line and short enough to read in a log's last lines. */
function firstLine(error: unknown): string {
  const message = error && typeof error === "object" && "message" in error ? String(error.message) : String(error);
  const line = message.split("\n").find((text) => text.trim()) ?? "(no message)";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
