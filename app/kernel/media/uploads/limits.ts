/** What an upload is for: a photo (galleries, slides, pages, office bearers) or a members' document. */
export type UploadPurpose = "photo" | "document";

const MB = 1024 * 1024;

/** The largest upload of each purpose, in bytes (docs/requirements.md §7.12): photos 25 MB, documents 15 MB. */
export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  photo: 25 * MB,
  document: 15 * MB,
};

/**
 * The largest picture a photo may be, read from its header (dimensions.ts): a browser holds
 * 4 bytes a pixel while it shows one, so 50 megapixels is 200 MB, already a lot for a phone;
 * a file of a few hundred kB can claim far more (a decompression bomb). 12,000 px on a side
 * takes any camera's photo (a 48 MP phone's is 8000 × 6000) and refuses absurd strips.
 */
export const PHOTO_PIXEL_LIMITS = { side: 12_000, pixels: 50_000_000 } as const;

/** Whether a picture of this size is within PHOTO_PIXEL_LIMITS. */
export function withinPixelLimits(size: { width: number; height: number }): boolean {
  return size.width <= PHOTO_PIXEL_LIMITS.side && size.height <= PHOTO_PIXEL_LIMITS.side && size.width * size.height <= PHOTO_PIXEL_LIMITS.pixels;
}
