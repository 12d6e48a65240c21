import type { FileType, UploadPurpose } from "./uploads";
import { storedName } from "./uploads";
import { MEDIA_FOLDERS } from "./uploads/media-key";

/**
 * Files in the MEDIA bucket (R2; locally wrangler's R2 under .wrangler/state): uploads that
 * passed checkUpload (app/kernel/media/uploads), and the members' documents. Plain results: the
 * routes make the Responses (and the guards decide who may read what; nothing here is public).
 */

export interface MediaFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface Media {
  /** Stores checked bytes under a generated name in the purpose's folder; returns the key. */
  put(bytes: Uint8Array, type: FileType, purpose: UploadPurpose): Promise<string>;
  /** Stores bytes at a known key (the seed, the import and the documents' move use the record's path). */
  putAt(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file at the key, or null. */
  get(key: string): Promise<MediaFile | null>;
  /** Whether a file is at the key (its bytes are not read). */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export function createMedia(bucket: R2Bucket): Media {
  const putAt = async (key: string, bytes: Uint8Array, contentType: string) => {
    await bucket.put(key, bytes, { httpMetadata: { contentType } });
  };
  return {
    async put(bytes, type, purpose) {
      const key = `${MEDIA_FOLDERS[purpose]}/${storedName(type.extension)}`;
      await putAt(key, bytes, type.mime);
      return key;
    },
    putAt,
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream", size: object.size };
    },
    async has(key) {
      return (await bucket.head(key)) !== null;
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
