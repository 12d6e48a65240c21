import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { SubmitButton } from "~/kernel/forms";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { BATCH_TEXTS, stateText } from "~/features/studio/photo-batch-upload";
import { usePhotoBatchUpload } from "./use-photo-batch-upload";

/**
 * A gallery's "Add photos" form. Without JavaScript it is one multipart post of every chosen
 * photo to the gallery's page (intent "upload"). With JavaScript the same form sends the photos
 * one per request to `batchUrl` (ADR 40), each with its state in a list under the input, read
 * out as it changes (aria-live); a refused photo shows its message and the others go on.
 */
export function PhotoBatchUpload({
  id,
  batchUrl,
  label,
  hint,
  hintWithScript,
  error,
  submitLabel,
  labelledBy,
}: {
  id: string;
  batchUrl: string;
  label: string;
  /** The server's hint (one post: its count and total limits). */
  hint: string;
  /** Once the page runs its script, photos go one per request: this hint replaces it. */
  hintWithScript: string;
  error?: string;
  submitLabel: string;
  labelledBy: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { items, busy, start } = usePhotoBatchUpload(batchUrl);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos");
    const files = input instanceof HTMLInputElement && input.files ? [...input.files] : [];
    // No photo chosen: the plain post, whose answer says to choose one.
    if (!files.length) return;
    event.preventDefault();
    void start(files, event.currentTarget);
  };

  return (
    <Form method="post" encType="multipart/form-data" aria-labelledby={labelledBy} onSubmit={onSubmit}>
      <PhotoInput id={id} name="photos" label={label} hint={hydrated ? hintWithScript : hint} error={error} multiple />
      <input type="hidden" name="intent" value="upload" />
      <div className="photo-batch" aria-live="polite">
        {items.length ? (
          <ul className="photo-batch-list" aria-label={BATCH_TEXTS.listLabel}>
            {items.map((item, index) => (
              <li key={`${index}-${item.name}`} className={`photo-batch-item photo-batch-${item.state}`} data-state={item.state}>
                <span className="photo-batch-name">{item.name || `Photo ${index + 1}`}</span>{" "}
                <span className="photo-batch-state">{stateText(item.state, item.message)}</span>
                {item.state === "uploading" && item.progress !== null ? (
                  <progress className="photo-batch-progress" max={100} value={item.progress} aria-label={`${item.name}: sent`}>
                    {item.progress}%
                  </progress>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <SubmitButton pending={busy || (navigation.state === "submitting" && navigation.formMethod === "POST")}>{submitLabel}</SubmitButton>
    </Form>
  );
}
