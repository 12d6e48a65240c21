/**
 * The tests' safety nets, in one place (ADR 57). No test waits for time to pass: waits are
 * on events (expect.poll, vi.waitFor, a gate). These only stop a test that has hung, so
 * each is several times what the slowest such test takes on an idle 2-core machine, and
 * all grow together by TEST_TIME_SCALE (e.g. 3 on a machine three times slower). Read by
 * vitest.config.ts, so no imports here.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

const scaled = (ms: number) => Math.round(ms * TIME_SCALE);

export const TIMEOUTS = {
  /** Any test (vitest's testTimeout): the slowest takes about 20 s alone. */
  test: scaled(120_000),
  /** beforeAll and afterAll (hookTimeout): starting a server and its fakes takes a few seconds. */
  hook: scaled(180_000),
  /** The few tests that do much more (thousands of requests, a server restart, every migration). */
  long: scaled(360_000),
  /** expect.poll (the config's default) and vi.waitFor (pass it: its own default is 1 s): how long a change seen from outside may take to show. */
  poll: scaled(20_000),
  /**
   * One browser step (a click's navigation, a locator's wait), instead of Playwright's 30 s: on
   * a 2-core machine also running stress, a studio page's client-side navigation once took longer.
   */
  browserStep: scaled(60_000),
};
