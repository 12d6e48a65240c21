import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumMissing } from "./browser";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's one chromium listens (playwright's browser server); test files connect to it. */
    browserWSEndpoint: string;
  }
}

/**
 * ONE chromium per run for the e2e project (starting it costs a second or two of CPU,
 * once per file before): every test file connects to it and makes its own contexts,
 * which keep files apart as separate browsers did (cookies, storage, cache).
 */
export default async function setup(project: TestProject) {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  project.provide("browserWSEndpoint", server.wsEndpoint());
  return () => server.close();
}
