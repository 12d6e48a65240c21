import { parseArgs } from "node:util";
import { DEFAULT_PERSIST_TO } from "../scripts/lib";
import { openLocalPlatform } from "./platform";
import { seedDatabase } from "./seed";

/**
 * npm run seed -- [--members N] [--tickets N] [--if-empty] [--persist-to DIR]
 * Writes the demo content and accounts (and synthetic members for benchmarks)
 * into the local D1 database. Migrations must have been applied (npm start does).
 */
const { values } = parseArgs({
  options: {
    members: { type: "string", default: "0" },
    tickets: { type: "string" },
    "if-empty": { type: "boolean", default: false },
    "persist-to": { type: "string", default: DEFAULT_PERSIST_TO },
  },
});

function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
    console.error(`--${name} must be a whole number from 0 to 1000000`);
    process.exit(2);
  }
  return value;
}

const started = performance.now();
const { db, media, dispose } = await openLocalPlatform(values["persist-to"]);
try {
  const report = await seedDatabase(db, {
    media,
    ifEmpty: values["if-empty"],
    members: count("members", values.members),
    tickets: count("tickets", values.tickets),
    log: (line) => console.log(line),
  });
  console.log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      Object.entries(report.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(", "),
  );
} finally {
  await dispose();
}
