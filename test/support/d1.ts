import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { ROOT } from "../../scripts/lib";
import { bindingsOnOwnProxy } from "../../scripts/own-proxy";

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
 * Fresh in-memory databases and buckets, many to one workerd (ADR 57): a test file's D1
 * was a getPlatformProxy of its own, a workerd started and stopped for every file and every
 * contract block, and process creation was most of the suite's kernel time. One Miniflare
 * declares POOL_SIZE empty D1 databases and R2 buckets; each is handed out once, so every
 * caller still starts from nothing, through a proxy client of its own
 * (scripts/own-proxy.ts). A spent pool is stopped once all it lent are disposed.
 */
const POOL_SIZE = 32;
const POOL_WORKER = "test-d1-pool";
interface Pool {
  mf: Miniflare;
  next: number;
  lent: number;
}
let pool: Pool | undefined;

function startPool(): Pool {
  const names = Array.from({ length: POOL_SIZE }, (_, index) => index);
  const mf = new Miniflare({
    name: POOL_WORKER,
    modules: true,
    script: "export default {}",
    compatibilityDate: "2026-04-20",
    host: "127.0.0.1",
    d1Databases: Object.fromEntries(names.map((index) => [`DB${index}`, `test-db-${index}`])),
    r2Buckets: Object.fromEntries(names.map((index) => [`MEDIA${index}`, `test-media-${index}`])),
    d1Persist: false,
    r2Persist: false,
  });
  return { mf, next: 0, lent: 0 };
}

async function borrowFresh(): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }> {
  if (!pool || pool.next >= POOL_SIZE) pool = startPool();
  const from = pool;
  const index = from.next++;
  from.lent += 1;
  const own = await bindingsOnOwnProxy(from.mf, { worker: POOL_WORKER, d1: `DB${index}`, r2: `MEDIA${index}` });
  return {
    db: own.db,
    media: own.media,
    async dispose() {
      await own.dispose();
      from.lent -= 1;
      if (from.lent === 0 && from.next >= POOL_SIZE) await from.mf.dispose();
    },
  };
}

/**
 * A fresh, empty D1 database in workerd (in memory) with our migrations applied:
 * the real database engine the Worker uses, for store and guard tests. `migrations`
 * applies only those (a migration's own test starts from the ones before it). With it, an
 * empty MEDIA bucket (R2, in memory too).
 */
export async function createTestD1(
  migrations: readonly string[] = migrationFiles(),
): Promise<{ db: D1Database; media: R2Bucket; dispose: () => Promise<void> }> {
  const fresh = await borrowFresh();
  await applyMigrations(fresh.db, migrations);
  return fresh;
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

/**
 * For a migration's own test: a fresh database as the migrations before `migration` left it,
 * created before the file's tests and disposed after them; `migrate()` then applies it.
 */
export function useD1Before(migration: string): { readonly db: D1Database; migrate(): Promise<void> } {
  const state = {} as { db: D1Database; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const test = await createTestD1(migrationFiles().filter((file) => file < migration));
    Object.assign(state, { db: test.db, dispose: test.dispose });
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return {
    get db() {
      return state.db;
    },
    migrate: () => applyMigrations(state.db, [migration]),
  };
}
