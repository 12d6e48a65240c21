/** Small helpers for building D1 statements from row objects. */

export type SqlRow = Record<string, unknown>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checkIdentifier(name: string): string {
  // Table and column names come from our own code, never from input; this keeps it that way.
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
}

/** INSERT (or INSERT OR REPLACE, for idempotent imports) of one row. */
export function insertRow(
  db: D1Database,
  table: string,
  row: SqlRow,
  options: { replace?: boolean; returning?: boolean } = {},
): D1PreparedStatement {
  const columns = Object.keys(row).map(checkIdentifier);
  const verb = options.replace ? "INSERT OR REPLACE" : "INSERT";
  const sql = `${verb} INTO ${checkIdentifier(table)} (${columns.join(", ")}) VALUES (${columns
    .map(() => "?")
    .join(", ")})${options.returning ? " RETURNING *" : ""}`;
  return db.prepare(sql).bind(...columns.map((c) => row[c] ?? null));
}

/** Runs statements in batches (each batch is one transaction in D1). */
export async function runInBatches(db: D1Database, statements: D1PreparedStatement[], size = 200): Promise<void> {
  for (let i = 0; i < statements.length; i += size) {
    await db.batch(statements.slice(i, i + size));
  }
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message) && message.includes(column);
}
