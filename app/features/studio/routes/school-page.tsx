import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { InfoPageScreen } from "~/features/studio/components/InfoPageScreen";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { INFO_PAGES } from "~/features/studio/studio-info-pages";
import { requireEditor } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { infoPageScreen, saveInfoPage } from "~/features/studio/studio-info-page-route.server";

const SCREEN = "school";

export const meta: MetaFunction = () => privatePageMeta(`${INFO_PAGES[SCREEN].name} | Studio`);

export const links: LinksFunction = () => richTextFieldLinks();

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return infoPageScreen(context, SCREEN);
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const editor = await requireEditor(request, context);
  return saveInfoPage(context, editor, SCREEN, await request.formData());
}, storeErrorReply);

export default function StudioSchoolPage() {
  return <InfoPageScreen screen={SCREEN} reply={useActionData<typeof action>()} />;
}
