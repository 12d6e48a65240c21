import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BACKUP_HEADER, TABLES_QUERY, insertsQuery, tablesToCopy, type SchemaRow } from "./backup-d1/statements";
import { DEFAULT_PERSIST_TO, ROOT, wranglerEnv } from "./lib";

/**
 * npm run backup:d1 -- --remote DATABASE --output FILE
 * npm run backup:d1 -- --local [--persist-to DIR] --output FILE
 *
 * Writes every real table of the D1 database as INSERT statements (docs/operations.md):
 * `wrangler d1 export` cannot, since the members search is an FTS5 virtual table (ADR 63).
 */
const { values } = parseArgs({
  options: {
    remote: { type: "string" },
    local: { type: "boolean", default: false },
    "persist-to": { type: "string", default: DEFAULT_PERSIST_TO },
    output: { type: "string" },
    "page-size": { type: "string", default: "1000" },
  },
});

if ((!values.remote && !values.local) || !values.output) {
  console.error("Usage: npm run backup:d1 -- (--remote DATABASE | --local [--persist-to DIR]) --output FILE");
  process.exit(1);
}

const where = values.remote ? [values.remote, "--remote"] : ["DB", "--local", "--env", "development", "--persist-to", values["persist-to"]!];

/** One query through wrangler, its rows as JSON. */
function query<T>(sql: string): T[] {
  const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "execute", ...where, "--json", "--command", sql], {
    cwd: ROOT,
    env: wranglerEnv({ CI: "true" }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}${result.stderr}`);
  const answer = JSON.parse(result.stdout) as Array<{ results: T[] }>;
  return answer.flatMap((each) => each.results);
}

const pageSize = Number(values["page-size"]);
const lines = [...BACKUP_HEADER];
for (const table of tablesToCopy(query<SchemaRow>(TABLES_QUERY))) {
  const info = query<{ name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info('${table.replace(/'/g, "''")}')`);
  const columns = info.map((c) => c.name);
  const key = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  let copied = 0;
  for (;;) {
    const page = query<{ statement: string }>(insertsQuery(table, columns, key, pageSize, copied));
    lines.push(...page.map((row) => row.statement));
    copied += page.length;
    if (page.length < pageSize) break;
  }
  console.log(`${table}: ${copied} rows`);
}
writeFileSync(values.output, `${lines.join("\n")}\n`);
console.log(`Wrote ${values.output}.`);
