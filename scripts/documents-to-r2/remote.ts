import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, wranglerEnv } from "../lib";
import type { DocumentFileRows, MediaTarget } from "./move";

/**
 * The deployed database and bucket, through wrangler's own commands (`d1 execute --remote`,
 * `r2 object put/get --remote`), which use the account `wrangler login` gave.
 */

function wrangler(args: string[]): string {
  const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    env: wranglerEnv({ CI: "true" }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

function query<T>(database: string, sql: string): T[] {
  const output = JSON.parse(wrangler(["d1", "execute", database, "--remote", "--json", "--command", sql])) as Array<{ results: T[] }>;
  return output.flatMap((part) => part.results);
}

export function remoteRows(database: string): DocumentFileRows {
  return {
    async exists() {
      return query(database, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'document_files'").length > 0;
    },
    async paths() {
      return query<{ path: string }>(database, "SELECT path FROM document_files ORDER BY path").map((r) => r.path);
    },
    async read(filePath) {
      const [row] = query<{ content_type: string; hex: string }>(
        database,
        `SELECT content_type, hex(bytes) AS hex FROM document_files WHERE path = ${sqlText(filePath)}`,
      );
      return row ? { contentType: row.content_type, bytes: new Uint8Array(Buffer.from(row.hex, "hex")) } : null;
    },
    async remove(filePath) {
      query(database, `DELETE FROM document_files WHERE path = ${sqlText(filePath)}`);
    },
  };
}

export function remoteBucket(bucket: string): MediaTarget {
  const dir = mkdtempSync(path.join(tmpdir(), "documents-to-r2-"));
  return {
    async put(key, bytes, contentType) {
      const file = path.join(dir, "upload");
      writeFileSync(file, bytes);
      wrangler(["r2", "object", "put", `${bucket}/${key}`, "--file", file, "--content-type", contentType, "--remote"]);
      rmSync(file, { force: true });
    },
    async read(key) {
      const file = path.join(dir, "download");
      try {
        wrangler(["r2", "object", "get", `${bucket}/${key}`, "--file", file, "--remote"]);
        return new Uint8Array(readFileSync(file));
      } catch {
        return null;
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}
