/**
 * What `npm run backup:d1` asks D1 for (docs/operations.md, ADR 63). `wrangler d1 export`
 * refuses any database holding a virtual table, and the members search is an FTS5 one; so
 * the backup reads each real table through `wrangler d1 execute`, and SQLite writes each row
 * as an INSERT itself (`quote()` gives text, numbers, NULL and blobs as SQL literals);
 * OR REPLACE, as the migrations a restore applies first write a few rows of their own
 * (the content version, default settings).
 * Pure: the statements and the choice of tables are unit-tested.
 */

export interface SchemaRow {
  name: string;
  /** The CREATE statement as sqlite_master keeps it. */
  sql: string | null;
}

/** The tables a backup copies, every one read by the same query. */
export const TABLES_QUERY =
  "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name";

/**
 * The tables worth copying: not the migrations' own record (a restore applies the
 * migrations first, which writes it), not a virtual table nor its shadow tables (derived:
 * the members search is refilled by its triggers as the members are inserted again).
 */
export function tablesToCopy(schema: readonly SchemaRow[]): string[] {
  const virtual = schema.filter((row) => /^CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  return schema.map((row) => row.name).filter((name) => name !== "d1_migrations" && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The query that reads one page of a table as INSERT statements, in the order of its
 * primary key (`key`, which a WITHOUT ROWID table always has), else of its rowid.
 */
export function insertsQuery(table: string, columns: readonly string[], key: readonly string[], pageSize: number, offset: number): string {
  const values = columns.map((column) => `quote(${ident(column)})`).join(" || ',' || ");
  const insert = `'INSERT OR REPLACE INTO ${ident(table).replace(/'/g, "''")} (${columns.map(ident).join(", ").replace(/'/g, "''")}) VALUES (' || ${values} || ');'`;
  return `SELECT ${insert} AS statement FROM ${ident(table)} ORDER BY ${key.length > 0 ? key.map(ident).join(", ") : "rowid"} LIMIT ${pageSize} OFFSET ${offset}`;
}

/** The file's first lines: foreign keys are checked at the end, so tables may come in any order. */
export const BACKUP_HEADER = [
  "-- A D1 backup (npm run backup:d1). Restore: apply the migrations to an empty database, then execute this file.",
  "PRAGMA defer_foreign_keys = true;",
];
