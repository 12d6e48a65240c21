import { compareForRange, inArray, intersects, isPhpArray, looseEquals, phpString } from "./php";

/**
 * MongoLite's filters, sort and projection as vendor/cockpit-v1/README.md describes them
 * (lib/MongoLite/Database.php, UtilArrayQuery): plain `{k: v}` is PHP loose `==` (an
 * array field matches a string it contains; `{k: null}` matches missing or null),
 * missing fields fail every operator except `$exists`, and the sort is SQLite's
 * ORDER BY over document_key() (missing and null sort as '', numbers before text,
 * text byte by byte).
 */

export type Doc = Record<string, unknown>;

/** An unknown operator: Cockpit answers 406. */
export class FilterError extends Error {}

export function getPath(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const key of path.split(".")) {
    if (!isPhpArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function matches(doc: Doc, filter: unknown): boolean {
  if (!isPhpArray(filter)) return true;
  for (const [key, condition] of Object.entries(filter)) {
    if (key === "$and" || key === "$or") {
      const parts = isPhpArray(condition) ? Object.values(condition) : [];
      const ok = key === "$and" ? parts.every((part) => matches(doc, part)) : parts.some((part) => matches(doc, part));
      if (!ok) return false;
      continue;
    }
    if (key === "$where") throw new FilterError("$where needs a PHP callable");
    const value = getPath(doc, key);
    if (isPhpArray(condition)) {
      if (!check(value, condition)) return false;
    } else if (condition === null) {
      if (value !== undefined && value !== null) return false;
    } else {
      if (value === undefined || value === null) return false;
      const ok = isPhpArray(value) && typeof condition === "string" ? inArray(condition, value) : looseEquals(value, condition);
      if (!ok) return false;
    }
  }
  return true;
}

function check(value: unknown, condition: Record<string, unknown> | unknown[]): boolean {
  for (const [op, operand] of Object.entries(condition)) {
    if (op === "$options") continue;
    if (!evaluate(op, value, operand)) return false;
  }
  return true;
}

function evaluate(op: string, a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  // Checked before the operator is even looked at: a missing field is no match, whatever the operator.
  if (a === null && op !== "$exists") return false;
  switch (op) {
    case "$eq":
      return looseEquals(a, b);
    case "$ne":
      return !looseEquals(a, b);
    case "$gt":
    case "$gte":
    case "$lt":
    case "$lte": {
      const c = compareForRange(a, b);
      if (c === null) return false;
      return op === "$gt" ? c > 0 : op === "$gte" ? c >= 0 : op === "$lt" ? c < 0 : c <= 0;
    }
    case "$in":
      if (!isPhpArray(b)) return false;
      return isPhpArray(a) ? intersects(a, b) : inArray(a, b);
    case "$nin":
      if (!isPhpArray(b)) return false;
      return isPhpArray(a) ? !intersects(a, b) : !inArray(a, b);
    case "$has":
      if (isPhpArray(b)) throw new FilterError("$has array not supported");
      return isPhpArray(a) && inArray(b, a);
    case "$all": {
      if (!isPhpArray(a) || !isPhpArray(b)) return false;
      const have = new Set(Object.values(a).map(phpString));
      return Object.values(b).every((v) => have.has(phpString(v)));
    }
    case "$size":
      return isPhpArray(a) && Object.keys(a).length === Number(b);
    case "$mod":
      return Array.isArray(b) && Number(a) % Number(b[0]) === Number(b[1]);
    case "$regex":
    case "$preg":
    case "$match":
    case "$not": {
      const r = pregMatch(String(b), a);
      return op === "$not" ? !r : r;
    }
    case "$exists":
      return truthyOperand(b) ? a !== null : a === null;
    default:
      throw new FilterError(`Condition not valid ... Use ${op} for custom operations`);
  }
}

function truthyOperand(b: unknown): boolean {
  return !(b === false || b === 0 || b === "" || b === "0" || b === null || b === undefined);
}

/** `@preg_match($b[0] == '/' ? $b : '/'.$b.'/iu', $a)`: errors count as no match. */
function pregMatch(pattern: string, subject: unknown): boolean {
  if (isPhpArray(subject)) return false;
  let source = pattern;
  let flags = "iu";
  if (pattern.startsWith("/")) {
    const end = pattern.lastIndexOf("/");
    if (end <= 0) return false;
    source = pattern.slice(1, end);
    flags = [...new Set(pattern.slice(end + 1).split(""))].filter((f) => "imsu".includes(f)).join("");
  }
  try {
    return new RegExp(source, flags).test(phpString(subject));
  } catch {
    try {
      return new RegExp(source, flags.replace("u", "")).test(phpString(subject));
    } catch {
      return false;
    }
  }
}

/** document_key(): what SQLite orders by. */
function sortKey(doc: Doc, path: string): number | string {
  const value = getPath(doc, path);
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "1" : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** `{f: -1}` descending, anything else ascending; ties keep insertion order. */
export function sortDocs(docs: Doc[], sort: unknown): Doc[] {
  if (!isPhpArray(sort) || Array.isArray(sort)) return docs;
  const keys = Object.entries(sort).map(([path, dir]) => ({ path, desc: Number(dir) === -1 }));
  if (keys.length === 0) return docs;
  return docs
    .map((doc, index) => ({ doc, index }))
    .sort((x, y) => {
      for (const { path, desc } of keys) {
        const c = compareKeys(sortKey(x.doc, path), sortKey(y.doc, path));
        if (c !== 0) return desc ? -c : c;
      }
      return x.index - y.index;
    })
    .map((x) => x.doc);
}

/** Top-level projection: `{f: 1}` keeps f (and `_id` unless `_id: 0`), `{f: 0}` drops f. */
export function project(doc: Doc, fields: unknown): Doc {
  if (!isPhpArray(fields) || Array.isArray(fields)) return doc;
  const entries = Object.entries(fields);
  if (entries.length === 0) return doc;
  const include = entries.filter(([, v]) => truthyOperand(v)).map(([k]) => k);
  const exclude = new Set(entries.filter(([, v]) => !truthyOperand(v)).map(([k]) => k));
  let out: Doc = doc;
  if (include.length > 0) {
    const keep = new Set([...include, "_id"]);
    out = Object.fromEntries(Object.entries(doc).filter(([k]) => keep.has(k)));
  }
  return Object.fromEntries(Object.entries(out).filter(([k]) => !exclude.has(k)));
}
