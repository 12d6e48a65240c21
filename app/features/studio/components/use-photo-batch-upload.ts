import { useSubmit } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { UPLOAD_LIMITS } from "~/kernel/media/uploads/limits";
import { photoTooLargeToSend } from "~/kernel/media/uploads/messages";
import { BATCH_TEXTS, refusalMessage, type PhotoAnswer, type PhotoState } from "~/features/studio/photo-batch-upload";

/** One chosen photo in the list under the file input. */
export interface BatchItem {
  name: string;
  state: PhotoState;
  /** Percent sent, while uploading (null until the browser says). */
  progress: number | null;
  message?: string;
}

/**
 * Sends one photo to `url` with XMLHttpRequest (fetch cannot report an upload's progress).
 * Always resolves: a refusal or a lost connection is that photo's message, not the batch's end.
 */
function sendPhoto(url: string, file: File, onProgress: (percent: number) => void): Promise<PhotoAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      const body: unknown = request.response;
      // A signed-out editor is redirected to the sign-in page (HTML, so no JSON body): a refusal too.
      if (request.status === 200 && body && typeof body === "object" && "ok" in body && body.ok === true && "path" in body) resolve(body as PhotoAnswer);
      else resolve({ ok: false, message: refusalMessage(request.status, body) });
    };
    request.onerror = () => resolve({ ok: false, message: BATCH_TEXTS.offline });
    const form = new FormData();
    form.set("intent", "photo");
    form.set("photos", file);
    request.send(form);
  });
}

/**
 * The gallery upload with JavaScript (ADR 40): the chosen photos go one after another, one per
 * request (the Worker makes each photo's renditions while the request waits; one at a time also
 * keeps the gallery's read-then-write from crossing itself). When all are answered, the photos
 * that were added are named in one "finished" post, a navigation: the server answers with the
 * gallery's page and its toast, so the new photos show. A second submit while busy does nothing.
 */
export function usePhotoBatchUpload(url: string) {
  const submit = useSubmit();
  const [items, setItems] = useState<BatchItem[]>([]);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const start = useCallback(
    async (files: File[], form: HTMLFormElement) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setItems(files.map((file) => ({ name: file.name, state: "waiting", progress: null })));
      const update = (index: number, change: Partial<BatchItem>) => setItems((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
      const added: string[] = [];
      for (const [index, file] of files.entries()) {
        // Over 25 MB: refused here, before it is sent (the server would refuse it only after the whole file came).
        if (file.size > UPLOAD_LIMITS.photo) {
          update(index, { state: "error", message: photoTooLargeToSend(file.name) });
          continue;
        }
        update(index, { state: "uploading" });
        const answer = await sendPhoto(url, file, (progress) => update(index, { progress }));
        if (answer.ok) {
          added.push(answer.path);
          update(index, { state: "done" });
        } else update(index, { state: "error", message: answer.message });
      }
      // The chosen files are sent: choosing again starts a new batch, not this one twice.
      form.reset();
      running.current = false;
      setBusy(false);
      if (added.length) {
        const finished = new FormData();
        finished.set("intent", "finished");
        for (const path of added) finished.append("added", path);
        submit(finished, { method: "post", action: url });
      }
    },
    [submit, url],
  );

  return { items, busy, start };
}
