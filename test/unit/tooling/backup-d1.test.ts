import { describe, expect, it } from "vitest";
import { BACKUP_HEADER, insertsQuery, tablesToCopy } from "../../../scripts/backup-d1/statements";

/** npm run backup:d1 (docs/operations.md): what it copies and how it asks D1 for the rows. */
describe("the D1 backup's statements", () => {
  it("copies every real table, never the migrations' record, a virtual table or its shadow tables", () => {
    const schema = [
      { name: "d1_migrations", sql: "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY)" },
      { name: "members", sql: "CREATE TABLE members (id TEXT PRIMARY KEY)" },
      { name: "members_search", sql: "CREATE VIRTUAL TABLE members_search USING fts5(names)" },
      { name: "members_search_data", sql: "CREATE TABLE 'members_search_data'(id INTEGER PRIMARY KEY, block BLOB)" },
      { name: "members_search_idx", sql: "CREATE TABLE 'members_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID" },
      { name: "rate_limits", sql: "CREATE TABLE rate_limits (key TEXT PRIMARY KEY) WITHOUT ROWID" },
      { name: "members_list", sql: "CREATE TABLE members_list (id TEXT)" },
    ];
    expect(tablesToCopy(schema)).toEqual(["members", "rate_limits", "members_list"]);
  });

  it("reads a page of rows as INSERTs SQLite quotes itself, in primary key order (rowid when there is none)", () => {
    expect(insertsQuery("rate_limits", ["key", "hits"], ["key"], 500, 1000)).toBe(
      `SELECT 'INSERT OR REPLACE INTO "rate_limits" ("key", "hits") VALUES (' || quote("key") || ',' || quote("hits") || ');' AS statement FROM "rate_limits" ORDER BY "key" LIMIT 500 OFFSET 1000`,
    );
    expect(insertsQuery("log", ["at"], [], 10, 0)).toMatch(/ORDER BY rowid LIMIT 10 OFFSET 0$/);
    // A name with quotes stays one identifier inside the SQL string literal.
    expect(insertsQuery(`o'dd"t`, ["c"], [], 1, 0)).toContain(`'INSERT OR REPLACE INTO "o''dd""t" ("c")`);
  });

  it("checks foreign keys at the end of the restore, so tables may come in any order", () => {
    expect(BACKUP_HEADER).toContain("PRAGMA defer_foreign_keys = true;");
  });
});
