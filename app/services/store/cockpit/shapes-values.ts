/**
 * Reading Cockpit's loose values (shared by the member, transaction and ticket shapes).
 * Cockpit stores what was sent, turns "" into null and "true"/"false" into booleans, and
 * legacy records were written by a browser app: numbers may be numeric strings, booleans
 * may be 1/"1", fields may be missing.
 */

export type CockpitFields = Record<string, unknown>;

export function looseBool(value: unknown): boolean {
  if (typeof value === "string") return ["true", "1", "yes", "on"].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

export function looseText(value: unknown): string {
  return value == null ? "" : String(value);
}

/** A finite number, or null for missing, empty and non-numeric values. */
export function looseNumber(value: unknown): number | null {
  if (value == null || value === "" || typeof value === "boolean") return null;
  const number = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : null;
}

/** Money: Cockpit keeps pounds (the legacy app's `transactionAmount` and `ticketPrice`), the domain pence. */
export function poundsToPence(value: unknown): number {
  return Math.round((looseNumber(value) ?? 0) * 100);
}
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** One of the allowed words (compared case-insensitively), else the fallback. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  const text = looseText(value).trim().toLowerCase();
  return allowed.find((option) => option.toLowerCase() === text) ?? fallback;
}
