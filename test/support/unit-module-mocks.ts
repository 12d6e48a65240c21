/**
 * The unit test files that replace a module (vi.mock): they run in a project of their own,
 * each with its own module graph, while every other unit file shares one worker's imports
 * (vitest.config.ts, ADR 57). test/unit/tooling/unit-module-mocks.test.ts finds any new one.
 * Read by vitest.config.ts, so no imports here.
 */
export const UNIT_WITH_MODULE_MOCKS = ["test/unit/features/site/event-calendar.test.tsx"];
