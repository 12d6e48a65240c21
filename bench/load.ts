import autocannon from "autocannon";
import { currentYear } from "../app/kernel/dates/dates";
import { demoSettings } from "../seed/demo-content";
import { openLocalD1 } from "../seed/platform";
import { table } from "./report";
import { signInAs } from "./sign-in";
import { percentile } from "./timing";

/**
 * The load test: mixed visitor, member, accountant and write traffic against one
 * seeded `wrangler dev`, through autocannon (closed loop: each connection sends its
 * next request when the last one is answered, cycling through MIX).
 *
 * First a ramp (1, 2, 4 ... connections, a few seconds each) finds the knee: the
 * fewest connections that reach 90% of the best error-free throughput (beyond it,
 * more connections only queue). Then the measured run at the knee.
 *
 * Writes are Quick Contact Form messages, each with its own e-mail (the run's marker
 * and a sequence number) and its own client address in CF-Connecting-IP (wrangler dev
 * keeps the header when the request has one, as Cloudflare sets it), so the contact
 * limits (20 an hour per address, 5 per 10 minutes per e-mail at one address) never refuse them. Lost
 * writes: messages answered as sent (302) minus the rows with the run's marker in D1.
 */

export const LOAD_BUDGETS = { errors: 0, lostWrites: 0 };

type Kind = "visitor" | "visitor, uncached" | "member" | "accountant" | "accountant CSV" | "write";

interface Step {
  kind: Kind;
  method?: "GET" | "POST";
  path: (n: number) => string;
  who?: "member" | "accountant";
  /** The status that means success; any other is an error. */
  expect: number;
}

const SURNAMES = ["Patel", "Khan", "Smith", "Jones", "Ali", "Brown"];
const eventQuery = () => new URLSearchParams({ year: String(currentYear()), event: demoSettings(currentYear()).tickets.title }).toString();

/** One cycle of a connection: mostly visitors, then members, the accountant and a write. */
const MIX: Step[] = [
  { kind: "visitor", path: () => "/", expect: 200 },
  { kind: "visitor", path: () => "/blog", expect: 200 },
  { kind: "visitor", path: () => "/gallery", expect: 200 },
  { kind: "visitor", path: () => "/contact", expect: 200 },
  // A query string the page does not read: the visitors' page cache cannot answer it.
  { kind: "visitor, uncached", path: (n) => `/event?load=${n}`, expect: 200 },
  { kind: "visitor, uncached", path: (n) => `/?load=${n}`, expect: 200 },
  { kind: "member", path: () => "/mem-account", who: "member", expect: 200 },
  { kind: "member", path: () => "/book-ticket", who: "member", expect: 200 },
  { kind: "accountant", path: (n) => `/accounts?q=${SURNAMES[n % SURNAMES.length]}&page=${1 + (n % 3)}`, who: "accountant", expect: 200 },
  { kind: "accountant", path: (n) => `/accounts?sort=name&dir=asc&size=15&page=${1 + (n % 20)}`, who: "accountant", expect: 200 },
  { kind: "accountant", path: () => `/mem-events-pay?${eventQuery()}`, who: "accountant", expect: 200 },
  { kind: "accountant CSV", path: () => "/accounts/export.csv", who: "accountant", expect: 200 },
  { kind: "write", method: "POST", path: () => "/contact", expect: 302 },
];

export interface PhaseResult {
  connections: number;
  seconds: number;
  requests: number;
  throughput: number;
  latency: { p50: number; p95: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  /** Requests whose status was not the expected one, by kind and status. */
  unexpected: Record<string, number>;
  byKind: Record<string, { requests: number; p50?: number }>;
  writes: { sent: number; answeredOk: number; stored: number; lost: number };
}

export interface LoadResult {
  ramp: PhaseResult[];
  knee: number;
  run: PhaseResult;
  verdict: "PASS" | "FAIL";
}

/** A client address of its own for the n-th write (10.0.0.0/8: never a real client). */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function phase(
  baseUrl: string,
  cookies: Record<"member" | "accountant", string>,
  options: { connections: number; seconds: number; marker: string; firstWrite: number },
): Promise<Omit<PhaseResult, "writes"> & { writes: { sent: number; answeredOk: number } }> {
  const origin = new URL(baseUrl).origin;
  let sequence = 0;
  let writesSent = 0;
  let writesOk = 0;
  const unexpected: Record<string, number> = {};
  const counts: Record<string, number> = {};
  const latencies: number[] = [];

  const requests = MIX.map((step): autocannon.Request => ({
    method: step.method ?? "GET",
    path: step.path(0),
    setupRequest: (request) => {
      const n = (sequence += 1);
      const headers: Record<string, string> = step.who ? { cookie: cookies[step.who] } : {};
      if (step.kind !== "write") return { ...request, path: step.path(n), headers };
      const write = options.firstWrite + writesSent;
      writesSent += 1;
      return {
        ...request,
        path: step.path(n),
        headers: {
          ...headers,
          origin,
          "content-type": "application/x-www-form-urlencoded",
          "cf-connecting-ip": clientAddress(write),
        },
        body: new URLSearchParams({
          name: "Load",
          lastname: "Test",
          email: `${options.marker}-${write}@example.com`,
          subject: `Load test ${options.marker} ${write}`,
          notes: "A message sent by bench/load.ts.",
        }).toString(),
      };
    },
    onResponse: (status: number) => {
      counts[step.kind] = (counts[step.kind] ?? 0) + 1;
      if (status === step.expect) {
        if (step.kind === "write") writesOk += 1;
        return;
      }
      const key = `${step.kind} ${status}`;
      unexpected[key] = (unexpected[key] ?? 0) + 1;
    },
  }));

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: baseUrl, connections: options.connections, duration: options.seconds, timeout: 10, requests }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const unexpectedTotal = Object.values(unexpected).reduce((sum, count) => sum + count, 0);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: latencies.length,
    throughput: Math.round((latencies.length / options.seconds) * 10) / 10,
    latency: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? Number.NaN),
    },
    // autocannon's errors include its timeouts; the unexpected statuses are ours.
    errors: result.errors + unexpectedTotal,
    timeouts: result.timeouts,
    unexpected,
    byKind: Object.fromEntries(Object.entries(counts).map(([kind, requests]) => [kind, { requests }])),
    writes: { sent: writesSent, answeredOk: writesOk },
  };
}

