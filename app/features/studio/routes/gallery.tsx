import { parseWithZod } from "@conform-to/zod/v4";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { UnsavedChangesWarning } from "~/kernel/forms/unsaved-changes";
import { PhotoBatchUpload } from "~/features/studio/components/PhotoBatchUpload";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { GALLERY_TEXTS, galleryActionSchema, samePhoto } from "~/features/studio/gallery-edit";
import { isUnrenderedUpload, studioThumbnail } from "~/kernel/media/media";
import type { ShownImage } from "~/kernel/media/photo-renditions";
import { Picture } from "~/kernel/media/Picture";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { useRowDrag } from "~/features/studio/components/use-row-drag";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { applyGalleryAction } from "~/features/studio/galleries-studio.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(`${data?.title ?? "Gallery"} | Studio`);

/** One gallery in the studio: its name, its photos (caption, order, cover, delete), upload, delete the gallery. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const gallery = await context.store.content.getGallery(params.id ?? "");
  if (!gallery) throw notFound(privateHeaders(), "Gallery not found");
  const photos = gallery.images.map((image) => {
    // Uploaded here before such photos were refused, and not resized (the Images binding failed):
    // visitors are not shown it, and neither is the editor's browser asked to decode its original.
    const withoutRenditions = isUnrenderedUpload(image);
    return {
      path: image.path,
      // A rendition that exists (the 350 px WebP, the JPEG made at upload), never the original.
      thumbnail: studioThumbnail(image, context.env.CMS_ASSETS_URL),
      alt: image.alt ?? "",
      featured: samePhoto(image, gallery.featuredImage),
      withoutRenditions,
    };
  });
  return data({ id: gallery.id, title: gallery.title, photos }, { headers: privateHeaders() });
}

export const action = storeSafeAction(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const editor = await requireEditor(request, context);
    const gallery = await context.store.content.getGallery(params.id ?? "");
    if (!gallery) throw notFound(privateHeaders(), "Gallery not found");
    const formData = await request.formData();
    const submission = parseWithZod(formData, { schema: galleryActionSchema });
    if (submission.status !== "success") {
      const titleError = submission.error?.title ? {} : { formErrors: [ACTION_NOT_UNDERSTOOD] };
      return data({ reply: submission.reply(titleError) }, { status: 400, headers: privateHeaders() });
    }
    const outcome = await applyGalleryAction(context, gallery, submission.value, formData);
    if (outcome.kind === "confirm") {
      const fields: Record<string, string> = outcome.index === undefined ? {} : { index: String(outcome.index) };
      return data(confirmStep(outcome.question, { ...fields, intent: outcome.intent }), { headers: privateHeaders() });
    }
    if (outcome.kind === "refused") {
      const errors = outcome.field === "photos" ? { fieldErrors: { photos: [outcome.message] } } : { formErrors: [outcome.message] };
      return data({ reply: submission.reply(errors) }, { status: outcome.status, headers: privateHeaders() });
    }
    if (outcome.activity) {
      await recordActivity(context, editor, outcome.activity);
      await contentChanged(context);
    }
    return redirectWithToast(context, outcome.redirectTo, outcome.toast);
  },
  (form: FormData, message: string) => ({ reply: storeErrorReply(form, message) }),
);

const CAPTIONS_FORM = "captions-form";

/** A photo as the page lists it: its place on the server (`index`) and a key that stays with it when it moves. */
interface PhotoRow {
  key: string;
  index: number;
  path: string;
  thumbnail: ShownImage | null;
  alt: string;
  featured: boolean;
  withoutRenditions: boolean;
}

/** Each photo with its key: its path (the same photo twice gets "#2"), so a moved photo keeps its row and its focus. */
function photoRows(photos: ReadonlyArray<Omit<PhotoRow, "key" | "index">>): PhotoRow[] {
  const seen = new Map<string, number>();
  return photos.map((photo, index) => {
    const n = (seen.get(photo.path) ?? 0) + 1;
    seen.set(photo.path, n);
    return { ...photo, index, key: n > 1 ? `${photo.path}#${n}` : photo.path };
  });
}

/**
 * Moving photos with JavaScript: dragging a handle (or its arrow keys) posts the captions form
 * with the new order, so typed captions go with it; after any move, the moved photo's control
 * (its handle or its move button, else the other one) has the focus again (the list is
 * re-drawn in its new order). The toast says where it went.
 */
