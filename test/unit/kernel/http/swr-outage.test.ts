import { describe, expect, it } from "vitest";
import { createSwrCache, SwrMemory } from "~/kernel/http/swr-cache.server";

/** The isolate-memory level while the source is down: stale copies served, the source asked rarely. */
function setup() {
  let clock = 0;
  let down = false;
  let version = 1;
  const loads: number[] = [];
  const background: Promise<unknown>[] = [];
  const memory = new SwrMemory();
  const cache = () => createSwrCache({ cache: null, memory, waitUntil: (p) => background.push(p), freshSeconds: 60, staleSeconds: 3600, now: () => clock });
  const load = async () => {
    loads.push(clock);
    if (down) throw new Error("Cockpit down");
    return `v${version}`;
  };
  const settle = async () => {
    while (background.length) await background.shift();
  };
  return {
    read: () => cache().read("key", load),
    settle,
    loads,
    advance: (seconds: number) => (clock += seconds * 1000),
    setDown: (value: boolean) => (down = value),
    bump: () => (version += 1),
  };
}

describe("the stale-while-revalidate cache during an outage", () => {
  it("serves the stale copy, stores nothing from a failed refresh, and asks the source once per fresh period", async () => {
    const t = setup();
    expect(await t.read()).toBe("v1");
    await t.settle();
    t.setDown(true);
    t.advance(120);
    // Many views while down: all served the stale copy; one refresh tried.
    for (let i = 0; i < 5; i++) expect(await t.read()).toBe("v1");
    await t.settle();
    for (let i = 0; i < 5; i++) expect(await t.read()).toBe("v1");
    await t.settle();
    expect(t.loads).toHaveLength(2);
    // After a fresh period, one more try.
    t.advance(61);
    expect(await t.read()).toBe("v1");
    await t.settle();
    expect(t.loads).toHaveLength(3);
    // Back up: the next try refreshes, and then the new copy is served.
    t.setDown(false);
    t.bump();
    t.advance(61);
    expect(await t.read()).toBe("v1");
    await t.settle();
    expect(await t.read()).toBe("v2");
    expect(t.loads).toHaveLength(4);
  });

  it("a miss while the source is down fails (the page's error), and is tried again on the next view", async () => {
    const t = setup();
    t.setDown(true);
    await expect(t.read()).rejects.toThrow("Cockpit down");
    await expect(t.read()).rejects.toThrow("Cockpit down");
    t.setDown(false);
    expect(await t.read()).toBe("v1");
    expect(t.loads).toHaveLength(3);
  });
});
