import { parseArgs } from "node:util";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { openLocalPlatform } from "../seed/platform";
import { moveLocalDocumentFiles } from "./documents-to-r2/local";
import { ImportError, importCockpit, summaryLine } from "./import-cockpit/import";
import { DEFAULT_PERSIST_TO, migrate } from "./lib";

/**
 * npm run import:cockpit -- [--url URL] [--token T] [--assets-url URL] [--persist-to DIR]
 *                           [--copy-files] [--dry-run] [--remote DATABASE]
 *
 * Copies every collection and singleton of a Cockpit instance into the local D1 store
 * (see docs/import-cockpit.md). Safe to run again: only what changed is written.
 */
const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.CMS_API_URL },
    token: { type: "string", default: process.env.CMS_API_TOKEN },
    "assets-url": { type: "string", default: process.env.CMS_ASSETS_URL },
    "persist-to": { type: "string", default: DEFAULT_PERSIST_TO },
    "copy-files": { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
    remote: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

const USAGE =
  "Usage: npm run import:cockpit -- [--url CMS_API_URL] [--token CMS_API_TOKEN] [--assets-url CMS_ASSETS_URL]\n" +
  "                                 [--persist-to DIR] [--copy-files] [--dry-run] [--remote DATABASE]";

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.remote !== undefined) {
  const db = values.remote || "<database>";
  const tables = [
    "singletons",
    "home_slides",
    "office_bearers",
    "previous_teams",
    "calendar_events",
    "galleries",
    "news",
    "documents",
    "members",
    "transactions",
    "tickets",
    "ticket_attendees",
    "activity",
  ];
  // wrangler d1 export --local reads the default local database (.wrangler/state), so the import goes there.
  console.log(
    [
      `The import writes into a local D1 database; to fill the deployed one (${db}), import into an empty local database, export it, then execute it remotely:`,
      "  rm -rf .wrangler/state/v3/d1",
      "  npm run import:cockpit -- --copy-files",
      `  npx wrangler d1 export DB --local --env development --no-schema ${tables.map((t) => `--table ${t}`).join(" ")} --output cockpit-import.sql`,
      `  npx wrangler d1 migrations apply ${db} --remote`,
      `  npx wrangler d1 execute ${db} --remote --file cockpit-import.sql`,
      "The export holds plain INSERTs: run it once, into a deployed database that does not have these records yet.",
      "The documents' files go into the deployed R2 bucket, each under its document's path without the leading slash (ADR 40):",
      "  npx wrangler r2 object put mma-community-site-media/<path> --file <the file from the CMS host> --remote",
    ].join("\n"),
  );
  process.exit(0);
}

if (!values.url || !values.token) {
  console.error(`Give the Cockpit API with --url and --token (or CMS_API_URL and CMS_API_TOKEN).\n${USAGE}`);
  process.exit(2);
}

const started = performance.now();
const dryRun = values["dry-run"];
console.log(`Importing from ${values.url} into the local D1 in ${values["persist-to"]}${dryRun ? " (dry run: nothing is written)" : ""}`);
await moveLocalDocumentFiles(values["persist-to"], (line) => console.log(`  ${line}`));
migrate(values["persist-to"], { quiet: true });
const { db, media, dispose } = await openLocalPlatform(values["persist-to"]);
let exitCode = 0;
try {
  const client = createCockpitClient({ baseUrl: values.url, token: values.token, timeoutMs: 30_000 });
  const report = await importCockpit(client, db, {
    assetsBase: values["assets-url"] || undefined,
    copyFiles: values["copy-files"],
    media,
    dryRun,
    log: (line) => console.log(`  ${line}`),
  });
  for (const warning of report.warnings) console.warn(`Note: ${warning}`);
  if (report.files?.missing.length) {
    console.warn(`Could not copy ${report.files.missing.length} document files:\n${report.files.missing.map((m) => `  ${m}`).join("\n")}`);
    exitCode = 1;
  }
  console.log(`${summaryLine(report, dryRun)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  console.error(
    error instanceof ImportError
      ? `Import stopped. ${error.message}`
      : `Import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  exitCode = 1;
} finally {
  await dispose();
}
process.exit(exitCode);
