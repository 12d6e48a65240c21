import { formatKb, KB } from "./gzip-size";
import type { PageResult } from "./measure-page";
import type { Timing } from "./timing";

/** The budgets of the "Public site" issue. kB = 1000 bytes, sizes gzipped at level 9. */
export const BUDGETS = {
  jsGzipBytes: 90 * KB,
  /** The home page may carry the carousel. */
  homeJsGzipBytes: 120 * KB,
  htmlGzipBytes: 14 * KB,
  /** Page p50 at most this many times the static file's p50. */
  p50Ratio: 2,
};

export type Verdict = "PASS" | "FAIL" | "N/A";

export interface BudgetCheck {
  page: string;
  budget: string;
  actual: string;
  verdict: Verdict;
}

function verdict(applies: boolean, passes: boolean): Verdict {
  if (!applies) return "N/A";
  return passes ? "PASS" : "FAIL";
}

export function jsBudgetFor(path: string): number {
  return path === "/" ? BUDGETS.homeJsGzipBytes : BUDGETS.jsGzipBytes;
}

/**
 * A page that does not answer 200 fails "answers 200"; its other budgets are N/A (a 404
 * page's figures say nothing). The JS budget fails if one of its scripts does not load.
 */
export function checkPage(page: PageResult, staticTiming: Timing): BudgetCheck[] {
  const ok = page.status === 200;
  const jsLimit = jsBudgetFor(page.path);
  const ratio = page.timing.p50 / staticTiming.p50;
  return [
    { page: page.path, budget: "answers 200", actual: String(page.status), verdict: ok ? "PASS" : "FAIL" },
    {
      page: page.path,
      budget: `HTML ≤ ${formatKb(BUDGETS.htmlGzipBytes)} gz`,
      actual: formatKb(page.html.gzipBytes),
      verdict: verdict(ok, page.html.gzipBytes <= BUDGETS.htmlGzipBytes),
    },
    {
      page: page.path,
      budget: `JS ≤ ${formatKb(jsLimit)} gz`,
      // A script that does not load cannot be weighed: the figure would be too low.
      actual: formatKb(page.js.gzipBytes) + (page.js.missing.length ? ` + ${page.js.missing.length} missing` : ""),
      verdict: verdict(ok, page.js.gzipBytes <= jsLimit && page.js.missing.length === 0),
    },
    {
      page: page.path,
      budget: `p50 ≤ ${BUDGETS.p50Ratio}× static p50`,
      actual: `${ratio.toFixed(2)}×`,
      verdict: verdict(ok, ratio <= BUDGETS.p50Ratio),
    },
  ];
}
