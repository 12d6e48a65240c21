import { mediaKeyForPath } from "~/kernel/media/uploads/media-key";

/**
 * Moves the members' documents' files out of D1's `document_files` (migration 0004) into the
 * MEDIA bucket, keyed by their path (ADR 40). SQL cannot write to R2, so this runs outside
 * the migrations: `npm run documents:to-r2` (and, locally, before npm start's and the
 * import's migrations). Migration 0011 drops the table and refuses to while a row is left.
 *
 * Each file is written, read back and compared before its row is deleted, so a failure at
 * any point leaves the file where the Worker still finds it (R2 first, then the row).
 */

export interface DocumentFileRows {
  /** False once migration 0011 has dropped the table. */
  exists(): Promise<boolean>;
  paths(): Promise<string[]>;
  read(path: string): Promise<{ contentType: string; bytes: Uint8Array } | null>;
  remove(path: string): Promise<void>;
}

export interface MediaTarget {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes now stored at the key, or null. */
  read(key: string): Promise<Uint8Array | null>;
}

export interface MoveReport {
  moved: number;
  /** Rows left in D1, with why (a path that is not a media key, or a copy that did not match). */
  left: string[];
  tableGone: boolean;
}

export async function moveDocumentFiles(rows: DocumentFileRows, media: MediaTarget, log: (line: string) => void = () => {}): Promise<MoveReport> {
  if (!(await rows.exists())) return { moved: 0, left: [], tableGone: true };
  const report: MoveReport = { moved: 0, left: [], tableGone: false };
  for (const path of await rows.paths()) {
    const key = mediaKeyForPath(path);
    const row = await rows.read(path);
    if (!key || !row) {
      report.left.push(`${path} (not a file path the site can serve)`);
      continue;
    }
    await media.put(key, row.bytes, row.contentType);
    const stored = await media.read(key);
    if (!stored || Buffer.compare(Buffer.from(stored), Buffer.from(row.bytes)) !== 0) {
      report.left.push(`${path} (the copy in R2 did not match; the row is kept)`);
      continue;
    }
    await rows.remove(path);
    report.moved++;
    log(`moved ${path} → ${key} (${row.bytes.length} bytes)`);
  }
  return report;
}

/** The rows of a D1 database opened in this process (the local one). */
export function d1Rows(db: D1Database): DocumentFileRows {
  return {
    async exists() {
      const row = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'document_files'").first();
      return row !== null;
    },
    async paths() {
      const { results } = await db.prepare("SELECT path FROM document_files ORDER BY path").all<{ path: string }>();
      return results.map((r) => r.path);
    },
    async read(path) {
      const row = await db
        .prepare("SELECT content_type, bytes FROM document_files WHERE path = ?")
        .bind(path)
        .first<{ content_type: string; bytes: ArrayBuffer | number[] }>();
      if (!row) return null;
      return { contentType: row.content_type, bytes: row.bytes instanceof ArrayBuffer ? new Uint8Array(row.bytes) : Uint8Array.from(row.bytes) };
    },
    async remove(path) {
      await db.prepare("DELETE FROM document_files WHERE path = ?").bind(path).run();
    },
  };
}

/** An R2 bucket opened in this process (the local one). */
export function bucketTarget(bucket: R2Bucket): MediaTarget {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async read(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
  };
}
