import { openLocalPlatform } from "../../seed/platform";
import { bucketTarget, d1Rows, moveDocumentFiles } from "./move";

/**
 * Before the local migrations: a database made before R2 held the documents' files still has
 * them in document_files, and migration 0011 refuses to drop a table that is not empty.
 * Moving them first lets npm start, npm run dev and the import carry an old local database
 * over without a manual step. Nothing happens on a new or already moved database.
 */
export async function moveLocalDocumentFiles(persistTo: string, log: (line: string) => void = console.log): Promise<void> {
  const { db, media, dispose } = await openLocalPlatform(persistTo);
  try {
    const report = await moveDocumentFiles(d1Rows(db), bucketTarget(media));
    if (report.moved) log(`Moved ${report.moved} document files from D1 into the local R2 bucket (ADR 40).`);
    if (report.left.length) log(`Could not move ${report.left.length} document files: ${report.left.join("; ")}`);
  } finally {
    await dispose();
  }
}
