import { gzipSync } from "node:zlib";

/** kB as used by the budgets: 1000 bytes. */
export const KB = 1000;

/** Size in bytes of the body compressed with gzip at level 9 (what the budgets count). */
export function gzipSize(body: Uint8Array): number {
  return gzipSync(body, { level: 9 }).length;
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}
