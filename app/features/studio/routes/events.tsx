import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StudioPage } from "~/features/studio/components/StudioPage";
import { StudioRowReply, type StudioRowAnswer } from "~/features/studio/components/StudioConfirm";
import { StudioRowButton } from "~/features/studio/components/StudioRowButton";
import { EVENTS_LIST_MESSAGES } from "~/features/studio/event-form-fields";
import { eventRowActionSchema } from "~/features/studio/event-form";
import { duplicateEvent, findEvent, listStudioEvents, setEventCancelled, type EventRow } from "~/features/studio/studio-events.server";
import { confirmStep } from "~/kernel/forms/confirm-step";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireEditor } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFoundPage } from "~/kernel/http/answers.server";
import { storeSafeAction } from "~/kernel/forms/store-errors.server";
import { studioRowStoreError } from "~/features/studio/studio-row-action";
import studioNewsStyles from "~/features/studio/styles/studio-news.css?url";
import studioStatusStyles from "~/features/studio/styles/studio-status.css?url";

export const meta: MetaFunction = () => privatePageMeta("Events | Studio");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studioNewsStyles },
  { rel: "stylesheet", href: studioStatusStyles },
];

const PATH = "/studio/events";

/** The events (docs/requirements.md §7.3, ADR 60): upcoming first (soonest first), then past (latest first), cancelled ones too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireEditor(request, context);
  return data(await listStudioEvents(context), { headers: privateHeaders() });
}

async function act({ request, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: eventRowActionSchema });
  if (submission.status !== "success") return data<StudioRowAnswer>({ formError: EVENTS_LIST_MESSAGES.choose }, { status: 400, headers: privateHeaders() });
  const { intent, id, confirmed } = submission.value;
  const event = await findEvent(context, id);
  if (!event) return notFoundPage<StudioRowAnswer>({ formError: EVENTS_LIST_MESSAGES.gone }, privateHeaders());

  if (intent === "duplicate") {
    const copy = await duplicateEvent(context, user, event);
    return redirectWithToast(context, `${PATH}/${copy.id}`, { kind: "success", message: EVENTS_LIST_MESSAGES.duplicated });
  }
  if (intent === "restore") {
    if (!(await setEventCancelled(context, user, event, false)))
      return notFoundPage<StudioRowAnswer>({ formError: EVENTS_LIST_MESSAGES.gone }, privateHeaders());
    return redirectWithToast(context, PATH, { kind: "success", message: EVENTS_LIST_MESSAGES.restored });
  }
  // Cancel: asked first, in a step of its own above the list (it works without JavaScript).
  if (!confirmed)
    return data<StudioRowAnswer>(
      confirmStep(`Cancel "${event.title}"? It is taken off the site and no more tickets can be booked. Tickets already sold are not refunded by this.`, {
        intent: "cancel",
        id,
      }),
      { headers: privateHeaders() },
    );
  if (!(await setEventCancelled(context, user, event, true))) return notFoundPage<StudioRowAnswer>({ formError: EVENTS_LIST_MESSAGES.gone }, privateHeaders());
  return redirectWithToast(context, PATH, { kind: "success", message: EVENTS_LIST_MESSAGES.cancelled });
}

/** A store outage answers with one message above the list (503, ADR 59). */
export const action = storeSafeAction(act, studioRowStoreError);

function EventItem({ event }: { event: EventRow }) {
  const label = `${event.title}, ${event.when}`;
  return (
    <li className="studio-item studio-event-item">
      <div className="studio-item-main">
        <p className="studio-event-title">
          <strong>{event.title}</strong>{" "}
          <span className={`studio-status studio-status-${event.status === "Draft" || event.status === "Cancelled" ? "draft" : "published"}`}>
            {event.status}
          </span>
        </p>
        <p className="studio-event-when">
          <span className="studio-item-when">{event.when}</span>
          {event.venue ? <span className="studio-event-venue"> · {event.venue}</span> : null}
        </p>
      </div>
      <div className="studio-item-buttons">
        <Link to={`${PATH}/${event.id}`} aria-label={`Edit ${label}`}>
          Edit
        </Link>
        {event.viewOnSite ? (
          <a href={event.viewOnSite} aria-label={`View on site: ${label}`}>
            View on site
          </a>
        ) : null}
        <StudioRowButton path={PATH} intent="duplicate" id={event.id} label={`Same event next year: ${label}`} text="Same event next year" />
        {event.cancelled ? (
          <StudioRowButton path={PATH} intent="restore" id={event.id} label={`Restore ${label}`} text="Restore" />
        ) : (
          <StudioRowButton path={PATH} intent="cancel" id={event.id} label={`Cancel ${label}`} text="Cancel" />
        )}
      </div>
    </li>
  );
}

export default function StudioEvents() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const none = upcoming.length === 0 && past.length === 0;
  return (
    <StudioPage title="Events">
      <StudioRowReply answer={answer} path={PATH} />
      <p className="studio-actions">
        <Link to={`${PATH}/new`} className="button">
          New event
        </Link>
        <Link to="/studio/event">The home page&apos;s booking button</Link>
      </p>
      {none ? (
        <p className="empty-state">
          {EVENTS_LIST_MESSAGES.empty} <Link to={`${PATH}/new`}>Create the first event</Link>.
        </p>
      ) : (
        <>
          <h2 id="upcoming-events">Upcoming</h2>
          {upcoming.length ? (
            <ul className="studio-list" aria-labelledby="upcoming-events">
              {upcoming.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          ) : (
            <p className="empty-state">No upcoming events.</p>
          )}
          {past.length ? (
            <>
              <h2 id="past-events">Past</h2>
              <ul className="studio-list" aria-labelledby="past-events">
                {past.map((event) => (
                  <EventItem key={event.id} event={event} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </StudioPage>
  );
}
