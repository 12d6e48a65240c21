import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import type { FormReply } from "~/components/forms";
import { SlideForm } from "~/components/studio/SlideForm";
import { privatePageMeta } from "~/domain/private-page-meta";
import { slideFormSchema } from "~/domain/studio-pages";
import { requireEditor } from "~/services/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/services/cache-control.server";
import { storeErrorReply, storeSafeAction } from "~/services/store-errors.server";
import { addSlide } from "~/services/studio-pages.server";
import { readPhotoField, writeWithNewPhoto } from "~/services/studio-photo-field.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Add a slide | Studio");

const NO_STORE = { "Cache-Control": PRIVATE_CACHE_CONTROL };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(null, { headers: NO_STORE });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: slideFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: NO_STORE });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: NO_STORE });
  await writeWithNewPhoto(context, photo, addSlide(context, editor, submission.value, photo.image));
  return redirectWithToast(context, "/studio/slides", { kind: "success", message: "Slide added. It is last on the home page." });
}, storeErrorReply);

export default function StudioNewSlide() {
  const reply = useActionData<FormReply>();
  return <SlideForm slide={null} reply={reply} />;
}
