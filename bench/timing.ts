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
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** One request, timed from sending it until its whole body has been read, in ms. */
async function timedRequest(url: string): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await request(url);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

/** Each request's own URL: with `unique`, a query string no other request has (no cache can answer it). */
function nth(url: string, index: number, unique: boolean): string {
  if (!unique) return url;
  const next = new URL(url);
  next.searchParams.set("bench", String(index));
  return next.href;
}

/** `warmup` untimed requests, then `requests` timed ones, one after the other. */
export async function timeRequests(url: string, options: { requests: number; warmup: number; unique?: boolean }): Promise<Timing> {
  const unique = options.unique ?? false;
  for (let index = 0; index < options.warmup; index += 1) await timedRequest(nth(url, -1 - index, unique));
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (let index = 0; index < options.requests; index += 1) {
    const { ms, status } = await timedRequest(nth(url, index, unique));
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    requests: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    min: round(times[0]!),
    max: round(times.at(-1)!),
    mean: round(times.reduce((sum, ms) => sum + ms, 0) / times.length),
    statuses,
  };
}
