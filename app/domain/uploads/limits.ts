/** What an upload is for: a photo (galleries, slides, pages, office bearers) or a members' document. */
export type UploadPurpose = "photo" | "document";

const MB = 1024 * 1024;

/** The largest upload of each purpose, in bytes (issue 18): photos 25 MB, documents 15 MB. */
export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  photo: 25 * MB,
  document: 15 * MB,
};
