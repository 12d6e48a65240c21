import { mediaKeyForPath } from "../../media/uploads/media-key";
import { createMedia } from "../../media/media.server";
import type { DocumentFile } from "../port";

/**
 * A members' document's file by the path its record names: in the MEDIA bucket (R2) under
 * that path (ADR 40). Until a site's old rows are moved (`npm run documents:to-r2`, which
 * migration 0011 waits for), a file not yet in R2 is read from D1's `document_files`
 * (migration 0004), where it was kept before. Used by the D1 store, and by the Cockpit
 * store for relative paths (the embedded default's files, e.g. the demo served from a Cockpit).
 */
export async function documentFileFromMedia(media: R2Bucket | undefined, db: D1Database, filePath: string): Promise<DocumentFile | null> {
  const key = mediaKeyForPath(filePath);
  if (!key) return null;
  const file = media ? await createMedia(media).get(key) : null;
  if (file) return { body: file.body, contentType: file.contentType };
  return documentFileNotYetMoved(db, filePath);
}

/** The row of `document_files` not yet moved to R2; null once the table is gone (migration 0011). */
async function documentFileNotYetMoved(db: D1Database, filePath: string): Promise<DocumentFile | null> {
  let row: { content_type: string; bytes: ArrayBuffer | number[] } | null;
  try {
    row = await db.prepare("SELECT content_type, bytes FROM document_files WHERE path = ?").bind(filePath).first();
  } catch (error) {
    if (/no such table/i.test(String(error))) return null;
    throw error;
  }
  if (!row) return null;
  // D1 hands a BLOB back as an array of bytes.
  const bytes = row.bytes instanceof ArrayBuffer ? new Uint8Array(row.bytes) : Uint8Array.from(row.bytes);
  return { body: bytes, contentType: row.content_type };
}
