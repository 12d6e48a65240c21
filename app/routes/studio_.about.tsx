import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { FormReply } from "~/components/forms";
import { richTextFieldLinks } from "~/components/forms/RichTextField";
import { InfoPageForm } from "~/components/studio/InfoPageForm";
import { privatePageMeta } from "~/domain/private-page-meta";
import { INFO_PAGES } from "~/domain/studio-info-pages";
import { pageFormSchema } from "~/domain/studio-pages";
import { requireEditor } from "~/services/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/services/cache-control.server";
import { storeErrorReply, storeSafeAction } from "~/services/store-errors.server";
import { loadPageScreen, savePageForm } from "~/services/studio-pages.server";
import { discardNewPhoto, photoSavedMessage, readPhotoField } from "~/services/studio-photo-field.server";
import { redirectWithToast } from "~/services/toast.server";

const SCREEN = "about";
const PAGE = INFO_PAGES[SCREEN];

export const meta: MetaFunction = () => privatePageMeta(`${PAGE.name} | Studio`);

export const links: LinksFunction = () => richTextFieldLinks();

const NO_STORE = { "Cache-Control": PRIVATE_CACHE_CONTROL };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(await loadPageScreen(context, SCREEN), { headers: NO_STORE });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: pageFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: NO_STORE });
  const photo = await readPhotoField(context, formData, "image");
  if (!photo.ok) return data(submission.reply({ fieldErrors: { image: [photo.message] } }), { status: photo.status, headers: NO_STORE });
  try {
    await savePageForm(context, editor, SCREEN, submission.value, photo.image);
  } catch (error) {
    await discardNewPhoto(context, photo);
    throw error;
  }
  return redirectWithToast(context, PAGE.path, { kind: "success", message: photoSavedMessage(`The ${PAGE.name} page is saved.`, photo) });
}, storeErrorReply);

export default function StudioAboutPage() {
  const screen = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  return <InfoPageForm name={PAGE.name} publicPath={PAGE.publicPath} {...screen} reply={reply} />;
}
