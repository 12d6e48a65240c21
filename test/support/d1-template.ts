import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, ROOT } from "../../scripts/lib";
import { openLocalPlatform } from "../../seed/platform";
import { seedDatabase } from "../../seed/seed";
import { cockpitDataFromD1 } from "./cockpit-mode";

/** The run's migrated and seeded database, copied for every test server. */
export interface D1Template {
  /** A persist directory (as `wrangler dev --persist-to` lays it out) holding the seeded D1. */
  dir: string;
  /** The day the seed was made for (ISO): the fake Cockpit's content is built for the same day. */
  date: string;
  /** The seed in Cockpit's shapes (cockpitDataFromD1), as JSON, for the Cockpit run. */
  cockpitData?: string;
}

/**
 * Where npm test keeps the one template all its runs copy (ADR 57): beside the build it
 * makes once (scripts/build-for-tests.ts), so no run migrates and seeds again.
 */
export const SHARED_TEMPLATE = path.join(ROOT, "build", "test-d1-template");
const DESCRIPTION = "template.json";
/**
 * Beside it, the same database with the migrations only (no seed, no settings, no
 * content): a fresh site's, which the fresh-database and every-page tests serve. Copying
 * it spares each of them a wrangler process (ADR 57).
 */
export const MIGRATED_TEMPLATE = path.join(ROOT, "build", "test-d1-migrated");
const MIGRATED_MARK = "migrated.json";
const MIGRATIONS = path.join(ROOT, "migrations");

/**
 * Migrates (one wrangler process) and seeds a database. Copying it costs milliseconds;
 * migrating and seeding it costs a wrangler process and a workerd. `into` keeps it there
 * (replacing what was); without it, a temporary directory the caller removes.
 */
export async function makeD1Template(options: { into?: string; cockpitData?: boolean } = {}): Promise<D1Template> {
  let dir: string;
  if (options.into) {
    rmSync(options.into, { recursive: true, force: true });
    mkdirSync(options.into, { recursive: true });
    dir = options.into;
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "mma-test-d1-template-"));
  }
  migrate(dir, { quiet: true });
  if (options.into) {
    rmSync(MIGRATED_TEMPLATE, { recursive: true, force: true });
    cpSync(dir, MIGRATED_TEMPLATE, { recursive: true });
    writeFileSync(path.join(MIGRATED_TEMPLATE, MIGRATED_MARK), "{}");
  }
  const date = new Date();
  const { db, media, dispose } = await openLocalPlatform(dir);
  try {
    await seedDatabase(db, { date, media });
    const template: D1Template = { dir, date: date.toISOString() };
    if (options.cockpitData) {
      template.cockpitData = path.join(dir, "cockpit.json");
      writeFileSync(template.cockpitData, JSON.stringify(await cockpitDataFromD1(db, date)));
    }
    if (options.into) writeFileSync(path.join(dir, DESCRIPTION), JSON.stringify(template));
    return template;
  } finally {
    await dispose();
  }
}

/** The template npm test made for its runs, or null (a vitest run of its own makes one). */
export function sharedTemplate(): D1Template | null {
  const file = path.join(SHARED_TEMPLATE, DESCRIPTION);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as D1Template) : null;
}

/**
 * Fills `dir` with a database as `wrangler d1 migrations apply` leaves it: a copy of the
 * one npm test made beside its template, or (a vitest run of its own) migrated here.
 */
export function migratedD1(dir: string): void {
  const mark = path.join(MIGRATED_TEMPLATE, MIGRATED_MARK);
  // A migration written since that copy was made (a vitest run without a new build) is applied here.
  const newestMigration = Math.max(...readdirSync(MIGRATIONS).map((name) => statSync(path.join(MIGRATIONS, name)).mtimeMs));
  if (existsSync(mark) && statSync(mark).mtimeMs >= newestMigration) cpSync(MIGRATED_TEMPLATE, dir, { recursive: true });
  else migrate(dir, { quiet: true });
}
