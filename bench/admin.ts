import { currentYear } from "../app/kernel/dates/dates";
import { ID_SPACE, seedId } from "../seed/ids";
import { formatKb, gzipSize } from "./gzip-size";
import { request } from "./http";
import { signInAs } from "./sign-in";
import { table } from "./report";
import { timeRequests, type Timing } from "./timing";

/**
 * The back office under load (docs/requirements.md §6.2, §11.9): the accountant's members
 * table (/accounts) and the CSV export on a private server seeded with the demo
 * plus 10,000 synthetic members, signed in as the demo accountant.
 *
 * What the times are: measured by this client on loopback, from sending the
 * request until the whole body is read, against `wrangler dev` (workerd behind
 * wrangler's local proxy). They include the proxy's overhead and the transfer, so
 * they are an upper bound of the server time. When the worker sends a
 * `Server-Timing` header on every timed response, its figure (the sum of the `dur`
 * values) is reported as well and the budgets are checked against it instead.
 *
 * Also the event payments report (/mem-events-pay) of this year's synthetic event
 * (seed/synthetic.ts: about 70% of the tickets, 20,000 by default, are this year's,
 * titled as the demo settings' event) and its CSV export of every ticket of it.
 *
 * Budgets, checked on the p95: a table page < 150 ms, the event report < 300 ms,
 * each full CSV export < 1 s.
 * A page that answers 404 is reported "not available" and not timed.
 */

export const ADMIN_BUDGETS = {
  /** p95 of one /accounts page, any size. */
  tablePageMs: 150,
  /** p95 of the full CSV export. */
  csvMs: 1_000,
  /** p95 of /mem-events-pay for one event (tiles, chart and the first 15 tickets). */
  eventReportMs: 300,
};

export interface AdminOptions {
  members: number;
  requests: number;
  csvRequests: number;
  warmup: number;
}

type Kind = "table page" | "event report" | "CSV export";

/** This year's synthetic event: the title seed/synthetic.ts gives this year's tickets. */
/** The demo's event of this year (seed/demo.ts demoEventRecord), by its id (ADR 60). */
export const eventQuery = (_year: number) => new URLSearchParams({ event: seedId(ID_SPACE.eventRecord, 1) }).toString();

const targets = (year = currentYear()): Array<{ path: string; kind: Kind }> => [
  { path: "/accounts?size=15", kind: "table page" },
  { path: "/accounts?size=500", kind: "table page" },
  { path: "/accounts?sort=name&dir=asc&size=15", kind: "table page" },
  { path: "/accounts?q=Patel", kind: "table page" },
  { path: "/accounts/export.csv", kind: "CSV export" },
  { path: `/mem-events-pay?${eventQuery(year)}`, kind: "event report" },
  { path: `/mem-events-pay/tickets.csv?${eventQuery(year)}`, kind: "CSV export" },
];

const BUDGET_OF: Record<Kind, number> = {
  "table page": ADMIN_BUDGETS.tablePageMs,
  "event report": ADMIN_BUDGETS.eventReportMs,
  "CSV export": ADMIN_BUDGETS.csvMs,
};

export interface AdminResult {
  path: string;
  kind: Kind;
  /** The status of the first (untimed) request. */
  status: number;
  available: boolean;
  /** Size of the response body as sent (uncompressed on loopback), and gzipped at level 9. */
  bodyBytes: number;
  gzipBytes: number;
  /** Data records of the CSV (CRLF-terminated lines after the header; synthetic data has no line breaks in cells). */
  csvRecords?: number;
  timing?: Timing;
  /** Which figure the budget was checked against. */
  measuredBy?: "Server-Timing" | "client, loopback";
  budgetMs: number;
  verdict: "PASS" | "FAIL" | "N/A";
  note?: string;
}

const csvRecordCount = (text: string) => Math.max(0, text.split("\r\n").length - 2);

/** Times every target with the accountant's cookie; a 404 is "not available", anything else but 200 fails. */
export async function benchAdmin(baseUrl: string, options: AdminOptions, log: (line: string) => void): Promise<AdminResult[]> {
  const cookie = await signInAs(baseUrl, "treasurer");
  const headers = { Cookie: cookie };
  const results: AdminResult[] = [];
  for (const target of targets()) {
    const url = new URL(target.path, baseUrl).href;
    const budgetMs = BUDGET_OF[target.kind];
    const probe = await request(url, { headers });
    const bytes = new Uint8Array(await probe.arrayBuffer());
    const body = new TextDecoder().decode(bytes);
    const base = { path: target.path, kind: target.kind, status: probe.status, budgetMs, bodyBytes: bytes.length, gzipBytes: gzipSize(bytes) };
    if (probe.status === 404) {
      log(`  ${target.path}: 404, not available`);
      results.push({ ...base, available: false, verdict: "N/A", note: "not available (404)" });
      continue;
    }
    if (probe.status !== 200) {
      const where = probe.headers.get("location");
      log(`  ${target.path}: answered ${probe.status}${where ? ` → ${where}` : ""}, not timed`);
      results.push({ ...base, available: false, verdict: "FAIL", note: `answered ${probe.status}${where ? ` → ${where}` : ""}` });
      continue;
    }
    const requests = target.kind === "CSV export" ? options.csvRequests : options.requests;
    const warmup = target.kind === "CSV export" ? Math.min(options.warmup, 3) : options.warmup;
    log(`  ${target.path}: ${warmup} warm-up and ${requests} timed requests...`);
    const timing = await timeRequests(url, { requests, warmup, headers });
    const statuses = Object.keys(timing.statuses).filter((code) => code !== "200");
    const p95 = timing.serverTiming?.p95 ?? timing.p95;
    results.push({
      ...base,
      available: true,
      ...(target.kind === "CSV export" ? { csvRecords: csvRecordCount(body) } : {}),
      timing,
      measuredBy: timing.serverTiming ? "Server-Timing" : "client, loopback",
      verdict: statuses.length === 0 && p95 < budgetMs ? "PASS" : "FAIL",
      ...(statuses.length > 0 ? { note: `timed requests also answered ${statuses.join(", ")}` } : {}),
    });
  }
  return results;
}

const ms = (value: number | undefined) => (value === undefined ? "" : `${value.toFixed(1)} ms`);

export function adminTable(results: AdminResult[]): string {
  const rows = [["page", "status", "body", "body gz", "rows", "p50", "p95", "server p95", "budget (p95)", "result"]];
  for (const result of results) {
    rows.push([
      result.path,
      String(result.status),
      formatKb(result.bodyBytes),
      formatKb(result.gzipBytes),
      result.csvRecords === undefined ? "" : String(result.csvRecords),
      ms(result.timing?.p50),
      ms(result.timing?.p95),
      result.timing?.serverTiming ? ms(result.timing.serverTiming.p95) : result.available ? "(no header)" : "",
      `< ${result.budgetMs} ms`,
      result.note ? `${result.verdict}: ${result.note}` : result.verdict,
    ]);
  }
  return table(rows);
}
