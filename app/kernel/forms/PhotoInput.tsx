import { useState, type ChangeEvent } from "react";
import { Picture } from "~/kernel/media/Picture";
import { UPLOAD_LIMITS } from "~/kernel/media/uploads/limits";
import { photoTooLargeToSend } from "~/kernel/media/uploads/messages";
import { isUnrenderedUpload } from "~/kernel/media/media";
import { shownImage } from "~/kernel/media/photo-renditions";
import type { MediaRef } from "~/kernel/store/records";

/** Said instead of a preview for a photo uploaded before unresizable photos were refused: its original is not shown. */
export const PHOTO_NOT_SHOWN = "This photo could not be resized, so it is not shown on the site. Please upload it again or choose another.";

/** The photo types the pipeline takes (checked again from the bytes on the server: this only filters the picker). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * A photo field for studio forms: a plain file input, so it works without JavaScript in a
 * multipart form (`<Form method="post" encType="multipart/form-data">`). When editing, the
 * current photo is shown with a "Remove" checkbox (`<name>-remove`). The server reads the
 * files with storeUploadedPhotos (app/features/studio/photo-uploads.server.ts).
 */
export function PhotoInput({
  id,
  name,
  label,
  hint,
  error,
  multiple = false,
  current,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  multiple?: boolean;
  /** The photo the record has now (shown small, with Remove). */
  current?: MediaRef | null;
}) {
  const [tooLarge, setTooLarge] = useState<string | undefined>(undefined);
  const shownError = tooLarge ?? error;
  const describedBy = `${hint ? `${id}-hint ` : ""}${shownError ? `${id}-error` : ""}`.trim() || undefined;
  // With JavaScript, a photo over 25 MB is caught here, before a slow phone sends it all only to be
  // refused (the server still checks: docs/requirements.md §7.12). One photo: the choice is cleared, so
  // the form is sent without it. Several (a gallery's batch): the batch leaves that one out.
  const checkSize = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const large = [...(input.files ?? [])].filter((file) => file.size > UPLOAD_LIMITS.photo);
    setTooLarge(large.length ? large.map((file) => photoTooLargeToSend(file.name)).join(" ") : undefined);
    if (large.length && !multiple) input.value = "";
  };
  return (
    <div className={`field field-${name} photo-input`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {current?.path ? (
        // The photo and its Remove box as one figure: the box sits under its own photo, never across the form.
        <figure className="photo-input-current">
          {isUnrenderedUpload(current) ? (
            <p className="field-hint">{PHOTO_NOT_SHOWN}</p>
          ) : (
            <Picture image={shownImage(current, 350)} alt={current.alt || "The current photo"} sizes="160px" className="photo-input-preview" />
          )}
          <figcaption>
            <label className="photo-input-remove">
              <input type="checkbox" name={`${name}-remove`} value="1" /> Remove
            </label>
          </figcaption>
        </figure>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={multiple}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={checkSize}
      />
      {shownError ? (
        <p className="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
