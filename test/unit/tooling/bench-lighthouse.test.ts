import { describe, expect, it } from "vitest";
import { medianRun, type LighthousePage } from "../../../bench/lighthouse";

const run = (performance: number, lcp: string): LighthousePage => ({
  path: "/blog",
  scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
  failing: [],
  metrics: { "largest-contentful-paint": lcp },
  verdict: performance >= 98 ? "PASS" : "FAIL",
});

describe("the bench's Lighthouse median", () => {
  it("keeps the whole median run by performance, and every run's score", () => {
    const median = medianRun([run(81, "3.0 s"), run(99, "1.2 s"), run(98, "1.5 s")]);
    expect(median.scores.performance).toBe(98);
    expect(median.metrics["largest-contentful-paint"]).toBe("1.5 s");
    expect(median.verdict).toBe("PASS");
    expect(median.performanceRuns).toEqual([81, 99, 98]);
  });

  it("takes the lower middle of an even number of runs, and a single run as it is", () => {
    expect(medianRun([run(97, "a"), run(99, "b"), run(98, "c"), run(100, "d")]).scores.performance).toBe(98);
    expect(medianRun([run(90, "a")]).scores.performance).toBe(90);
  });
});
