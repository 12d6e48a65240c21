import { rmSync } from "node:fs";
import path from "node:path";
import { DEFAULT_PERSIST_TO, migrate } from "./lib";
import { openLocalPlatform } from "../seed/platform";
import { seedDatabase } from "../seed/seed";

/** npm run db:reset: wipes the local D1 database and its files (R2), re-applies the migrations and seeds the demo again. */
rmSync(path.join(DEFAULT_PERSIST_TO, "v3", "d1"), { recursive: true, force: true });
rmSync(path.join(DEFAULT_PERSIST_TO, "v3", "r2"), { recursive: true, force: true });
migrate(DEFAULT_PERSIST_TO, { quiet: true });
const { db, media, dispose } = await openLocalPlatform();
try {
  const report = await seedDatabase(db, { media, log: (line) => console.log(line) });
  console.log(`Local database reset: ${report.counts.members} members, ${report.counts.news} news items.`);
} finally {
  await dispose();
}
