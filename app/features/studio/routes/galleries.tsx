import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { UnsavedChangesWarning } from "~/kernel/forms/unsaved-changes";
import { photoCount } from "~/features/site";
import { GALLERY_TEXTS, newGallerySchema } from "~/features/studio/gallery-edit";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { contentChanged } from "~/kernel/store/content/content-changed.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Galleries | Studio");

/** /studio/galleries: every gallery with its photo count, and "New gallery". Read from the store, not the visitors' cache. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const galleries = await context.store.content.listGalleries();
  return data({ galleries: galleries.map((g) => ({ id: g.id, title: g.title, count: photoCount(g.images.length) })) }, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: newGallerySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const gallery = await context.store.content.createGallery({ title: submission.value.title, featuredImage: { path: "" }, images: [] });
  await recordActivity(context, editor, { kind: "gallery-created", gallery: { id: gallery.id, title: gallery.title } });
  await contentChanged(context);
  return redirectWithToast(context, `/studio/galleries/${gallery.id}`, { kind: "success", message: "Gallery created. Now add its photos." });
}, storeErrorReply);

export default function StudioGalleries() {
  const { galleries } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  return (
    <>
      <PageTitle title="Galleries" parent={{ label: "Website", to: "/studio" }} />
      {/* Captions typed and not saved are not lost by leaving the page (docs/requirements.md §7.11). */}
      <UnsavedChangesWarning />
      <section className="section studio-page">
        <div className="container">
          {galleries.length ? (
            <ul className="studio-list">
              {galleries.map((gallery) => (
                <li key={gallery.id} className="studio-list-item">
                  <h2 id={`gallery-${gallery.id}`}>{gallery.title}</h2>
                  <p>{gallery.count}</p>
                  <p className="studio-part-links">
                    <Link to={`/studio/galleries/${gallery.id}`} aria-describedby={`gallery-${gallery.id}`}>
                      Edit
                    </Link>
                    <a href={`/gallery/${gallery.id}`} aria-describedby={`gallery-${gallery.id}`}>
                      View on site
                    </a>
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty-state">{GALLERY_TEXTS.empty}</p>
          )}
          <h2 id="new-gallery-title">New gallery</h2>
          <Form method="post" noValidate aria-labelledby="new-gallery-title" {...form}>
            <FormMessage message={formError} />
            <Field
              id="new-gallery-name"
              name="title"
              label="Name"
              type="text"
              error={errors.title}
              defaultValue={replyValue(reply, "title")}
              maxLength={120}
              required
            />
            <SubmitButton>Create gallery</SubmitButton>
          </Form>
        </div>
      </section>
    </>
  );
}
