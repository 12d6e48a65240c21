import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { getPlatformProxy, unstable_splitSqlQuery } from "wrangler";
import { createD1Store } from "~/services/store/d1/index.server";
import type { Store } from "~/services/store/port";
import { ROOT } from "../../scripts/lib";

/**
 * A fresh, empty D1 database in workerd (in memory) with our migrations applied:
 * the real database engine the Worker uses, for store and guard tests. With it, an empty
 * MEDIA bucket (R2, in memory too).
 */
export async function createTestD1(options: { migrationsBefore?: string } = {}): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }> {
  const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({
    configPath: path.join(ROOT, "wrangler.toml"),
    environment: "development",
    persist: false,
  });
  const db = proxy.env.DB;
  await applyMigrations(db, (file) => !options.migrationsBefore || file < options.migrationsBefore);
  return { db, media: proxy.env.MEDIA, dispose: () => proxy.dispose() };
}

/**
 * Applies the migrations whose file names pass `which`, in order, each in one batch (one
 * transaction, as `wrangler d1 migrations apply` runs a file): a database as it was before a
 * migration, then that migration, for tests of a migration itself.
 */
export async function applyMigrations(db: D1Database, which: (file: string) => boolean = () => true): Promise<void> {
  const dir = path.join(ROOT, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && which(f))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8"));
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
}

/**
 * One fresh database (and a D1 store over it) for the test file that calls this:
 * created before its tests, disposed after them.
 */
export function useTestD1(): { readonly db: D1Database; readonly media: R2Bucket; readonly store: Store } {
  const state = {} as { db: D1Database; media: R2Bucket; store: Store; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const test = await createTestD1();
    Object.assign(state, { db: test.db, media: test.media, store: createD1Store(test.db, test.media), dispose: test.dispose });
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return state;
}
