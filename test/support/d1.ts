import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { getPlatformProxy, unstable_splitSqlQuery } from "wrangler";
import { createD1Store } from "~/services/store/d1/index.server";
import type { Store } from "~/services/store/port";
import { ROOT } from "../../scripts/lib";

/** Applies the migrations files (in order) to a database. */
export async function applyMigrations(db: D1Database, files: readonly string[]): Promise<void> {
  const dir = path.join(ROOT, "migrations");
  for (const file of files) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8"));
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
}

/** The migration files, in the order they are applied. */
export function migrationFiles(): string[] {
  return readdirSync(path.join(ROOT, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();
}

/**
 * A fresh, empty D1 database in workerd (in memory) with our migrations applied:
 * the real database engine the Worker uses, for store and guard tests. `migrations`
 * applies only those (a migration's own test starts from the ones before it).
 */
export async function createTestD1(migrations: readonly string[] = migrationFiles()): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(ROOT, "wrangler.toml"),
    environment: "development",
    persist: false,
  });
  const db = proxy.env.DB;
  await applyMigrations(db, migrations);
  return { db, dispose: () => proxy.dispose() };
}

/**
 * One fresh database (and a D1 store over it) for the test file that calls this:
 * created before its tests, disposed after them.
 */
export function useTestD1(): { readonly db: D1Database; readonly store: Store } {
  const state = {} as { db: D1Database; store: Store; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const test = await createTestD1();
    Object.assign(state, { db: test.db, store: createD1Store(test.db), dispose: test.dispose });
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return state;
}