/** Rows of the Quick Contact Form whose e-mail carries the marker, counted in the server's D1. */
async function storedWrites(persistTo: string, marker: string): Promise<number> {
  const { db, dispose } = await openLocalD1(persistTo);
  try {
    const row = await db.prepare("SELECT COUNT(*) AS n FROM contact_messages WHERE email LIKE ?1").bind(`${marker}-%`).first<{ n: number }>();
    return Number(row?.n ?? 0);
  } finally {
    await dispose();
  }
}

const RAMP = [1, 2, 4, 8, 16, 32];

export async function benchLoad(
  baseUrl: string,
  persistTo: string,
  options: { seconds: number; rampSeconds: number; connections?: number },
  print: (line: string) => void,
): Promise<LoadResult> {
  const cookies = { member: await signInAs(baseUrl, "member"), accountant: await signInAs(baseUrl, "treasurer") };
  const runId = Date.now().toString(36);
  let writes = 0;
  const measured = async (marker: string, connections: number, seconds: number): Promise<PhaseResult> => {
    const done = await phase(baseUrl, cookies, { connections, seconds, marker, firstWrite: writes });
    writes += done.writes.sent;
    const stored = await storedWrites(persistTo, marker);
    return { ...done, writes: { ...done.writes, stored, lost: Math.max(0, done.writes.answeredOk - stored) } };
  };

  const ramp: PhaseResult[] = [];
  if (options.connections === undefined) {
    for (const connections of RAMP) {
      const step = await measured(`load-${runId}-ramp${connections}`, connections, options.rampSeconds);
      print(`  ramp: ${connections} connections: ${step.throughput} req/s, p99 ${step.latency.p99} ms, ${step.errors} errors`);
      ramp.push(step);
      // Past the knee: errors, or less than 5% more throughput than the step before.
      if (step.errors > 0 || (ramp.length > 1 && step.throughput < ramp.at(-2)!.throughput * 1.05)) break;
    }
  }
  const knee = options.connections ?? kneeOf(ramp);
  print(`  run: ${knee} connections for ${options.seconds} s...`);
  const run = await measured(`load-${runId}-run`, knee, options.seconds);
  const verdict = run.errors <= LOAD_BUDGETS.errors && run.writes.lost <= LOAD_BUDGETS.lostWrites && run.writes.stored <= run.writes.sent ? "PASS" : "FAIL";
  return { ramp, knee, run, verdict };
}

/** The fewest connections reaching 90% of the best error-free throughput of the ramp. */
export function kneeOf(ramp: Array<Pick<PhaseResult, "connections" | "throughput" | "errors">>): number {
  const clean = ramp.filter((step) => step.errors === 0);
  if (clean.length === 0) return 1;
  const best = Math.max(...clean.map((step) => step.throughput));
  return clean.find((step) => step.throughput >= best * 0.9)!.connections;
}

export function loadTable(result: LoadResult): string {
  const rows = [["phase", "conn", "s", "requests", "req/s", "p50", "p95", "p99", "max", "errors", "timeouts", "writes ok", "stored", "lost"]];
  const row = (name: string, p: PhaseResult) => [
    name,
    String(p.connections),
    String(p.seconds),
    String(p.requests),
    p.throughput.toFixed(1),
    `${p.latency.p50} ms`,
    `${p.latency.p95} ms`,
    `${p.latency.p99} ms`,
    `${p.latency.max} ms`,
    String(p.errors),
    String(p.timeouts),
    `${p.writes.answeredOk}/${p.writes.sent}`,
    String(p.writes.stored),
    String(p.writes.lost),
  ];
  for (const step of result.ramp) rows.push(row("ramp", step));
  rows.push(row("run (knee)", result.run));
  return table(rows);
}
