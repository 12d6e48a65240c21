import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentTypeFor } from "~/features/site/document-file";
import type { DocumentRecord } from "~/kernel/store/records";
import { mediaKeyForPath } from "~/kernel/media/uploads/media-key";
import { createMedia } from "~/kernel/media/media.server";

/** The demo documents' files, kept out of public/ (members only), in seed/files/documents. */
const FILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "files");

/**
 * Writes each demo document's file into the MEDIA bucket (R2, ADR 40), keyed by the
 * record's path. Seeding runs in Node (npm start, the test servers), which reads the files;
 * re-seeding replaces the bytes in place.
 */
export async function writeDocumentFiles(media: R2Bucket, documents: DocumentRecord[]): Promise<void> {
  const bucket = createMedia(media);
  for (const doc of documents) {
    const key = mediaKeyForPath(doc.file.path);
    if (!key) throw new Error(`A demo document's path is not a media key: ${doc.file.path}`);
    const bytes = await readFile(path.join(FILES_DIR, doc.file.path));
    await bucket.putAt(key, new Uint8Array(bytes), contentTypeFor(doc.file.path));
  }
}
