import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { SlideForm } from "~/features/studio/components/SlideForm";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { slideFormSchema } from "~/features/studio/studio-pages";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { addSlide } from "~/features/studio/studio-pages.server";
import { readPhotoField, writeWithNewPhoto } from "~/features/studio/studio-photo-field.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Add a slide | Studio");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(null, { headers: privateHeaders() });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: slideFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: privateHeaders() });
  await writeWithNewPhoto(context, photo, addSlide(context, editor, submission.value, photo.image));
  return redirectWithToast(context, "/studio/slides", { kind: "success", message: "Slide added. It is last on the home page." });
}, storeErrorReply);

export default function StudioNewSlide() {
  const reply = useActionData<typeof action>();
  return <SlideForm slide={null} reply={reply} />;
}
