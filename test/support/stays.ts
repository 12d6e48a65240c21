import { expect } from "vitest";

/**
 * That a count does not grow past `most` after what made it has been seen: e.g. no second
 * ticket e-mail after the first. An absence has no event to wait for, and the worker's
 * waitUntil work cannot be observed from outside, so this re-reads through a short window
 * (and fails at once if the count passes `most`). The only timed wait left in the tests (the fakes' configurable latency and the Cockpit races' staggered starts aside);
 * every wait FOR something uses expect.poll / vi.waitFor or a gate.
 */
export async function expectNoMoreThan(most: number, read: () => Promise<number> | number, windowMs = 300): Promise<void> {
  const until = Date.now() + windowMs;
  do {
    expect(await read()).toBeLessThanOrEqual(most);
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < until);
  expect(await read()).toBe(most);
}
