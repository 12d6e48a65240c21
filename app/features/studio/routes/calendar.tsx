import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { StudioRowReply, type StudioRowAnswer } from "~/features/studio/components/StudioConfirm";
import { StudioRowButton } from "~/features/studio/components/StudioRowButton";
import { isPastEvent } from "~/features/site";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { STUDIO_GONE, studioRowActionSchema, studioRowStoreError } from "~/features/studio/studio-row-action";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { findCalendarEntry, removeCalendarEntry } from "~/features/studio/studio-calendar.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFoundPage } from "~/kernel/http/answers.server";
import { storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Event calendar | Studio");

const PATH = "/studio/calendar";

/** The event calendar in the studio: every entry (as /event lists them), each with Edit and Remove. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  const now = Math.floor(Date.now() / 1000);
  const events = await context.store.content.listEvents();
  return data(
    { events: events.map((e) => ({ id: e.id, month: e.month, date: e.date, name: e.name, past: isPastEvent(e, now) })) },
    { headers: privateHeaders() },
  );
}

type ActionData = StudioRowAnswer;

async function act({ request, context }: ActionFunctionArgs) {
  const editor = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: studioRowActionSchema });
  if (submission.status !== "success" || submission.value.intent !== "remove")
    return data<ActionData>({ formError: "Please choose an entry to remove." }, { status: 400, headers: privateHeaders() });
  const { id, confirmed } = submission.value;
  const entry = await findCalendarEntry(context, id);
  if (!entry) return notFoundPage<ActionData>({ formError: STUDIO_GONE }, privateHeaders());
  if (!confirmed)
    return data<ActionData>(confirmStep(`Remove "${entry.name}" from the event calendar?`, { intent: "remove", id }), { headers: privateHeaders() });
  await removeCalendarEntry(context, editor, id);
  return redirectWithToast(context, PATH, { kind: "success", message: `"${entry.name}" was removed from the event calendar.` });
}

/** A store outage answers with one message above the list (503, ADR 59). */
export const action = storeSafeAction(act, studioRowStoreError);

export default function StudioCalendar() {
  const { events } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <StudioPage title="Event calendar">
      <StudioRowReply answer={answer} path={PATH} />
      <p className="studio-actions">
        <Link to={`${PATH}/new`} className="button">
          Add an event
        </Link>
        <a href="/event">View on site</a>
      </p>
      {events.length ? (
        <ul className="studio-list">
          {events.map((event) => (
            <li key={event.id} className="studio-item">
              <p className="studio-item-main">
                <span className="studio-item-when">
                  {event.month} {event.date}
                </span>{" "}
                <strong>{event.name}</strong>
                {event.past ? <span className="studio-tag"> Past</span> : null}
              </p>
              <div className="studio-item-buttons">
                <Link to={`${PATH}/${event.id}`} aria-label={`Edit ${event.name}`}>
                  Edit
                </Link>
                <StudioRowButton path={PATH} intent="remove" id={event.id} label={`Remove ${event.name}`} text="Remove" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">There are no events in the calendar yet.</p>
      )}
    </StudioPage>
  );
}
