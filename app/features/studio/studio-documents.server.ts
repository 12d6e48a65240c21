import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ActivityActor } from "~/kernel/activity/activity";
import type { DocumentRecord } from "~/kernel/store/records";
import { checkUpload, sizeRefusal } from "~/kernel/media/uploads";
import { recordActivity } from "~/kernel/activity/activity.server";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { documentFileStoreFor } from "./document-file-store.server";

/**
 * Members' documents from the studio (/studio/documents). A file passes checkUpload before
 * anything is stored under a generated name, in the store's place for files (ADR 47: the MEDIA
 * bucket on D1, "/documents/<name>"; Cockpit's own assets on Cockpit), and the record keeps its path. Replacing or removing a document
 * deletes its old file from the bucket, after the record no longer names it.
 */

export type UploadRefusal = { ok: false; status: 413 | 415 | 422; message: string };
export type DocumentResult = { ok: true; document: DocumentRecord } | UploadRefusal | { ok: false; status: 404 };

/** Checks the file and stores it; the record's path, or the refusal. */
async function storeFile(context: AppLoadContext, file: File): Promise<{ ok: true; path: string } | UploadRefusal> {
  const tooLarge = sizeRefusal(file.size, "document");
  if (tooLarge && !tooLarge.ok) return tooLarge;
  const checked = checkUpload(new Uint8Array(await file.arrayBuffer()), "document");
  if (!checked.ok) return checked;
  return { ok: true, path: await documentFileStoreFor(context).put(checked.bytes, checked.type) };
}

async function deleteFile(context: AppLoadContext, path: string): Promise<void> {
  try {
    await documentFileStoreFor(context).remove(path);
  } catch (error) {
    // The record no longer names it: a file left behind is only space, never shown.
    console.error(`The old document file ${path} could not be deleted:`, error);
  }
}

export async function addDocument(context: AppLoadContext, actor: ActivityActor, input: { title: string; file: File }): Promise<DocumentResult> {
  const stored = await storeFile(context, input.file);
  if (!stored.ok) return stored;
  let document: DocumentRecord;
  try {
    document = await context.store.documents.create({ title: input.title, file: { path: stored.path } });
  } catch (error) {
    await deleteFile(context, stored.path);
    throw error;
  }
  await contentChanged(context);
  await recordActivity(context, actor, { kind: "document-added", subject: { id: document.id, name: document.title } });
  return { ok: true, document };
}

/** Renames the document and/or replaces its file. */
export async function changeDocument(
  context: AppLoadContext,
  actor: ActivityActor,
  id: string,
  input: { title: string; file: File | null },
): Promise<DocumentResult> {
  const before = await context.store.documents.get(id);
  if (!before) return { ok: false, status: 404 };
  let path: string | undefined;
  if (input.file) {
    const stored = await storeFile(context, input.file);
    if (!stored.ok) return stored;
    path = stored.path;
  }
  let document: DocumentRecord | null;
  try {
    document = await context.store.documents.update(id, { title: input.title, ...(path ? { file: { path } } : {}) });
  } catch (error) {
    if (path) await deleteFile(context, path);
    throw error;
  }
  if (!document) {
    if (path) await deleteFile(context, path);
    return { ok: false, status: 404 };
  }
  if (path) await deleteFile(context, before.file.path);
  await contentChanged(context);
  const subject = { id: document.id, name: document.title };
  if (path) await recordActivity(context, actor, { kind: "document-file-replaced", subject });
  if (document.title !== before.title) await recordActivity(context, actor, { kind: "document-renamed", subject });
  return { ok: true, document };
}

export async function removeDocument(context: AppLoadContext, actor: ActivityActor, id: string): Promise<DocumentRecord | null> {
  const document = await context.store.documents.get(id);
  if (!document || !(await context.store.documents.remove(id))) return null;
  await deleteFile(context, document.file.path);
  await contentChanged(context);
  await recordActivity(context, actor, { kind: "document-removed", subject: { id: document.id, name: document.title } });
  return document;
}
