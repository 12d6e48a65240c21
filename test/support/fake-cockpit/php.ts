/**
 * The bits of PHP 8 value semantics MongoLite's filters inherit (vendor/cockpit-v1/README.md):
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
  if (isNumeric(sa) && isNumeric(sb)) return numericStringsEqual(sa, sb);
  return sa === sb;
}

const INTEGER = /^[ \t\n\r\v\f]*[+-]?\d+[ \t\n\r\v\f]*$/;
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** An integer string fits a PHP int (exact) or overflows to a float (`oflow` says which side). */
function parseNumeric(text: string): { int: bigint | null; float: number; oflow: -1 | 0 | 1 } {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return { int: null, float: Number(trimmed), oflow: 0 };
  const value = BigInt(trimmed);
  if (value > INT64_MAX) return { int: null, float: Number(trimmed), oflow: 1 };
  if (value < INT64_MIN) return { int: null, float: Number(trimmed), oflow: -1 };
  return { int: value, float: Number(value), oflow: 0 };
}

/**
 * zendi_smart_str_equals: numeric strings compare as numbers, exactly as ints when they
 * fit, but two integer strings that both overflow to the same float compare as text (so
 * two 24-digit ids are not equal just because their floats are).
 */
function numericStringsEqual(a: string, b: string): boolean {
  const x = parseNumeric(a);
  const y = parseNumeric(b);
  if (x.oflow !== 0 && x.oflow === y.oflow && x.float === y.float) return a === b;
  if (x.int !== null && y.int !== null) return x.int === y.int;
  if (x.int !== null && y.oflow !== 0) return false;
  if (y.int !== null && x.oflow !== 0) return false;
  if (x.float === y.float && !Number.isFinite(x.float)) return a === b;
  return x.float === y.float;
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
