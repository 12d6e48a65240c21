import { z } from "zod";
import { photosWord } from "./gallery-edit";
import { UPLOAD_MESSAGES } from "~/kernel/media/uploads/messages";

/**
 * The gallery studio's upload with JavaScript (ADR 40): the chosen photos go one per request
 * to /studio/galleries/:id/photos ("photo"), each with its own state on the page; when all
 * are answered, one "finished" post names the photos that were added, and the server answers
 * with the page and its toast. Without JavaScript the gallery's own multipart form is used. Pure.
 */

export const photoBatchSchema = z.discriminatedUnion("intent", [
  // The file itself is read by storeUploadedPhotos (a File is not a form value zod sees).
  z.object({ intent: z.literal("photo") }),
  // The paths of the photos this batch added (what each "photo" answer said): the server counts only those in the gallery.
  z.object({ intent: z.literal("finished"), added: z.array(z.string().max(300)).max(200).default([]) }),
]);

/** What one photo's request answers: the stored photo's path, or the message to show next to its name. */
export type PhotoAnswer = { ok: true; path: string } | { ok: false; message: string };

export type PhotoState = "waiting" | "uploading" | "done" | "error";

/** The texts of the per-photo list (plain, for volunteers). */
export const BATCH_TEXTS = {
  waiting: "Waiting",
  uploading: "Uploading...",
  done: "Added",
  failed: "This photo could not be uploaded. Please try again.",
  offline: "The upload stopped (no connection?). Please try again.",
  listLabel: "Upload progress",
} as const;

/** The toast after a batch: the same words as the one-form upload's. */
export function batchToast(added: number): string {
  return added ? `${photosWord(added)} added.` : "No photos were added.";
}

/**
 * The message for a photo's refused request. Our route answers JSON with its message; a body
 * over the request limit is refused before the route runs (413 without JSON), which for one
 * photo can only be a photo that is too large.
 */
export function refusalMessage(status: number, body: unknown): string {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) return body.message;
  if (status === 413) return UPLOAD_MESSAGES.photoTooLarge;
  return BATCH_TEXTS.failed;
}

/** The visible state of one photo in the list (while uploading, a <progress> beside it shows how much is sent). */
export function stateText(state: PhotoState, message?: string): string {
  switch (state) {
    case "waiting":
      return BATCH_TEXTS.waiting;
    case "uploading":
      return BATCH_TEXTS.uploading;
    case "done":
      return BATCH_TEXTS.done;
    case "error":
      return message ?? BATCH_TEXTS.failed;
  }
}
