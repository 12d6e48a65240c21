import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { SettingsForm } from "~/features/studio/components/SettingsForm";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { SETTINGS_MESSAGES } from "~/features/studio/site-settings-fields";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { loadSettingsForm, saveSettingsForm, settingsFormSchemaFor } from "~/features/studio/studio-settings.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Site settings | Studio");
export const links: LinksFunction = () => richTextFieldLinks();

/** A 503 from the action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/**
 * The site's contact details, social links, registration switch and fees, for
 * editors and accountants; the settings about members and money for accountants only
 * (features/studio/settings-field-access.ts): an editor's page has neither their fields nor their values.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  return data(await loadSettingsForm(context, user.role), { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  // The fields this role may set, and only those: any other one posted is dropped here, and the save keeps it as it was.
  const submission = parseWithZod(await request.formData(), { schema: settingsFormSchemaFor(editor.role), disableAutoCoercion: true });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [SETTINGS_MESSAGES.invalid] }), { status: 400 });
  const changes = await saveSettingsForm(context, editor.role, submission.value);
  for (const change of changes) await recordActivity(context, editor, { kind: "setting-changed", ...change });
  return redirectWithToast(context, "/studio/settings", { kind: "success", message: SETTINGS_MESSAGES.saved });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioSettings() {
  const { values, fields } = useLoaderData<typeof loader>();
  return <SettingsForm values={values} fields={fields} reply={useActionData<typeof action>()} />;
}
