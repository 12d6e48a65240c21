import type { AppLoadContext } from "@remix-run/cloudflare";
import { uploadedAssetId } from "~/kernel/media/cockpit-photo-path";
import { documentPathForKey } from "./studio-documents";
import type { FileType } from "~/kernel/media/uploads";
import { MEDIA_FOLDERS, mediaKeyForPath } from "~/kernel/media/uploads/media-key";
import { createMedia } from "~/kernel/media/media.server";
import { createCockpitAssets, fileFieldPath, type CockpitAssets } from "~/kernel/store/cockpit/assets.server";
import { bucketPath } from "~/kernel/store/cockpit/documents.server";

/**
 * Where a member document's file goes, whatever the store (ADR 47): `put` takes bytes that
 * passed checkUpload and answers the path the record keeps; `remove` deletes a file `put` made
 * (anything else is left alone). D1: the MEDIA bucket, "/documents/<generated>". Cockpit: its
 * own assets, referenced as Cockpit's file field does ("storage/uploads/…"), so its admin sees
 * the file; /documents/:id still fetches it in the Worker for signed-in members only.
 */
export interface DocumentFileStore {
  put(bytes: Uint8Array, type: FileType): Promise<string>;
  remove(path: string): Promise<void>;
}

export function r2DocumentFiles(bucket: R2Bucket, assetsBase: string | undefined): DocumentFileStore {
  const media = createMedia(bucket);
  return {
    async put(bytes, type) {
      return documentPathForKey(await media.put(bytes, type, "document"));
    },
    async remove(path) {
      const local = bucketPath(path, assetsBase);
      const key = local === null ? null : mediaKeyForPath(local);
      if (key && key.startsWith(`${MEDIA_FOLDERS.document}/`)) await media.delete(key);
    },
  };
}

export function cockpitDocumentFiles(assets: CockpitAssets, earlier: DocumentFileStore | null): DocumentFileStore {
  return {
    async put(bytes, type) {
      return fileFieldPath(await assets.upload(bytes, `${crypto.randomUUID()}.${type.extension}`, type.mime));
    },
    async remove(path) {
      const id = uploadedAssetId(path);
      // Documents uploaded before ADR 47 are in R2 ("/documents/<key>"): those are removed there.
      if (!id) return earlier?.remove(path);
      const found = await assets.findByName(`/${id}_uid_`);
      await assets.remove(found.map((asset) => asset._id));
    },
  };
}

export function documentFileStoreFor(context: AppLoadContext): DocumentFileStore {
  const env = context.env;
  const r2 = env.MEDIA ? r2DocumentFiles(env.MEDIA, env.CMS_ASSETS_URL) : null;
  if (context.store.kind === "cockpit" && env.CMS_API_URL)
    return cockpitDocumentFiles(createCockpitAssets({ baseUrl: env.CMS_API_URL, token: env.CMS_API_TOKEN ?? "" }), r2);
  if (!r2) throw new Error("The MEDIA bucket is not bound (wrangler.toml): documents cannot be stored");
  return r2;
}
