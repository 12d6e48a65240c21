import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/kernel/forms";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { NewsForm } from "~/features/studio/components/NewsForm";
import { newsDay, newsStatus } from "~/features/studio/news-fields";
import { isNewsButtonPost, newsButtonSchema, newsFormSchema } from "~/features/studio/news-form";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { deleteNews, unpublishNews, updateNews } from "~/features/studio/studio-news.server";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import studioNewsStyles from "~/features/studio/styles/studio-news.css?url";
import studioStatusStyles from "~/features/studio/styles/studio-status.css?url";
import { notFound } from "~/kernel/http/answers.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Edit news item | Studio");
export const links: LinksFunction = () => [
  ...richTextFieldLinks(),
  { rel: "stylesheet", href: studioNewsStyles },
  { rel: "stylesheet", href: studioStatusStyles },
];

/** One news item in the studio, draft or published; `?delete` asks before deleting (the step that works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const item = await context.store.content.getNews(params.id ?? "");
  if (!item) throw notFound();
  return data(
    {
      id: item.id,
      status: newsStatus(item),
      values: {
        title: item.title,
        date: newsDay(item.createdAt),
        image: item.image?.path ? item.image : null,
        excerpt: item.excerptHtml,
        content: item.contentHtml,
        published: item.published,
      },
      confirmDelete: new URL(request.url).searchParams.has("delete"),
    },
    { headers: privateHeaders() },
  );
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const existing = await context.store.content.getNews(params.id ?? "");
  if (!existing) throw notFound();
  const here = `/studio/news/${existing.id}`;
  const form = await request.formData();

  if (isNewsButtonPost(form.get("intent"))) {
    const submission = parseWithZod(form, { schema: newsButtonSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (submission.value.intent === "unpublish") {
      await unpublishNews(context, user, existing.id);
      return redirectWithToast(context, here, { kind: "success", message: "Taken off the site: it is a draft again." });
    }
    // Delete without the confirmation step's Yes: ask first.
    if (!submission.value.confirmed) return redirect(`${here}?delete`);
    await deleteNews(context, user, existing);
    return redirectWithToast(context, "/studio/news", { kind: "success", message: "News item deleted." });
  }

  const submission = parseWithZod(form, { schema: newsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const photo = await readPhotoField(context, form, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status });
  const publish = submission.value.intent === "publish";
  const item = await writeWithNewPhoto(context, photo, updateNews(context, user, existing, submission.value, publish, photo.image));
  if (!item) throw notFound();
  const message = publish && !existing.published ? "News item published." : "Changes saved.";
  return redirectWithToast(context, here, { kind: "success", message });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioNewsEdit() {
  const { id, status, values, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <StudioPage title="Edit news item" parent={{ label: "News", to: "/studio/news" }}>
      {confirmDelete ? (
        <ConfirmStep
          confirm={{ question: `Delete the news item \u201c${values.title}\u201d? This cannot be undone.`, fields: { intent: "delete" } }}
          cancelTo={`/studio/news/${id}`}
          yes="Yes, delete"
          titleId="confirm-delete-title"
        />
      ) : null}
      <p className="studio-news-status">
        <span className={`studio-status studio-status-${values.published ? "published" : "draft"}`}>{status}</span>
        {values.published ? (
          <>
            {" "}
            <a href={`/blog-details/${id}`}>View on site</a>
          </>
        ) : (
          <>
            {" Visitors do not see it until it is published. "}
            <a href={`/blog-details/${id}`}>Open the draft on the site</a>
          </>
        )}
      </p>
      <NewsForm key={id} isNew={false} reply={reply} values={values} previewAction={`/studio/preview/news/${id}`} />
      <div className="studio-news-actions">
        {values.published ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unpublish" />
            <SubmitButton>Unpublish</SubmitButton>
          </Form>
        ) : null}
        <Link to={`/studio/news/${id}?delete`} className="button button-secondary">
          Delete
        </Link>
      </div>
    </StudioPage>
  );
}
