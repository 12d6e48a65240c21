/**
 * The bits of PHP 8 value semantics MongoLite's filters inherit (cockpit-api.md §3):
 * loose `==`, `is_numeric`, truthiness and string casts. JSON values only.
 */

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

export function isNumeric(value: unknown): boolean {
  return (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && NUMERIC.test(value));
}

export function isPhpArray(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}

export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "" || value === "0") return false;
  if (isPhpArray(value)) return Object.keys(value).length > 0;
  return true;
}

/** `(string) $value`: what array_intersect compares. */
export function phpString(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value === true) return "1";
  if (isPhpArray(value)) return "Array";
  return String(value);
}

/** PHP 8 `$a == $b`. */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === "boolean" || typeof b === "boolean") return truthy(a) === truthy(b);
  if (a === null && b === null) return true;
  if (a === null || b === null) {
    const other = a === null ? b : a;
    return typeof other === "string" ? other === "" : !truthy(other);
  }
  if (isPhpArray(a) || isPhpArray(b)) {
    if (!isPhpArray(a) || !isPhpArray(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    return ka.length === kb.length && ka.every((k) => k in rb && looseEquals(ra[k], rb[k]));
  }
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (typeof a === "number" || typeof b === "number") {
    const [n, s] = typeof a === "number" ? [a, String(b)] : [b as number, String(a)];
    return isNumeric(s) ? n === Number(s.trim()) : String(n) === s;
  }
  const sa = String(a);
  const sb = String(b);
  if (isNumeric(sa) && isNumeric(sb)) return Number(sa.trim()) === Number(sb.trim());
  return sa === sb;
}

/** `in_array($needle, $haystack)` (loose). */
export function inArray(needle: unknown, haystack: unknown): boolean {
  return isPhpArray(haystack) && Object.values(haystack).some((v) => looseEquals(v, needle));
}

/** `count(array_intersect($a, $b)) > 0`: compares string casts. */
export function intersects(a: Record<string, unknown> | unknown[], b: Record<string, unknown> | unknown[]): boolean {
  const right = new Set(Object.values(b).map(phpString));
  return Object.values(a).some((v) => right.has(phpString(v)));
}

/** `$a <op> $b` for $gt/$gte/$lt/$lte: only numeric with numeric, or string with string. */
export function compareForRange(a: unknown, b: unknown): number | null {
  if (isNumeric(a) && isNumeric(b)) return Number(String(a).trim()) - Number(String(b).trim());
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return null;
}
