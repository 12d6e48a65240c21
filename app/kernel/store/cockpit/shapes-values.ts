import { num } from "./shapes-loose";

/**
 * Two more readers of Cockpit's loose values for the member, transaction and ticket
 * shapes (the rest are in shapes-loose.ts): legacy records were written by a browser
 * app, so numbers may be numeric strings and words may differ in case.
 */

export type CockpitFields = Record<string, unknown>;

/** A finite number, or null for missing, empty and non-numeric values. */
export function numOrNull(value: unknown): number | null {
  const n = num(value, Number.NaN);
  return Number.isNaN(n) ? null : n;
}

/** One of the allowed words (compared case-insensitively), else the fallback. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return allowed.find((option) => option.toLowerCase() === text) ?? fallback;
}