function usePhotoMoves(rows: PhotoRow[]) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const focusAfter = useRef<{ key: string; control: string } | null>(null);
  const saving = navigation.formData?.get("intent") === "captions" && navigation.formData.has("order[0]");
  const keyOfPath = (paths: string[]) =>
    photoRows(paths.map((path) => ({ path, thumbnail: null, alt: "", featured: false, withoutRenditions: false }))).map((row) => row.key);
  const posted = saving ? keyOfPath(orderOf(navigation.formData!)) : undefined;
  const drag = useRowDrag(
    rows.map((row) => row.key),
    {
      saving,
      posted,
      post(next, moved) {
        const form = document.getElementById(CAPTIONS_FORM);
        if (!(form instanceof HTMLFormElement)) return;
        const data = new FormData(form);
        const pathOf = new Map(rows.map((row) => [row.key, row.path]));
        next.forEach((key, i) => data.set(`order[${i}]`, pathOf.get(key) ?? ""));
        data.set("moved", pathOf.get(moved) ?? "");
        focusAfter.current = { key: moved, control: "handle" };
        submit(data, { method: "post", preventScrollReset: true });
      },
    },
  );
  useEffect(() => {
    const wanted = focusAfter.current;
    if (navigation.state !== "idle" || !wanted) return;
    focusAfter.current = null;
    const row = [...document.querySelectorAll<HTMLElement>(".studio-photo[data-row-id]")].find((li) => li.dataset.rowId === wanted.key);
    const control = row?.querySelector<HTMLElement>(`[data-move="${wanted.control}"]`) ?? row?.querySelector<HTMLElement>("[data-move]");
    control?.focus();
  }, [navigation.state, rows]);
  const remember = (key: string, control: string) => {
    focusAfter.current = { key, control };
  };
  return { ...drag, remember };
}

/** The paths a posted drag names, in order (order[0], order[1], …). */
function orderOf(form: FormData): string[] {
  const paths: string[] = [];
  for (let i = 0; form.has(`order[${i}]`); i++) paths.push(String(form.get(`order[${i}]`)));
  return paths;
}

/** Move up or Move down: a button of the captions form, so the captions typed on the page are saved with the move (without JavaScript too). */
function MoveButton({
  photo,
  way,
  describedBy,
  onMove,
}: {
  photo: PhotoRow;
  way: "up" | "down";
  describedBy: string;
  onMove: (key: string, control: string) => void;
}) {
  const navigation = useNavigation();
  const value = `${way}-${photo.index}`;
  return (
    <SubmitButton
      form={CAPTIONS_FORM}
      name="move"
      value={value}
      className="button button-secondary"
      aria-describedby={describedBy}
      data-move={way}
      pending={navigation.state === "submitting" && navigation.formData?.get("move") === value}
      onClick={() => onMove(photo.key, way)}
    >
      {way === "up" ? "Move up" : "Move down"}
    </SubmitButton>
  );
}

/** A form that is one button (cover, delete): works without JavaScript. */
function ButtonForm({ intent, index, label, describedBy }: { intent: string; index: number; label: string; describedBy: string }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="index" value={index} />
      <button type="submit" name="intent" value={intent} className="button button-secondary" aria-describedby={describedBy}>
        {label}
      </button>
    </Form>
  );
}

