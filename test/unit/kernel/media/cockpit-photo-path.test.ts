import { describe, expect, it } from "vitest";
import { photoIdOfPath, sitePathOfUploadedPhoto, uploadedAssetId, uploadedPhotoId } from "~/kernel/media/cockpit-photo-path";
import { media } from "~/kernel/store/cockpit/shapes-loose";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { storePhoto } from "~/kernel/media/photos.server";
import { imageStart, plainJpeg } from "../../../support/upload-fixtures";

const ID = "0f8e2a4c-1b2d-4e6f-8a9b-0c1d2e3f4a5b";
const ASSET = `/storage/uploads/2026/11/24/${ID}_uid_6b05604b29197.jpg`;

describe("photos the studio put into Cockpit's assets (ADR 47)", () => {
  it("finds the generated id in Cockpit's name, and nothing in other names", () => {
    expect(uploadedPhotoId(ASSET)).toBe(ID);
    expect(uploadedPhotoId(`http://cms.example.org${ASSET}`)).toBe(ID);
    expect(uploadedPhotoId("/storage/uploads/2026/11/24/IMG_0001_uid_6b05604b29197.jpg")).toBeNull();
    expect(uploadedPhotoId(`/storage/uploads/2026/11/24/${ID}_uid_6b05604b29197.pdf`)).toBeNull();
    expect(uploadedAssetId(`storage/uploads/2026/11/24/${ID}_uid_6b05604b29197.pdf`)).toBe(ID);
    expect(photoIdOfPath(`/media/photos/${ID}/original.jpg`)).toBe(ID);
    expect(photoIdOfPath("/media/photos/../original.jpg")).toBeNull();
  });

  it("shows such a photo from its /media/ copy when it has renditions, else from Cockpit", () => {
    expect(sitePathOfUploadedPhoto(ASSET)).toBe(`/media/photos/${ID}/original.jpg`);
    const withRenditions = media({ path: ASSET, meta: { title: "Tug of war", renditions: [350, 700] } }, "https://cms.example.org");
    expect(withRenditions).toEqual({ path: `/media/photos/${ID}/original.jpg`, alt: "Tug of war", renditions: [350, 700] });
    expect(media({ path: ASSET, meta: { title: "" } }, "https://cms.example.org")?.path).toBe(`https://cms.example.org${ASSET}`);
    // Cockpit's admin's own upload keeps its Cockpit URL even with renditions in meta.
    const other = "/storage/uploads/2026/11/24/IMG_0001_uid_6b05604b29197.jpg";
    expect(media({ path: other, meta: { renditions: [350] } }, "https://cms.example.org")?.path).toBe(`https://cms.example.org${other}`);
  });
});

describe("storePhoto with the original kept in Cockpit's assets", () => {
  const bucket = (failPut: boolean) => {
    const keys: string[] = [];
    return {
      keys,
      bucket: {
        async put(key: string) {
          if (failPut) throw new Error("R2 is down");
          keys.push(key);
        },
        async delete(key: string) {
          keys.splice(keys.indexOf(key), 1);
        },
      } as unknown as R2Bucket,
    };
  };
  const originals = () => {
    const calls: string[] = [];
    return {
      calls,
      store: {
        async put(_bytes: Uint8Array, name: string) {
          calls.push(`put ${name}`);
          return `/storage/uploads/2026/11/24/${name.replace(".", "_uid_6b05604b29197.")}`;
        },
        async remove(path: string) {
          calls.push(`remove ${path}`);
        },
      },
    };
  };

  /** An Images binding that knows the photo's size (8 × 8) and makes every rendition, or fails each one. */
  const images = (fails = false) =>
    ({
      info: async () => ({ format: "image/jpeg", width: 8, height: 8, fileSize: 1 }),
      input: () => {
        const transformer = {
          transform: () => transformer,
          output: async ({ format }: { format: string }) => {
            if (fails) throw new Error("images: transform failed");
            return { response: () => new Response(imageStart(format)) };
          },
        };
        return transformer;
      },
    }) as unknown as ImagesBinding;

  it("names the asset by the photo's id, keeps the copy under the same id in R2 and answers Cockpit's path", async () => {
    const r2 = bucket(false);
    const cockpit = originals();
    const stored = await storePhoto({ media: r2.bucket, images: images() }, plainJpeg(), cockpit.store);
    if (!stored.ok) throw new Error(stored.message);
    const id = uploadedPhotoId(stored.ref.path)!;
    expect(cockpit.calls).toEqual([`put ${id}.jpg`]);
    expect(r2.keys).toEqual([`photos/${id}/original.jpg`, `photos/${id}/8.webp`, `photos/${id}/8.jpg`]);
    expect(stored.ref.renditions).toEqual([8]);
  });

  it("removes the asset again when R2 fails after Cockpit took the original", async () => {
    const cockpit = originals();
    await expect(storePhoto({ media: bucket(true).bucket, images: images() }, plainJpeg(), cockpit.store)).rejects.toThrow("R2 is down");
    expect(cockpit.calls.map((c) => c.split(" ")[0])).toEqual(["put", "remove"]);
  });

  it("removes the asset and the R2 copy again when the renditions fail: the photo is refused", async () => {
    const r2 = bucket(false);
    const cockpit = originals();
    expect(await storePhoto({ media: r2.bucket, images: images(true) }, plainJpeg(), cockpit.store)).toEqual({
      ok: false,
      status: 422,
      message: UPLOAD_MESSAGES.notResized,
    });
    expect(cockpit.calls.map((c) => c.split(" ")[0])).toEqual(["put", "remove"]);
    expect(r2.keys).toEqual([]);
  });
});
