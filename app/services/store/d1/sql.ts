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

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message) && message.includes(column);
}

/** An SQL literal for a value we generated ourselves (bulk imports); bound parameters everywhere else. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value}`);
    return String(value);
  }
  const text = String(value);
  if (text.includes("\u0000")) throw new Error("Cannot store a NUL character");
  return `'${text.replaceAll("'", "''")}'`;
}

// D1 allows 100 bound parameters and 100 kB of SQL per statement: bulk writes
// put many rows in one statement as literals, below that size.
const MAX_STATEMENT_CHARS = 90_000;

/** Multi-row INSERT OR REPLACE statements for many rows of one table (seed, import). */
export function bulkReplace(db: D1Database, table: string, rows: SqlRow[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).map(checkIdentifier);
  const head = `INSERT OR REPLACE INTO ${checkIdentifier(table)} (${columns.join(", ")}) VALUES `;
  const statements: D1PreparedStatement[] = [];
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${columns.map((c) => literal(row[c])).join(", ")})`;
    if (values.length > 0 && size + tuple.length + 1 > MAX_STATEMENT_CHARS) {
      statements.push(db.prepare(head + values.join(",")));
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 1;
  }
  statements.push(db.prepare(head + values.join(",")));
  return statements;
}
