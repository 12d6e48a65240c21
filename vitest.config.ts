import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";
import { COCKPIT_ONLY_E2E, D1_ONLY_E2E } from "./test/support/d1-only-e2e";

/**
 * Three kinds of tests, one runner:
 * - unit: pure code in Node;
 * - integration: the store against real D1 in workerd, and HTTP against the built
 *   worker, bundled once and served in-process by Miniflare (workerd) on a copy of one
 *   migrated and seeded D1 (test/support/server-setup.ts, once per run);
 * - e2e: Debian's chromium (one per run: test/support/browser-setup.ts) driven by
 *   playwright-core against that same server; with E2E_STORE=cockpit (npm run
 *   test:e2e:cockpit) every server uses a fake Cockpit as its store instead
 *   (test/support/cockpit-mode.ts), less the files D1_ONLY_E2E lists (and only that run
 *   has the files COCKPIT_ONLY_E2E lists).
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
    // expect.poll waits for a page or the server to change; vitest's 1 s default is too short
    // on a loaded CI machine (four runs share two cores), where a render after a request can
    // take longer. A poll that passes returns at once, so this costs nothing when all is well.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 1,
    setupFiles: ["./test/support/no-keep-alive.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"], environment: "node" },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...(COCKPIT_RUN ? Object.keys(D1_ONLY_E2E) : COCKPIT_ONLY_E2E)],
          globalSetup: [SERVER, "./test/support/browser-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
