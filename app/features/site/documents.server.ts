import type { AppLoadContext } from "@remix-run/cloudflare";
import { documentDisposition } from "./document-file";
import { privateFileHeaders } from "~/kernel/http/response-headers";

/**
 * Members' documents. The list and the files come from the store (`documents.file`: the
 * MEDIA bucket in R2, or the CMS host with Cockpit); the files are never public:
 * /documents/{id} streams them to signed-in members only.
 */

export async function listDocuments(context: AppLoadContext) {
  const documents = await context.store.documents.list();
  return documents.map((doc) => ({ id: doc.id, title: doc.title, href: `/documents/${encodeURIComponent(doc.id)}` }));
}

/** The document's file as a private response (a PDF or photo inline, anything else a download); null when the document or its file is unknown. */
export async function documentFileResponse(context: AppLoadContext, id: string): Promise<Response | null> {
  const doc = await context.store.documents.get(id);
  if (!doc) return null;
  const file = await context.store.documents.file(doc);
  if (!file) return null;
  return new Response(file.body, {
    headers: privateFileHeaders(file.contentType, documentDisposition(doc.file.path, file.contentType)),
  });
}
