import { cpus, availableParallelism, platform, arch, totalmem } from "node:os";
import type { BudgetCheck } from "./budgets";
import { formatKb } from "./gzip-size";
import type { PageResult } from "./measure-page";
import type { Timing } from "./timing";

export function machine() {
  return {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    platform: `${platform()} ${arch()}`,
    memoryGB: Math.round(totalmem() / 1e9),
  };
}

/** Left-aligned text, right-aligned numbers (cells that start with a digit). */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (/^[\d.]/.test(cell) && column > 0 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join("\n");
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

export function pagesTable(pages: PageResult[], staticPath: string, staticTiming: Timing, staticStatus: number): string {
  const rows = [["page", "as", "status", "HTML gz", "JS gz", "JS files", "p50", "p95", "p50/static"]];
  for (const page of pages) {
    rows.push([
      page.path,
      page.audience,
      page.status === 200 ? "200" : `${page.status} (NOT 200)`,
      formatKb(page.html.gzipBytes),
      formatKb(page.js.gzipBytes) + (page.js.missing.length ? ` (${page.js.missing.length} missing)` : ""),
      String(page.js.scripts.length),
      ms(page.timing.p50),
      ms(page.timing.p95),
      `${(page.timing.p50 / staticTiming.p50).toFixed(2)}×`,
    ]);
  }
  rows.push([`${staticPath} (static)`, "visitor", String(staticStatus), "", "", "", ms(staticTiming.p50), ms(staticTiming.p95), "1.00×"]);
  return table(rows);
}

export function budgetsTable(checks: BudgetCheck[]): string {
  return table([["page", "budget", "actual", "result"], ...checks.map((check) => [check.page, check.budget, check.actual, check.verdict])]);
}

/** Every JavaScript file counted, its gzipped size, and which pages load it. */
export function scriptsTable(pages: PageResult[]): string {
  const files = new Map<string, { gzip: string; gzipBytes: number; source: string; pages: Set<string> }>();
  for (const page of pages) {
    for (const script of page.js.scripts) {
      const gzip = script.status === 200 ? formatKb(script.gzipBytes) : `(${script.status})`;
      const gzipBytes = script.status === 200 ? script.gzipBytes : 0;
      const file = files.get(script.url) ?? { gzip, gzipBytes, source: script.source, pages: new Set() };
      file.pages.add(page.path);
      files.set(script.url, file);
    }
  }
  const rows = [["file", "gz", "found as", ...pages.map((page) => page.path)]];
  for (const [url, file] of [...files].sort((a, b) => b[1].gzipBytes - a[1].gzipBytes)) {
    rows.push([url, file.gzip, file.source, ...pages.map((page) => (file.pages.has(page.path) ? "x" : ""))]);
  }
  return table(rows);
}
