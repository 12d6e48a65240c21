import { pageWindow, type PageRequest } from "../paging";

/** Small helpers for building D1 statements from row objects. */

export type SqlRow = Record<string, unknown>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checkIdentifier(name: string): string {
  // Table and column names come from our own code, never from input; this keeps it that way.
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
}

/** INSERT of one row, with bound parameters. */
export function insertRow(db: D1Database, table: string, row: SqlRow, options: { returning?: boolean } = {}): D1PreparedStatement {
  const columns = Object.keys(row).map(checkIdentifier);
  const sql = `INSERT INTO ${checkIdentifier(table)} (${columns.join(", ")}) VALUES (${columns
    .map(() => "?")
    .join(", ")})${options.returning ? " RETURNING *" : ""}`;
  return db.prepare(sql).bind(...columns.map((c) => row[c] ?? null));
}

/** " LIMIT ? OFFSET ?" and its parameters for a page request (clamped by pageWindow), or nothing for every row. */
export function pageClause(query: PageRequest): { sql: string; params: number[] } {
  const window = pageWindow(query);
  return window ? { sql: " LIMIT ? OFFSET ?", params: [window.limit, window.offset] } : { sql: "", params: [] };
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message) && message.includes(column);
}

/** An SQL literal for a value we generated ourselves (bulk writes); bound parameters everywhere else. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value}`);
    return String(value);
  }
  if (typeof value !== "string") throw new Error(`Cannot store a ${typeof value} as an SQL literal`);
  if (value.includes("\u0000")) throw new Error("Cannot store a NUL character");
  return `'${value.replaceAll("'", "''")}'`;
}

// D1 allows 100 bound parameters and 100 kB (bytes) of SQL per statement: bulk
// writes put many rows in one statement as literals, below that size.
const MAX_STATEMENT_BYTES = 90_000;
const utf8 = new TextEncoder();

/** The primary key of each table bulk writes touch: a re-run updates the row with that key, nothing else. */
const KEYS: Record<string, string[]> = {
  singletons: ["name"],
  ticket_attendees: ["ticket_id", "band", "position"],
};

/**
 * Multi-row upserts for many rows of one table (seed, import). A row whose key
 * exists is updated in place (never deleted and re-inserted, which would cascade
 * to its children); a clash on another unique column (e-mail, member number)
 * fails loudly instead of replacing someone else's row.
 */
export function bulkUpsert(db: D1Database, table: string, rows: SqlRow[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).map(checkIdentifier);
  const keys = KEYS[table] ?? ["id"];
  const updates = columns.filter((c) => !keys.includes(c)).map((c) => `${c} = excluded.${c}`);
  const head = `INSERT INTO ${checkIdentifier(table)} (${columns.join(", ")}) VALUES `;
  const tail = ` ON CONFLICT (${keys.join(", ")}) DO ${updates.length ? `UPDATE SET ${updates.join(", ")}` : "NOTHING"}`;
  const fixedBytes = utf8.encode(head + tail).length;
  const statements: D1PreparedStatement[] = [];
  let values: string[] = [];
  let bytes = fixedBytes;
  for (const row of rows) {
    const tuple = `(${columns.map((c) => literal(row[c])).join(", ")})`;
    const tupleBytes = utf8.encode(tuple).length + 1;
    if (fixedBytes + tupleBytes > MAX_STATEMENT_BYTES) throw new Error(`A ${table} row is too large for one D1 statement`);
    if (values.length > 0 && bytes + tupleBytes > MAX_STATEMENT_BYTES) {
      statements.push(db.prepare(head + values.join(",") + tail));
      values = [];
      bytes = fixedBytes;
    }
    values.push(tuple);
    bytes += tupleBytes;
  }
  statements.push(db.prepare(head + values.join(",") + tail));
  return statements;
}
