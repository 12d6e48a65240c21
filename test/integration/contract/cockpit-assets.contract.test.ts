import { expect, it } from "vitest";
import { mediaKeyFromUrlPath } from "~/kernel/media/photo-renditions";
import { checkUpload } from "~/kernel/media/uploads";
import { cockpitDocumentFiles, r2DocumentFiles, type DocumentFileStore } from "~/features/studio/document-file-store.server";
import { cockpitPhotoStore, r2PhotoStore, type PhotoStore } from "~/kernel/media/photo-store.server";
import { createCockpitAssets } from "~/kernel/store/cockpit/assets.server";
import { createCockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import type { Store } from "~/kernel/store/port";
import { describeStore, type StoreContext } from "../../support/store-adapters";
import { imageStart, PDF, plainJpeg } from "../../support/upload-fixtures";

/**
 * Uploads on both stores (ADR 47), through the one interface the studio uses: a photo goes
 * through the pipeline, a gallery entry references it, the site can fetch it (the /media/ path
 * it reads, from R2), and removing it deletes its files. On Cockpit the original is also one of
 * Cockpit's own assets and the entry holds it as Cockpit's image field does
 * (`{path: "/storage/uploads/…", meta}`); a document is an asset referenced as Cockpit's file
 * field does ("storage/uploads/…"), and the store's documents.file reads it back through the
 * Worker. The Images binding is a stand-in here (it answers the first bytes of the format asked for): its own test is
 * test/integration/kernel/media/images-binding.test.ts.
 */

const images = {
  async info() {
    return { format: "image/jpeg", width: 800, height: 600, fileSize: 1 };
  },
  input() {
    const transformer = {
      transform: () => transformer,
      async output({ format }: { format: string }) {
        return { response: () => new Response(imageStart(format), { headers: { "Content-Type": format } }) };
      },
    };
    return transformer;
  },
} as unknown as ImagesBinding;

const origin = (apiUrl: string) => new URL(apiUrl).origin;

/** The photo and document stores the studio would build on this run's store, and a store that reads assets from the CMS host. */
function storesOf(t: StoreContext): { photos: PhotoStore; documents: DocumentFileStore; store: Store } {
  const deps = { media: t.media, images };
  if (!t.cockpit) return { photos: r2PhotoStore(deps), documents: r2DocumentFiles(t.media, undefined), store: t.store };
  const assets = createCockpitAssets({ baseUrl: t.cockpit.url, token: t.cockpit.token });
  const client = createCockpitClient({ baseUrl: t.cockpit.url, token: t.cockpit.token });
  return {
    photos: cockpitPhotoStore(deps, assets),
    documents: cockpitDocumentFiles(assets, null),
    store: createCockpitStore(client, t.db, { assetsBase: origin(t.cockpit.url), media: t.media }),
  };
}

async function assetPaths(t: StoreContext): Promise<string[]> {
  const answer = await t.cockpit!.call("cockpit/assets", {});
  return ((answer.body as { assets?: Array<{ path: string }> }).assets ?? []).map((a) => a.path);
}

describeStore("uploads into the store's own files", {}, (t) => {
  it("stores a photo, references it from a gallery, serves it, and deletes it", async () => {
    const { photos, store } = storesOf(t);
    const stored = await photos.store(plainJpeg());
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    const created = await store.content.createGallery({ title: "Picnic", featuredImage: { path: "" }, images: [{ ...stored.ref, alt: "The tug of war" }] });

    const read = (await store.content.getGallery(created.id))!.images[0]!;
    // The site reads our /media/ path with its renditions, on both stores.
    expect(read.path).toMatch(/^\/media\/photos\/[0-9a-f-]{36}\/original\.jpg$/);
    expect(read.renditions).toEqual([350, 700, 800]);
    expect(read.alt).toBe("The tug of war");
    const key = mediaKeyFromUrlPath(read.path)!;
    const original = await t.media.get(key);
    expect(original, "the original the site serves").not.toBeNull();
    const cleaned = checkUpload(plainJpeg(), "photo");
    expect(Buffer.from(await original!.arrayBuffer()).equals(Buffer.from(cleaned.ok ? cleaned.bytes : []))).toBe(true);
    expect(await t.media.head(key.replace("original.jpg", "350.webp"))).not.toBeNull();

    if (t.cockpit) {
      // Cockpit's entry: the image field's own shape, pointing at one of Cockpit's assets.
      const [entry] = await t.cockpit.entries("gallery", { _id: created.id });
      const raw = (entry!.images as Array<{ path: string; meta: { title?: string; renditions?: number[] } }>)[0]!;
      expect(raw.path).toMatch(/^\/storage\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}_uid_[0-9a-f]+\.jpg$/);
      expect(raw.meta.title).toBe("The tug of war");
      expect(raw.meta.renditions).toEqual([350, 700, 800]);
      expect(await assetPaths(t)).toEqual([raw.path.slice("/storage/uploads".length)]);
      // Cockpit serves the asset itself (its admin previews it from there).
      const fromCms = await fetch(`${origin(t.cockpit.url)}${raw.path}`);
      expect(fromCms.status).toBe(200);
      expect(Buffer.from(await fromCms.arrayBuffer()).equals(Buffer.from(new Uint8Array(await (await t.media.get(key))!.arrayBuffer())))).toBe(true);
    }

    await store.content.updateGallery(created.id, { title: "Picnic", featuredImage: { path: "" }, images: [] });
    await photos.remove(read);
    expect(await t.media.list({ prefix: key.slice(0, key.lastIndexOf("/") + 1) })).toMatchObject({ objects: [] });
    if (t.cockpit) expect(await assetPaths(t)).toEqual([]);
  });

  it("stores a document, serves it through the store, and deletes it", async () => {
    const { documents, store } = storesOf(t);
    const checked = checkUpload(new TextEncoder().encode(PDF), "document");
    if (!checked.ok) throw new Error(checked.message);
    const path = await documents.put(checked.bytes, checked.type);
    if (t.cockpit) expect(path, "as Cockpit's file field stores it").toMatch(/^storage\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}_uid_[0-9a-f]+\.pdf$/);
    else expect(path).toMatch(/^\/documents\/[0-9a-f-]{36}\.pdf$/);

    const document = await store.documents.create({ title: "Minutes", file: { path } });
    if (t.cockpit) expect((await t.cockpit.entries("documents", { _id: document.id }))[0]!.document).toBe(path);
    const file = await store.documents.file((await store.documents.get(document.id))!);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe("application/pdf");
    expect(Buffer.from(await new Response(file!.body).arrayBuffer()).toString("latin1")).toBe(PDF);

    await store.documents.remove(document.id);
    await documents.remove(path);
    if (t.cockpit) expect(await assetPaths(t)).toEqual([]);
    else expect(await t.media.head(path.slice(1))).toBeNull();
  });
});
