import { Picture } from "~/kernel/media/Picture";
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
  const describedBy = `${hint ? `${id}-hint ` : ""}${error ? `${id}-error` : ""}`.trim() || undefined;
  return (
    <div className={`field field-${name} photo-input`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {current?.path ? (
        <div className="photo-input-current">
          {isUnrenderedUpload(current) ? (
            <p className="field-hint">{PHOTO_NOT_SHOWN}</p>
          ) : (
            <Picture image={shownImage(current, 350)} alt={current.alt || "The current photo"} sizes="160px" className="photo-input-preview" />
          )}
          <label className="photo-input-remove">
            <input type="checkbox" name={`${name}-remove`} value="1" /> Remove
          </label>
        </div>
      ) : null}
      <input id={id} name={name} type="file" accept={PHOTO_ACCEPT} multiple={multiple} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
