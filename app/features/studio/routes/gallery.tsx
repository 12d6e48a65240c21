import { parseWithZod } from "@conform-to/zod/v4";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { PhotoBatchUpload } from "~/features/studio/components/PhotoBatchUpload";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { GALLERY_TEXTS, galleryActionSchema, samePhoto } from "~/features/studio/gallery-edit";
import { isUnrenderedUpload } from "~/kernel/media/media";
import { pictureSources } from "~/kernel/media/photo-renditions";
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
      // The smallest file we have for the studio's own thumbnail.
      thumbnail: withoutRenditions ? null : (pictureSources(image, 350)?.fallback ?? image.path),
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

/** A form that is one button (move, cover, delete): works without JavaScript. */
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
  return (
    <>
      <PageTitle title={title} parent={{ label: "Galleries", to: "/studio/galleries" }} />
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
              <Form method="post" id="captions-form" aria-labelledby="photos-title">
                <input type="hidden" name="intent" value="captions" />
              </Form>
              <ol className="studio-photos">
                {photos.map((photo, index) => (
                  <li key={`${index}-${photo.path}`} id={`photo-${index + 1}`} className="studio-photo">
                    {photo.thumbnail ? <img src={photo.thumbnail} alt="" width={175} loading="lazy" decoding="async" /> : null}
                    <p id={`photo-${index + 1}-name`}>
                      Photo {index + 1}
                      {photo.featured ? <strong> (cover)</strong> : null}
                      {photo.withoutRenditions ? <span className="studio-photo-note"> {GALLERY_TEXTS.withoutRenditions}</span> : null}
                    </p>
                    <Field
                      id={`caption-${index}`}
                      name={`caption[${index}]`}
                      label="Caption"
                      type="text"
                      defaultValue={photo.alt}
                      maxLength={300}
                      form="captions-form"
                    />
                    <div className="studio-photo-actions">
                      {index > 0 ? <ButtonForm intent="up" index={index} label="Move up" describedBy={`photo-${index + 1}-name`} /> : null}
                      {index < photos.length - 1 ? <ButtonForm intent="down" index={index} label="Move down" describedBy={`photo-${index + 1}-name`} /> : null}
                      {photo.featured ? null : <ButtonForm intent="featured" index={index} label="Use as cover" describedBy={`photo-${index + 1}-name`} />}
                      <ButtonForm intent="delete-photo" index={index} label="Delete" describedBy={`photo-${index + 1}-name`} />
                    </div>
                  </li>
                ))}
              </ol>
              <button type="submit" form="captions-form" className="button">
                Save captions
              </button>
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
