import { performance } from "node:perf_hooks";
import { request } from "./http";

export interface Timing {
  requests: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
  /** Status codes seen during the timed requests, with how often. */
  statuses: Record<string, number>;
  /** Body size of the last timed response, in bytes (uncompressed, as sent on loopback). */
  bodyBytes: number;
  /** The worker's own figure when it sends `Server-Timing` (the sum of its `dur` values), else absent. */
  serverTiming?: { p50: number; p95: number };
}

/** The sum of the `dur=` values of a Server-Timing header, or null without one. */
export function serverTimingMs(header: string | null): number | null {
  if (!header) return null;
  const durations = [...header.matchAll(/dur=([\d.]+)/g)].map((match) => Number(match[1]));
  return durations.length > 0 ? durations.reduce((sum, ms) => sum + ms, 0) : null;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** One request, timed from sending it until its whole body has been read, in ms. */
async function timedRequest(url: string, headers?: Record<string, string>): Promise<{ ms: number; status: number; bytes: number; server: number | null }> {
  const start = performance.now();
  const response = await request(url, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  return { ms, status: response.status, bytes: body.byteLength, server: serverTimingMs(response.headers.get("server-timing")) };
}

/** Each request's own URL: with `unique`, a query string no other request has (no cache can answer it). */
function nth(url: string, index: number, unique: boolean): string {
  if (!unique) return url;
  const next = new URL(url);
  next.searchParams.set("bench", String(index));
  return next.href;
}

/** `warmup` untimed requests, then `requests` timed ones, one after the other (with `headers`, e.g. a session cookie). */
export async function timeRequests(
  url: string,
  options: { requests: number; warmup: number; unique?: boolean; headers?: Record<string, string> },
): Promise<Timing> {
  const unique = options.unique ?? false;
  for (let index = 0; index < options.warmup; index += 1) await timedRequest(nth(url, -1 - index, unique), options.headers);
  const times: number[] = [];
  const server: number[] = [];
  const statuses: Record<string, number> = {};
  let bodyBytes = 0;
  for (let index = 0; index < options.requests; index += 1) {
    const timed = await timedRequest(nth(url, index, unique), options.headers);
    times.push(timed.ms);
    if (timed.server !== null) server.push(timed.server);
    bodyBytes = timed.bytes;
    statuses[timed.status] = (statuses[timed.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  server.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    bodyBytes,
    ...(server.length === times.length && server.length > 0
      ? { serverTiming: { p50: round(percentile(server, 50)), p95: round(percentile(server, 95)) } }
      : {}),
    requests: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    min: round(times[0]!),
    max: round(times.at(-1)!),
    mean: round(times.reduce((sum, ms) => sum + ms, 0) / times.length),
    statuses,
  };
}
