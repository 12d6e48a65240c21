import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentTypeFor } from "~/domain/document-file";
import type { DocumentRecord } from "~/domain/records";

/** The demo documents' files, kept out of public/ (members only), in seed/files/documents. */
const FILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "files");

/**
 * Writes each demo document's file into the `document_files` table (migration 0004),
 * keyed by the record's path. Seeding runs in Node (npm start, the test servers), which
 * reads the files; re-seeding replaces the bytes in place.
 */
export async function writeDocumentFiles(db: D1Database, documents: DocumentRecord[], now: number): Promise<void> {
  const statements = await Promise.all(
    documents.map(async (doc) => {
      const bytes = await readFile(path.join(FILES_DIR, doc.file.path));
      return db
        .prepare(
          "INSERT INTO document_files (path, content_type, bytes, updated_at) VALUES (?, ?, ?, ?) " +
            "ON CONFLICT (path) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes, updated_at = excluded.updated_at",
        )
        .bind(doc.file.path, contentTypeFor(doc.file.path), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), now);
    }),
  );
  if (statements.length) await db.batch(statements);
}
