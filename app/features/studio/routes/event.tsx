import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { richTextFieldLinks } from "~/kernel/forms/RichTextField";
import { EventForm } from "~/features/studio/components/EventForm";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { errorsNameTickets, maySetEventTickets } from "~/features/studio/event-field-access";
import { EVENT_MESSAGES } from "~/features/studio/event-form-fields";
import { eventStatus } from "~/features/studio/event-form";
import { ukToday } from "~/features/tickets";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { notFound } from "~/kernel/http/answers.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { EVENT_IMAGE_FIELD, eventFormDataAs, eventFormFor, eventFormSchema, findEvent, updateEvent } from "~/features/studio/studio-events.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { nowSeconds } from "~/kernel/store/ids";
import studioNewsStyles from "~/features/studio/styles/studio-news.css?url";
import studioStatusStyles from "~/features/studio/styles/studio-status.css?url";

export const meta: MetaFunction = () => privatePageMeta("Edit event | Studio");
export const links: LinksFunction = () => [
  ...richTextFieldLinks(),
  { rel: "stylesheet", href: studioNewsStyles },
  { rel: "stylesheet", href: studioStatusStyles },
];

/** A 503 from the action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/** One event (docs/requirements.md §7.3), for editors and accountants; its tickets' fields for accountants only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  const event = await findEvent(context, params.id);
  if (!event) throw notFound();
  const status = eventStatus(event, ukToday(nowSeconds()));
  return data(
    { id: event.id, status, shown: status === "Published" || status === "Booking open", ...eventFormFor(user.role, event) },
    { headers: privateHeaders() },
  );
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const existing = await findEvent(context, params.id);
  if (!existing) throw notFound();
  // Anyone but an accountant: the tickets' fields stay as stored, whatever was sent (docs/decisions/0038-editor-role.md).
  const formData = eventFormDataAs(user.role, await request.formData(), existing);
  const submission = parseWithZod(formData, { schema: eventFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const hidden = !maySetEventTickets(user.role) && errorsNameTickets(submission.error ?? undefined);
    return data(submission.reply({ formErrors: [hidden ? EVENT_MESSAGES.pricesByAccountant : EVENT_MESSAGES.invalid] }), { status: 400 });
  }
  const saved = await updateEvent(context, user, existing, submission.value, formData);
  if (!saved) throw notFound();
  if (!saved.ok) return data(submission.reply({ fieldErrors: { [EVENT_IMAGE_FIELD]: [saved.message] } }), { status: saved.status });
  return redirectWithToast(context, `/studio/events/${existing.id}`, { kind: "success", message: EVENT_MESSAGES.saved });
}

/** A store outage answers the form again, with what was typed and one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function StudioEventEdit() {
  const { id, status, shown, values, image, tickets } = useLoaderData<typeof loader>();
  return (
    <StudioPage title="Edit event" parent={{ label: "Events", to: "/studio/events" }}>
      <p className="studio-event-status">
        <span className={`studio-status studio-status-${shown ? "published" : "draft"}`}>{status}</span>{" "}
        {shown ? <a href={`/book-ticket/${id}`}>View on site</a> : "Visitors do not see it."}
      </p>
      <EventForm key={id} isNew={false} values={values} image={image} tickets={tickets} reply={useActionData<typeof action>()} />
    </StudioPage>
  );
}
