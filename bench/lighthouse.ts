import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { table } from "./report";

/**
 * Lighthouse, mobile (its default: an emulated phone on a throttled network and CPU),
 * on the public pages. The `lighthouse` package needs Node ≥ 22.19, newer than the
 * project's, so it is not a dependency: npx fetches it and the registry's `node@22`
 * package on demand (cached in ~/.npm afterwards), and runs Debian's chromium.
 */

export const LIGHTHOUSE_BUDGETS = { performance: 98, accessibility: 100, "best-practices": 95, seo: 95 } as const;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGETS) as Category[];

const NODE = "node@22.23.3";
const LIGHTHOUSE = "lighthouse@13.5.0";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

export interface LighthousePage {
  path: string;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  /** Audits that did not pass (score < 1), with their category and what Lighthouse shows. */
  failing: Array<{ id: string; category: Category; score: number; title: string; displayValue?: string; items?: string[] }>;
  metrics: Record<string, string>;
  /** Largest Contentful Paint in ms (the audit's numeric value), for the photo budgets. */
  lcpMs?: number;
  verdict: "PASS" | "FAIL";
  /** The performance score of every run; the page's figures are the median run's. */
  performanceRuns?: number[];
}

interface Report {
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      title: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: Array<Record<string, unknown>> };
    }
  >;
}

/** Lighthouse's own trace error with Debian's chromium, now and then: the page is not at fault, so that run is tried again. */
const TRACE_ERROR = "NO_NAVSTART";
const TRACE_RETRIES = 2;

async function runLighthouse(url: string, output: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runLighthouseOnce(url, output);
    } catch (error) {
      if (attempt >= TRACE_RETRIES || !(error instanceof Error) || !error.message.includes(TRACE_ERROR)) throw error;
      console.log(`  (lighthouse's trace failed with ${TRACE_ERROR}: running it again)`);
    }
  }
}

function runLighthouseOnce(url: string, output: string): Promise<void> {
  const args = ["-y", "-p", NODE, "-p", LIGHTHOUSE, "lighthouse", url, "--output=json", `--output-path=${output}`, "--quiet"];
  args.push(`--chrome-path=${CHROME}`, `--chrome-flags=${CHROME_FLAGS}`);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse ${url} exited with ${code}:\n${stderr.slice(-2000)}`))));
  });
}

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** What an audit's detail row is about, in a line: the console message, the issue, or the resource. */
function itemText(item: Record<string, unknown>): string {
  const text = [item.description, item.issueType, item.url, item.source]
    .map((value) => (typeof value === "string" ? value : typeof value === "object" && value && "url" in value ? String(value.url) : ""))
    .filter(Boolean)
    .join(" ");
  return text.slice(0, 200);
}

export function summarise(pagePath: string, report: Report): LighthousePage {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)])) as Record<
    Category,
    number
  >;
  const failing: LighthousePage["failing"] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      const items = (audit.details?.items ?? []).slice(0, 5).map(itemText).filter(Boolean);
      failing.push({
        id: ref.id,
        category,
        score: audit.score,
        title: audit.title,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(items.length ? { items } : {}),
      });
    }
  }
  const metrics = Object.fromEntries(METRICS.map((id) => [id, report.audits[id]?.displayValue ?? ""]));
  const verdict = CATEGORIES.every((category) => scores[category] >= LIGHTHOUSE_BUDGETS[category]) ? "PASS" : "FAIL";
  const lcpMs = report.audits["largest-contentful-paint"]?.numericValue;
  return { path: pagePath, scores, failing, metrics, ...(lcpMs === undefined ? {} : { lcpMs }), verdict };
}

/**
 * The median of several runs by performance score. One run's performance score varies by
 * several points on a shared machine; Lighthouse's own guidance is to take the median run.
 */
export function medianRun(runs: LighthousePage[]): LighthousePage {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, performanceRuns: runs.map((run) => run.scores.performance) };
}

/** Runs Lighthouse `runs` times on each page, one run at a time (it measures the CPU: never two at once). */
export async function benchLighthouse(baseUrl: string, pages: string[], runs: number, print: (line: string) => void): Promise<LighthousePage[]> {
  const directory = mkdtempSync(path.join(tmpdir(), "mma-lighthouse-"));
  try {
    const results: LighthousePage[] = [];
    for (const page of pages) {
      const pageRuns: LighthousePage[] = [];
      for (let run = 1; run <= runs; run++) {
        print(`  ${page}: lighthouse (mobile), run ${run} of ${runs}...`);
        const output = path.join(directory, "report.json");
        await runLighthouse(new URL(page, baseUrl).href, output);
        pageRuns.push(summarise(page, JSON.parse(readFileSync(output, "utf8")) as Report));
      }
      results.push(medianRun(pageRuns));
    }
    return results;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The scores, judged by LIGHTHOUSE_BUDGETS; or only reported (`judged: false`) where other budgets
 * judge them (the photos part: docs/requirements.md §7.12, in its own table), so no second verdict
 * contradicts them.
 */
export function lighthouseTable(results: LighthousePage[], { judged = true } = {}): string {
  const heading = (category: Category) => (judged ? `${category} (≥ ${LIGHTHOUSE_BUDGETS[category]})` : category);
  const rows = [["page", ...CATEGORIES.map(heading), "LCP", "TBT", "CLS", "performance of each run", ...(judged ? ["result"] : [])]];
  for (const result of results) {
    rows.push([
      result.path,
      ...CATEGORIES.map((category) => String(result.scores[category])),
      result.metrics["largest-contentful-paint"] ?? "",
      result.metrics["total-blocking-time"] ?? "",
      result.metrics["cumulative-layout-shift"] ?? "",
      (result.performanceRuns ?? [result.scores.performance]).join(", "),
      ...(judged ? [result.verdict] : []),
    ]);
  }
  return table(rows);
}

export function failingAuditsText(results: LighthousePage[]): string {
  return results
    .flatMap((result) =>
      result.failing.map(
        (audit) =>
          `  ${result.path} [${audit.category}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}, score ${audit.score}` +
          (audit.items ?? []).map((item) => `\n      ${item}`).join(""),
      ),
    )
    .join("\n");
}
