import { contentTypeFor } from "../../../features/site";
import { resolveMediaUrl } from "../../media/media";
import { MEDIA_FOLDERS } from "../../media/uploads/media-key";
import { documentFileFromMedia } from "../d1/document-files.server";
import type { DocumentFile, DocumentsRepository } from "../port";
import type { CockpitClient } from "./client.server";
import { findById } from "./by-id.server";
import { cockpitDocumentWrites } from "./content-people-writes.server";
import { orderBy } from "./order-by";
import { documentFromCockpit } from "./shapes-content";
import { seconds } from "./shapes-loose";

/**
 * Members' documents from the `documents` collection, newest first. The file field
 * (`document`, an asset or a path) becomes a path under /storage/uploads, resolved to an
 * absolute URL with CMS_ASSETS_URL; `file` fetches it from there (and only from there). A
 * relative path is first looked up in the MEDIA bucket (the embedded default's files, e.g.
 * the demo data served from a Cockpit; ADR 40). Without CMS_ASSETS_URL, `cmsSite` (the Cockpit the
 * API is on) is where its uploads are fetched from.
 */
export function cockpitDocuments(client: CockpitClient, db: D1Database, assetsBase?: string, media?: R2Bucket, cmsSite?: string): DocumentsRepository {
  return {
    async list() {
      const { entries } = await client.find("documents", { sort: { _created: -1 } });
      return orderBy(entries, [(e) => seconds(e._created), -1]).map((e) => documentFromCockpit(e, assetsBase));
    },
    async get(id) {
      const entry = await findById(client, "documents", id);
      return entry ? documentFromCockpit(entry, assetsBase) : null;
    },
    async file(document) {
      const path = document.file.path;
      const local = bucketPath(path, assetsBase);
      const embedded = local === null ? null : await documentFileFromMedia(media, db, local);
      if (embedded) return embedded;
      // Without CMS_ASSETS_URL, Cockpit's own uploads (ADR 47) are fetched from the Cockpit the API is on.
      const url = cmsFileUrl(path, assetsBase ?? cmsSite);
      return url ? fileFromCms(url, path) : null;
    },
    ...cockpitDocumentWrites(client, assetsBase),
  };
}

/**
 * The path to look up in the MEDIA bucket: a relative path as it is, and a document the studio
 * uploaded ("/documents/<key>", read back through CMS_ASSETS_URL as "<base>/documents/<key>")
 * without the base; null for any other web address (a Cockpit asset, fetched from the CMS).
 */
export function bucketPath(filePath: string, assetsBase: string | undefined): string | null {
  if (!/^https?:\/\//i.test(filePath)) return filePath;
  const base = assetsBase?.replace(/\/+$/, "");
  if (!base || !filePath.startsWith(`${base}/${MEDIA_FOLDERS.document}/`)) return null;
  return filePath.slice(base.length);
}

/** The file's URL on the CMS host (CMS_ASSETS_URL's origin); null for any other host, which is never fetched. */
export function cmsFileUrl(filePath: string, assetsBase: string | undefined): string | null {
  if (!assetsBase) return null;
  const url = resolveMediaUrl(filePath, assetsBase);
  const base = resolveMediaUrl(assetsBase);
  if (!url || !base || !/^https?:\/\//i.test(url)) return null;
  return new URL(url).origin === new URL(base).origin ? url : null;
}

async function fileFromCms(url: string, filePath: string): Promise<DocumentFile | null> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    if (response.status !== 404) console.error(`Document file ${url} answered ${response.status}`);
    return null;
  }
  return { body: response.body, contentType: contentTypeFor(filePath) };
}
