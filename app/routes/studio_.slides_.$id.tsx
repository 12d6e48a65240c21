import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { FormReply } from "~/components/forms";
import { SlideForm } from "~/components/studio/SlideForm";
import { privatePageMeta } from "~/domain/private-page-meta";
import { slideFormSchema } from "~/domain/studio-pages";
import { requireEditor } from "~/services/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/services/cache-control.server";
import { storeErrorReply, storeSafeAction } from "~/services/store-errors.server";
import { changeSlide, loadSlide } from "~/services/studio-pages.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Edit slide | Studio");

const NO_STORE = { "Cache-Control": PRIVATE_CACHE_CONTROL };
const notFound = () => new Response("Not Found", { status: 404, headers: NO_STORE });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const slide = await loadSlide(context, params.id ?? "");
  if (!slide) throw notFound();
  const { smallText, title, description, bannerImage } = slide;
  return data({ slide: { smallText, title, description, image: bannerImage.path || null } }, { headers: NO_STORE });
}

export const action = storeSafeAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: slideFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: NO_STORE });
  const changed = await changeSlide(context, editor, params.id ?? "", submission.value);
  if (!changed) return redirectWithToast(context, "/studio/slides", { kind: "error", message: "That slide is no longer there." });
  return redirectWithToast(context, "/studio/slides", { kind: "success", message: "Slide saved." });
}, storeErrorReply);

export default function StudioEditSlide() {
  const { slide } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  return <SlideForm slide={slide} reply={reply} />;
}
