import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy, unstable_splitSqlQuery } from "wrangler";
import { ROOT } from "../../scripts/lib";

/**
 * A fresh, empty D1 database in workerd (in memory) with our migrations applied:
 * the real database engine the Worker uses, for store and guard tests.
 */
export async function createTestD1(): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(ROOT, "wrangler.toml"),
    environment: "development",
    persist: false,
  });
  const db = proxy.env.DB;
  const dir = path.join(ROOT, "migrations");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8"));
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
  return { db, dispose: () => proxy.dispose() };
}
