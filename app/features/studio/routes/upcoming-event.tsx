import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { EventForm } from "~/features/studio/components/EventForm";
import { errorsNameMoney, maySetEventMoney } from "~/features/studio/event-field-access";
import { EVENT_MESSAGES } from "~/features/studio/event-form-fields";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { EVENT_IMAGE_FIELD, eventFormDataAs, eventFormSchema, loadEventForm, saveEventForm } from "~/features/studio/studio-event.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Upcoming event | Studio");
export const links: LinksFunction = () => richTextFieldLinks();

/** A 503 from the action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/** The upcoming event and its tickets, for editors and accountants; the prices for accountants only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  return data(await loadEventForm(context, user.role), { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  // Anyone but an accountant: the prices stay as stored, whatever was sent (docs/decisions/0038-editor-role.md).
  const formData = await eventFormDataAs(context, editor.role, await request.formData());
  const submission = parseWithZod(formData, { schema: eventFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const hidden = !maySetEventMoney(editor.role) && errorsNameMoney(submission.error ?? undefined);
    return data(submission.reply({ formErrors: [hidden ? EVENT_MESSAGES.pricesByAccountant : EVENT_MESSAGES.invalid] }), { status: 400 });
  }
  const saved = await saveEventForm(context, submission.value, formData);
  if (!saved.ok) return data(submission.reply({ fieldErrors: { [EVENT_IMAGE_FIELD]: [saved.message] } }), { status: saved.status });
  for (const change of saved.changes) await recordActivity(context, editor, { kind: "setting-changed", ...change });
  return redirectWithToast(context, "/studio/event", { kind: "success", message: EVENT_MESSAGES.saved });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioEvent() {
  const { values, image, prices } = useLoaderData<typeof loader>();
  return <EventForm values={values} image={image} prices={prices} reply={useActionData<typeof action>()} />;
}
