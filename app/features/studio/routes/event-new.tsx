import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { EventForm } from "~/features/studio/components/EventForm";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { errorsNameTickets, maySetEventTickets } from "~/features/studio/event-field-access";
import { EVENT_MESSAGES } from "~/features/studio/event-form-fields";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { EVENT_IMAGE_FIELD, createEvent, eventFormDataAs, eventFormFor, eventFormSchema, newEvent } from "~/features/studio/studio-events.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("New event | Studio");
export const links: LinksFunction = () => richTextFieldLinks();

/** A 503 from the action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/** A new event (docs/requirements.md §7.3), for editors and accountants; its tickets' fields for accountants only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  return data(eventFormFor(user.role, await newEvent(context)), { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  // Anyone but an accountant: the tickets' fields are a new event's defaults, whatever was sent (docs/decisions/0038-editor-role.md).
  const formData = eventFormDataAs(user.role, await request.formData(), await newEvent(context));
  const submission = parseWithZod(formData, { schema: eventFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const hidden = !maySetEventTickets(user.role) && errorsNameTickets(submission.error ?? undefined);
    return data(submission.reply({ formErrors: [hidden ? EVENT_MESSAGES.pricesByAccountant : EVENT_MESSAGES.invalid] }), { status: 400 });
  }
  const saved = await createEvent(context, user, submission.value, formData);
  if (!saved.ok) return data(submission.reply({ fieldErrors: { [EVENT_IMAGE_FIELD]: [saved.message] } }), { status: saved.status });
  return redirectWithToast(context, `/studio/events/${saved.event.id}`, { kind: "success", message: EVENT_MESSAGES.created });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioEventNew() {
  const { values, image, tickets } = useLoaderData<typeof loader>();
  return (
    <StudioPage title="New event" parent={{ label: "Events", to: "/studio/events" }}>
      <EventForm isNew values={values} image={image} tickets={tickets} reply={useActionData<typeof action>()} />
    </StudioPage>
  );
}
