import { z } from "zod";

/**
 * Members' documents in the studio (/studio/documents): a title, and a file checked by
 * checkUpload(bytes, "document") before it is stored (app/kernel/media/uploads). Pure.
 */

import { DOCUMENT_TITLE_MAX } from "./studio-documents-fields";

export { DOCUMENT_TITLE_MAX };

export const DOCUMENT_MESSAGES = {
  title: "Please enter the document's title",
  file: "Please choose the file to upload",
} as const;

/** conform's parseWithZod makes an empty field undefined: the type error is the "Please enter" message too. */
export const documentTitleSchema = z
  .string({ error: DOCUMENT_MESSAGES.title })
  .trim()
  .min(1, { error: DOCUMENT_MESSAGES.title, abort: true })
  .max(DOCUMENT_TITLE_MAX, { error: `At most ${DOCUMENT_TITLE_MAX} characters` });

/** A file field's value: a chosen file, or nothing (a browser sends an empty, nameless file when none was chosen). */
export function chosenFile(value: unknown): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

/** The record's path for a key in the MEDIA bucket: "documents/x.pdf" → "/documents/x.pdf" (how the D1 records name their files, ADR 40). */
export const documentPathForKey = (key: string) => `/${key}`;

/** The upload form: a title and a file (checked by checkUpload in the service, not here). */
export const documentUploadSchema = z.object({
  intent: z.literal("upload"),
  title: documentTitleSchema,
  file: z.preprocess(chosenFile, z.instanceof(File, { error: DOCUMENT_MESSAGES.file })),
});

/** Rename and/or replace: a new title, and optionally a new file (the old file is then deleted). */
export const documentChangeSchema = z.object({ title: documentTitleSchema, file: z.preprocess(chosenFile, z.instanceof(File).nullable()).optional() });
