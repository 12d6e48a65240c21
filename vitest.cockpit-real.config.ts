import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { TIMEOUTS } from "./test/support/time-budget";

/**
 * `npm run test:cockpit-real` (scripts/test-cockpit-real.ts): the store contract suite and the
 * fake-versus-real checks against a real Cockpit v1 (vendor/cockpit-v1), one PHP server per
 * block. Run through the script, which installs the template those servers copy; no worker
 * build or wrangler server is needed (the contract suite calls the store directly).
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    name: "cockpit-real",
    include: ["test/integration/contract/**/*.contract.test.ts", "test/integration/kernel/store/cockpit/*.real.test.ts"],
    environment: "node",
    reporters: ["default", "./test/support/summary-reporter.ts"],
    setupFiles: ["./test/support/no-keep-alive.ts"],
    expect: { poll: { timeout: TIMEOUTS.poll } },
    testTimeout: TIMEOUTS.test,
    hookTimeout: TIMEOUTS.hook,
    // Two files at a time: most of a block's time is waiting (D1's and PHP's start-up, the
    // adapter's claim pauses), not CPU.
    maxWorkers: 2,
  },
});
