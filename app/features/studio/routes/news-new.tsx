import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { NewsForm } from "~/features/studio/components/NewsForm";
import { newsDay } from "~/features/studio/news-fields";
import { newsFormSchema } from "~/features/studio/news-form";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { createNews } from "~/features/studio/studio-news.server";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import studioNewsStyles from "~/features/studio/styles/studio-news.css?url";
import studioStatusStyles from "~/features/studio/styles/studio-status.css?url";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("New news item | Studio");
export const links: LinksFunction = () => [
  ...richTextFieldLinks(),
  { rel: "stylesheet", href: studioNewsStyles },
  { rel: "stylesheet", href: studioStatusStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data({ today: newsDay(Math.floor(Date.now() / 1000)) }, { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: newsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const photo = await readPhotoField(context, form, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status });
  const publish = submission.value.intent === "publish";
  const item = await writeWithNewPhoto(context, photo, createNews(context, user, submission.value, publish, photo.image));
  return redirectWithToast(context, `/studio/news/${item.id}`, {
    kind: "success",
    message: publish ? "News item published." : "Draft saved.",
  });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioNewsNew() {
  const { today } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <StudioPage title="New news item" parent={{ label: "News", to: "/studio/news" }}>
      <NewsForm isNew reply={reply} values={{ title: "", date: today, image: null, excerpt: "", content: "", published: false }} />
    </StudioPage>
  );
}