export default function StudioGallery() {
  const { id, title, photos } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer && "reply" in answer ? answer.reply : undefined;
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const { errors, formError } = useFormReply(reply);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const rows = useMemo(() => photoRows(photos), [photos]);
  const moves = usePhotoMoves(rows);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const shown = moves.order.map((key) => byKey.get(key)).filter((row): row is PhotoRow => row !== undefined);
  const posting = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <>
      <PageTitle title={title} parent={{ label: "Galleries", to: "/studio/galleries" }} />
      {/* Captions typed and not saved are not lost by leaving the page (docs/requirements.md §7.11). */}
      <UnsavedChangesWarning />
      <section className="section studio-page studio-gallery">
        <div className="container">
          <p className="studio-part-links">
            <a href={`/gallery/${id}`}>View on site</a>
          </p>
          {confirm ? <ConfirmStep confirm={confirm} cancelTo={`/studio/galleries/${id}`} yes="Yes, delete" /> : null}
          <FormMessage message={formError} />

          <h2 id="rename-title">Name</h2>
          <Form method="post" noValidate aria-labelledby="rename-title">
            <Field
              id="gallery-name"
              name="title"
              label="Gallery name"
              type="text"
              defaultValue={replyValue(reply, "title") ?? title}
              error={errors.title}
              maxLength={120}
              required
            />
            <input type="hidden" name="intent" value="rename" />
            <SubmitButton>Save name</SubmitButton>
          </Form>

          <h2 id="upload-title">Add photos</h2>
          <PhotoBatchUpload
            id="gallery-photos"
            batchUrl={`/studio/galleries/${id}/photos`}
            label="Photos"
            hint={GALLERY_TEXTS.uploadHint}
            hintWithScript={GALLERY_TEXTS.uploadHintWithScript}
            error={errors.photos}
            submitLabel="Upload photos"
            labelledBy="upload-title"
          />

          <h2 id="photos-title">Photos</h2>
          {photos.length ? (
            <>
              {/* The captions and the moves are one form, so a move saves the captions typed before it. */}
              <Form method="post" id={CAPTIONS_FORM} aria-labelledby="photos-title" preventScrollReset>
                <input type="hidden" name="intent" value="captions" />
                {/* Enter in a caption presses the form's first button: this one, not photo 1's Move down. */}
                <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
                  Save captions
                </button>
              </Form>
              {hydrated ? (
                <p className="studio-slides-hint" role="status">
                  {moves.saving ? "Saving the new order…" : "Drag a photo by its handle to move it, or use Move up and Move down."}
                </p>
              ) : null}
              <ol className="studio-photos" aria-busy={moves.saving || undefined}>
                {shown.map((photo, place) => {
                  const { index } = photo;
                  const name = `photo-${index + 1}-name`;
                  return (
                    <li
                      key={photo.key}
                      id={`photo-${index + 1}`}
                      data-row-id={photo.key}
                      className={photo.key === moves.draggingId ? "studio-photo studio-photo-dragging" : "studio-photo"}
                    >
                      {photo.thumbnail ? <Picture image={photo.thumbnail} alt="" sizes="160px" /> : null}
                      <div className="studio-photo-head">
                        {hydrated ? (
                          <button
                            type="button"
                            className="studio-slide-handle"
                            aria-label={`Drag to reorder photo ${index + 1}`}
                            data-move="handle"
                            {...moves.handleProps(photo.key)}
                          >
                            <span aria-hidden="true">⠿</span>
                          </button>
                        ) : null}
                        <p id={name}>
                          Photo {index + 1}
                          {photo.featured ? <strong> (cover)</strong> : null}
                          {photo.withoutRenditions ? <span className="studio-photo-note"> {GALLERY_TEXTS.withoutRenditions}</span> : null}
                        </p>
                      </div>
                      {/* Named by its place on the server, not on the screen: a drag's captions still match their photos. */}
                      <Field
                        id={`caption-${index}`}
                        name={`caption[${index}]`}
                        label="Caption"
                        type="text"
                        defaultValue={photo.alt}
                        maxLength={300}
                        form={CAPTIONS_FORM}
                      />
                      <div className="studio-photo-actions">
                        {place > 0 ? <MoveButton photo={photo} way="up" describedBy={name} onMove={moves.remember} /> : null}
                        {place < shown.length - 1 ? <MoveButton photo={photo} way="down" describedBy={name} onMove={moves.remember} /> : null}
                        {photo.featured ? null : <ButtonForm intent="featured" index={index} label="Use as cover" describedBy={name} />}
                        <ButtonForm intent="delete-photo" index={index} label="Delete" describedBy={name} />
                      </div>
                    </li>
                  );
                })}
              </ol>
              <SubmitButton
                form={CAPTIONS_FORM}
                pending={
                  posting && navigation.formData?.get("intent") === "captions" && !navigation.formData?.has("move") && !navigation.formData?.has("order[0]")
                }
              >
                Save captions
              </SubmitButton>
            </>
          ) : (
            <p className="empty-state">{GALLERY_TEXTS.noPhotos}</p>
          )}

          <h2 id="delete-title">Delete this gallery</h2>
          <Form method="post" aria-labelledby="delete-title">
            <button type="submit" name="intent" value="delete-gallery" className="button button-secondary">
              Delete gallery
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
