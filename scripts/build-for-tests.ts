import { build } from "./lib";
import { bundleWorker } from "./worker-in-process";

/**
 * The build every test run serves: `remix vite:build` (production) and the worker bundled
 * once for Miniflare (scripts/worker-in-process.ts). npm test makes it once, then starts
 * its vitest runs with TEST_SKIP_BUILD=1 so that none of them builds again.
 */
build({ quiet: true });
bundleWorker({ quiet: true });
