import type { AppLoadContext } from "@remix-run/cloudflare";
import { photoIdOfPath, uploadedPhotoId } from "./cockpit-photo-path";
import { mediaUrlPath, photoKeys } from "./photo-renditions";
import type { MediaRef } from "~/kernel/store/records";
import { deletePhoto, storePhoto, type OriginalStore, type PhotoDeps, type StoredPhoto } from "./photos.server";
import { createCockpitAssets, imageFieldPath, type CockpitAssets } from "~/kernel/store/cockpit/assets.server";

/**
 * The one photo interface the studio uses, whatever the store (ADR 47): `store` takes checked
 * bytes through the pipeline of ADR 40 and answers the MediaRef to save in the entry; `remove`
 * deletes what `store` made. On D1 the original and its renditions are in R2. On Cockpit the
 * original also goes into Cockpit's own assets and the entry references it as Cockpit's image
 * field does (`/storage/uploads/…`), so Cockpit's admin sees and can reuse it; the renditions
 * and a copy of the original stay in R2 under the same generated name, and the pages show those.
 */
export interface PhotoStore {
  store(bytes: Uint8Array): Promise<StoredPhoto>;
  remove(ref: Pick<MediaRef, "path">): Promise<void>;
}

export function r2PhotoStore(deps: PhotoDeps): PhotoStore {
  return { store: (bytes) => storePhoto(deps, bytes), remove: (ref) => deletePhoto(deps.media, ref) };
}

/** The original in Cockpit's assets, named "<uuid>.<ext>" by storePhoto. */
export function cockpitOriginals(assets: CockpitAssets): OriginalStore {
  return {
    async put(bytes, name, mime) {
      return imageFieldPath(await assets.upload(bytes, name, mime));
    },
    async remove(path) {
      const id = uploadedPhotoId(path);
      if (id) await removeAssetsNamed(assets, id);
    },
  };
}

async function removeAssetsNamed(assets: CockpitAssets, id: string) {
  const found = await assets.findByName(`/${id}_uid_`);
  await assets.remove(found.map((asset) => asset._id));
}

export function cockpitPhotoStore(deps: PhotoDeps, assets: CockpitAssets): PhotoStore {
  return {
    store: (bytes) => storePhoto(deps, bytes, cockpitOriginals(assets)),
    async remove(ref) {
      // Only photos the studio uploaded (named by their id); Cockpit's own assets are left to its admin.
      const id = photoIdOfPath(ref.path);
      if (!id) return;
      await deletePhoto(deps.media, { path: mediaUrlPath(photoKeys(id, "jpg").original) });
      await removeAssetsNamed(assets, id);
    },
  };
}

/** The photo store of this request's store mode; null when the MEDIA bucket is not bound. */
export function photoStoreFor(context: AppLoadContext): PhotoStore | null {
  const env = context.env;
  if (!env.MEDIA) return null;
  const deps: PhotoDeps = { media: env.MEDIA, images: env.IMAGES };
  if (context.store.kind === "cockpit" && env.CMS_API_URL)
    return cockpitPhotoStore(deps, createCockpitAssets({ baseUrl: env.CMS_API_URL, token: env.CMS_API_TOKEN ?? "" }));
  return r2PhotoStore(deps);
}
