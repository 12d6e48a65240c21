import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SlideForm } from "~/features/studio/components/SlideForm";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { slideFormSchema } from "~/features/studio/studio-pages";
import { requireEditor } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { changeSlide, loadSlide } from "~/features/studio/studio-pages.server";
import { foundOrNotFound } from "~/features/studio/studio-not-found.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Edit slide | Studio");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const slide = foundOrNotFound(await loadSlide(context, params.id ?? ""));
  const { smallText, title, description, bannerImage } = slide;
  return data({ slide: { smallText, title, description, image: bannerImage.path ? bannerImage : null } }, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: slideFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: privateHeaders() });
  const changed = await writeWithNewPhoto(context, photo, changeSlide(context, editor, params.id ?? "", submission.value, photo.image));
  if (!changed) return redirectWithToast(context, "/studio/slides", { kind: "error", message: "That slide is no longer there." });
  return redirectWithToast(context, "/studio/slides", { kind: "success", message: "Slide saved." });
}, storeErrorReply);

export default function StudioEditSlide() {
  const { slide } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <SlideForm slide={slide} reply={reply} />;
}
