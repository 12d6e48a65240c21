import type { AppLoadContext } from "@remix-run/cloudflare";
import { contentTypeFor, inlineDisposition } from "../domain/document-file";
import { resolveMediaUrl } from "../domain/media";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import type { DocumentRecord } from "../domain/records";

/**
 * Members' documents. The list comes from the store; the files are never public:
 * /documents/{id} streams them to signed-in members only.
 * - Embedded default (D1): the bytes are in `document_files` (migration 0004), keyed
 *   by the record's path, seeded from seed/files.
 * - Cockpit: the adapter hands the path back resolved against CMS_ASSETS_URL (an asset
 *   under /storage/uploads), and the file is fetched from the CMS host, only from there.
 *   A relative path is first looked up in D1 (the embedded default's files, e.g. the demo
 *   data served from a Cockpit: operational bytes stay in D1), then on the CMS host.
 */

export async function listDocuments(context: AppLoadContext) {
  const documents = await context.store.documents.list();
  return documents.map((doc) => ({ id: doc.id, title: doc.title, href: `/documents/${encodeURIComponent(doc.id)}` }));
}

interface FileBody {
  body: BodyInit;
  contentType: string;
}

async function fileFromD1(db: D1Database, filePath: string): Promise<FileBody | null> {
  const row = await db
    .prepare("SELECT content_type, bytes FROM document_files WHERE path = ?")
    .bind(filePath)
    .first<{ content_type: string; bytes: ArrayBuffer | number[] }>();
  if (!row) return null;
  // D1 hands a BLOB back as an array of bytes.
  const bytes = row.bytes instanceof ArrayBuffer ? new Uint8Array(row.bytes) : Uint8Array.from(row.bytes);
  return { body: bytes, contentType: row.content_type };
}

/** The file's URL on the CMS host (CMS_ASSETS_URL's origin); null for any other host, which is never fetched. */
export function cmsFileUrl(filePath: string, assetsBase: string | undefined): string | null {
  if (!assetsBase) return null;
  const url = resolveMediaUrl(filePath, assetsBase);
  const base = resolveMediaUrl(assetsBase);
  if (!url || !base || !/^https?:\/\//i.test(url)) return null;
  return new URL(url).origin === new URL(base).origin ? url : null;
}

async function fileFromCms(url: string, filePath: string): Promise<FileBody | null> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    if (response.status !== 404) console.error(`Document file ${url} answered ${response.status}`);
    return null;
  }
  return { body: response.body, contentType: contentTypeFor(filePath) };
}

async function readFile(context: AppLoadContext, doc: DocumentRecord): Promise<FileBody | null> {
  const path = doc.file.path;
  if (context.store.kind === "d1") return fileFromD1(context.env.DB, path);
  const fromD1 = /^https?:\/\//i.test(path) ? null : await fileFromD1(context.env.DB, path);
  const url = fromD1 ? null : cmsFileUrl(path, context.env.CMS_ASSETS_URL);
  return fromD1 ?? (url ? fileFromCms(url, path) : null);
}

/** The document's file as an inline, private response; null when the document or its file is unknown. */
export async function documentFileResponse(context: AppLoadContext, id: string): Promise<Response | null> {
  const doc = await context.store.documents.get(id);
  if (!doc) return null;
  const file = await readFile(context, doc);
  if (!file) return null;
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": inlineDisposition(doc.file.path),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
