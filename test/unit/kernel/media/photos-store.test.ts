import { describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads";
import { deletePhoto, storePhoto } from "~/kernel/media/photos.server";
import { imageStart, PHP_SCRIPT, plainJpeg } from "../../../support/upload-fixtures";

/** A bucket in memory: the keys and types storePhoto writes (only what it and deletePhoto call). */
function memoryBucket() {
  const objects = new Map<string, { bytes: Uint8Array; type?: string }>();
  const bucket = {
    async put(key: string, bytes: Uint8Array, options?: { httpMetadata?: { contentType?: string } }) {
      objects.set(key, { bytes, type: options?.httpMetadata?.contentType });
    },
    async delete(keys: string | string[]) {
      for (const key of [keys].flat()) objects.delete(key);
    },
    async list({ prefix }: { prefix: string }) {
      return { objects: [...objects.keys()].filter((k) => k.startsWith(prefix)).map((key) => ({ key })), truncated: false };
    },
  };
  return { objects, bucket: bucket as unknown as R2Bucket };
}

/** An Images binding that answers info (4000×3000) and fails every transform after `failAfter` outputs. */
function images(failAfter = Infinity) {
  let outputs = 0;
  return {
    async info() {
      return { format: "image/jpeg", width: 4000, height: 3000, fileSize: 1 };
    },
    input() {
      const transformer = {
        transform: () => transformer,
        async output({ format }: { format: string }) {
          if (++outputs > failAfter) throw new Error("images: transform failed");
          return { response: () => new Response(imageStart(format), { headers: { "Content-Type": format } }) };
        },
      };
      return transformer;
    },
  } as unknown as ImagesBinding;
}

describe("storePhoto", () => {
  it("stores the original and its renditions next to it, and records their widths", async () => {
    const { objects, bucket } = memoryBucket();
    const result = await storePhoto({ media: bucket, images: images() }, plainJpeg());
    if (!result.ok) throw new Error(result.message);
    expect(result.ref).toMatchObject({ width: 4000, height: 3000, renditions: [350, 700, 1100, 1600] });
    const folder = result.ref.path.replace(/^\/media\//, "").replace(/original\.jpg$/, "");
    expect([...objects.keys()].sort()).toEqual(["1100.webp", "1600.webp", "350.webp", "700.jpg", "700.webp", "original.jpg"].map((f) => `${folder}${f}`));
    expect(objects.get(`${folder}700.jpg`)?.type).toBe("image/jpeg");
  });

  it("refuses the photo and keeps nothing of it when the binding fails: its original is never shown instead", async () => {
    const { objects, bucket } = memoryBucket();
    const result = await storePhoto({ media: bucket, images: images(2) }, plainJpeg());
    expect(result).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.notResized });
    expect([...objects.keys()]).toEqual([]);
  });

  it("refuses the photo when the binding answers something that is not the image asked for (an empty body: a decode that failed mid-stream)", async () => {
    const { objects, bucket } = memoryBucket();
    const emptyAnswers = {
      info: async () => ({ format: "image/png", width: 200, height: 200, fileSize: 1 }),
      input() {
        const transformer = {
          transform: () => transformer,
          output: async ({ format }: { format: string }) => ({ response: () => new Response(new Uint8Array(0), { headers: { "Content-Type": format } }) }),
        };
        return transformer;
      },
    } as unknown as ImagesBinding;
    expect(await storePhoto({ media: bucket, images: emptyAnswers }, plainJpeg())).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.notResized });
    expect(objects.size).toBe(0);
  });

  it("refuses the photo, storing nothing, when there is no binding", async () => {
    const { objects, bucket } = memoryBucket();
    expect(await storePhoto({ media: bucket }, plainJpeg())).toEqual({ ok: false, status: 503, message: UPLOAD_MESSAGES.resizingUnavailable });
    expect(objects.size).toBe(0);
  });

  it("stores nothing of a refused upload", async () => {
    const { objects, bucket } = memoryBucket();
    expect(await storePhoto({ media: bucket, images: images() }, new TextEncoder().encode(PHP_SCRIPT))).toMatchObject({ ok: false, status: 415 });
    expect(objects.size).toBe(0);
  });

  it("deletePhoto removes the photo's whole folder and nothing else", async () => {
    const { objects, bucket } = memoryBucket();
    const kept = await storePhoto({ media: bucket, images: images() }, plainJpeg());
    const gone = await storePhoto({ media: bucket, images: images() }, plainJpeg());
    if (!kept.ok || !gone.ok) throw new Error("not stored");
    await deletePhoto(bucket, gone.ref);
    await deletePhoto(bucket, { path: "/demo/gallery-1.jpg" });
    expect([...objects.keys()].every((key) => kept.ref.path.includes(key.split("/")[1]!))).toBe(true);
    expect(objects.size).toBe(6);
  });
});
