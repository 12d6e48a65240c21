import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { FormReply } from "~/components/forms";
import { SlideForm } from "~/components/studio/SlideForm";
import { privatePageMeta } from "~/domain/private-page-meta";
import { slideFormSchema } from "~/domain/studio-pages";
import { requireEditor } from "~/services/auth.server";
import { storeErrorReply, storeSafeAction } from "~/services/store-errors.server";
import { changeSlide, loadSlide } from "~/services/studio-pages.server";
import { foundOrNotFound, STUDIO_NO_STORE as NO_STORE } from "~/services/studio-not-found.server";
import { readPhotoField, writeWithNewPhoto } from "~/services/studio-photo-field.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Edit slide | Studio");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const slide = foundOrNotFound(await loadSlide(context, params.id ?? ""));
  const { smallText, title, description, bannerImage } = slide;
  return data({ slide: { smallText, title, description, image: bannerImage.path ? bannerImage : null } }, { headers: NO_STORE });
}

export const action = storeSafeAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: slideFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: NO_STORE });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: NO_STORE });
  const changed = await writeWithNewPhoto(context, photo, changeSlide(context, editor, params.id ?? "", submission.value, photo.image));
  if (!changed) return redirectWithToast(context, "/studio/slides", { kind: "error", message: "That slide is no longer there." });
  return redirectWithToast(context, "/studio/slides", { kind: "success", message: "Slide saved." });
}, storeErrorReply);

export default function StudioEditSlide() {
  const { slide } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  return <SlideForm slide={slide} reply={reply} />;
}
