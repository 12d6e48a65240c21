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
 * - Cockpit: the path resolves against CMS_ASSETS_URL and is fetched from there.
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

async function fileFromCms(assetsBase: string, filePath: string): Promise<FileBody | null> {
  const url = resolveMediaUrl(filePath, assetsBase);
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    if (response.status !== 404) console.error(`Document file ${url} answered ${response.status}`);
    return null;
  }
  return { body: response.body, contentType: contentTypeFor(filePath) };
}

async function readFile(context: AppLoadContext, doc: DocumentRecord): Promise<FileBody | null> {
  if (context.store.kind === "d1") return fileFromD1(context.env.DB, doc.file.path);
  const base = context.env.CMS_ASSETS_URL;
  return base ? fileFromCms(base, doc.file.path) : null;
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
