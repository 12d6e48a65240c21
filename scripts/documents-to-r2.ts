import { parseArgs } from "node:util";
import { openLocalPlatform } from "../seed/platform";
import { DEFAULT_PERSIST_TO } from "./lib";
import { bucketTarget, d1Rows, moveDocumentFiles, type MoveReport } from "./documents-to-r2/move";
import { remoteBucket, remoteRows } from "./documents-to-r2/remote";

/**
 * npm run documents:to-r2 -- [--persist-to DIR] [--remote] [--database DB] [--bucket NAME]
 * Moves the members' documents' files from D1's document_files into the MEDIA bucket
 * (ADR 40). Locally by default (npm start does it by itself); `--remote` for the deployed
 * site, before `wrangler d1 migrations apply DB --remote` (migration 0011 waits for it).
 */
const USAGE = "Usage: npm run documents:to-r2 -- [--persist-to DIR] [--remote] [--database DB] [--bucket mma-community-site-media]";
const { values } = parseArgs({
  options: {
    "persist-to": { type: "string", default: DEFAULT_PERSIST_TO },
    remote: { type: "boolean", default: false },
    database: { type: "string", default: "DB" },
    bucket: { type: "string", default: "mma-community-site-media" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const log = (line: string) => console.log(`  ${line}`);
let report: MoveReport;
if (values.remote) {
  console.log(`Moving document files from the deployed database ${values.database} into the bucket ${values.bucket}...`);
  report = await moveDocumentFiles(remoteRows(values.database), remoteBucket(values.bucket), log);
} else {
  const { db, media, dispose } = await openLocalPlatform(values["persist-to"]);
  try {
    report = await moveDocumentFiles(d1Rows(db), bucketTarget(media), log);
  } finally {
    await dispose();
  }
}
if (report.tableGone) console.log("Nothing to move: document_files is gone (migration 0011 was applied).");
else console.log(`${report.moved} document files moved into R2.`);
if (report.left.length) {
  console.error(
    `${report.left.length} rows were left in document_files (migration 0011 waits until it is empty):\n${report.left.map((l) => `  ${l}`).join("\n")}`,
  );
  process.exit(1);
}
