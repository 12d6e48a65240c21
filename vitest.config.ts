import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";
import { COCKPIT_E2E, COCKPIT_ONLY_E2E } from "./test/support/cockpit-e2e";
import { TIMEOUTS } from "./test/support/time-budget";
import { UNIT_WITH_MODULE_MOCKS } from "./test/support/unit-module-mocks";

/**
 * Three kinds of tests, one runner:
 * - unit: pure code in Node;
 * - integration: the store against real D1 in workerd, and HTTP against the built
 *   worker, bundled once and served in-process by Miniflare (workerd) on a copy of one
 *   migrated and seeded D1 (test/support/server-setup.ts, once per run);
 * - e2e: Debian's chromium (one per run: test/support/browser-setup.ts) driven by
 *   playwright-core against that same server; with E2E_STORE=cockpit (npm run
 *   test:e2e:cockpit) every server uses a fake Cockpit as its store instead
 *   (test/support/cockpit-mode.ts), for the files COCKPIT_E2E lists: the flows whose code
 *   differs per store (test/support/cockpit-e2e.ts; only that run has COCKPIT_ONLY_E2E).
 * Files run one at a time: they share the run's one server and its data (rate limits
 * count per address, and every request comes from 127.0.0.1). npm test gets its speed
 * from running several such runs at once, each with its own server (scripts/test.ts).
 */
const COCKPIT_RUN = process.env.E2E_STORE === "cockpit";
const SERVER = "./test/support/server-setup.ts";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Every timeout is a safety net from one place, scaled by TEST_TIME_SCALE
    // (test/support/time-budget.ts, ADR 57). A poll that passes returns at once, so a
    // generous one costs nothing when all is well.
    expect: { poll: { timeout: TIMEOUTS.poll } },
    testTimeout: TIMEOUTS.test,
    hookTimeout: TIMEOUTS.hook,
    maxWorkers: 1,
    setupFiles: ["./test/support/no-keep-alive.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...UNIT_WITH_MODULE_MOCKS],
          environment: "node",
          // One worker imports each module once for all the files (ADR 57): imports and
          // setup were most of this run's time. No file here mocks a module or leaves a global changed.
          isolate: false,
        },
      },
      {
        extends: true,
        // A file that replaces a module (vi.mock) keeps a module graph of its own.
        test: { name: "unit-mocks", include: UNIT_WITH_MODULE_MOCKS, environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: [SERVER],
          // One worker runs the files one after another without importing every module again
          // for each (a third of the run's time went to imports); no file mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          // The Cockpit run has only the flows whose code differs per store (cockpit-e2e.ts).
          ...(COCKPIT_RUN ? { include: COCKPIT_E2E } : { include: ["test/e2e/**/*.test.ts"], exclude: [...configDefaults.exclude, ...COCKPIT_ONLY_E2E] }),
          globalSetup: [SERVER, "./test/support/browser-setup.ts"],
          // A failing browser test prints what its pages reported (console errors, failed
          // requests), and gets one more try: one lost navigation in a run of hundreds of pages
          // on a loaded machine no longer refuses a correct submission, and the summary still
          // names every test that needed it (ADR 57).
          retry: 1,
          setupFiles: ["./test/support/no-keep-alive.ts", "./test/support/browser-failure-report.ts"],
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
