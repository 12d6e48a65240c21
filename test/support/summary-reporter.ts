import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the one line CI reads, `N passed, N failed`, counting every test that
 * ran in every project, and keeps it in test-results/summary.txt for .ci/run, or in
 * TEST_SUMMARY_FILE when npm test runs several vitest runs at once (scripts/test.ts).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
        else skipped++;
      }
      // A file that failed to load, or whose beforeAll failed (its tests then show as
      // skipped), is a failure even though no single test failed.
      if (module.state() === "failed" && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    failed += errors.length;
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
    const file = process.env.TEST_SUMMARY_FILE ?? "test-results/summary.txt";
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${line}\n`);
    console.log(`\nvitest: ${line}`);
  }
}
