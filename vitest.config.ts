import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Three kinds of tests, one runner:
 * - unit: pure code in Node;
 * - integration: the store against real D1 in workerd, and HTTP against the built
 *   worker served by `wrangler dev` (started once by test/support/server-setup.ts);
 * - e2e: Debian's chromium driven by playwright-core against that same server.
 */
const SERVER = "./test/support/server-setup.ts";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: [SERVER],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One chromium at a time: this machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});
