import { makeD1Template, SHARED_TEMPLATE } from "../test/support/d1-template";
import { build } from "./lib";
import { bundleWorker } from "./worker-in-process";

/**
 * The build every test run serves: `remix vite:build` (production), the worker bundled
 * once for Miniflare (scripts/worker-in-process.ts), and the migrated and seeded D1 every
 * test server copies (with its Cockpit shapes for the Cockpit run). npm test makes them
 * once, then starts its vitest runs with TEST_SKIP_BUILD=1 so that none of them builds,
 * migrates or seeds again (ADR 57).
 */
build({ quiet: true });
bundleWorker({ quiet: true });
await makeD1Template({ into: SHARED_TEMPLATE, cockpitData: true });
