import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { isPastEvent, PAST_EVENT_LABEL, PAST_EVENT_TEXT } from "~/features/site/calendar-event";
import { contentLink } from "~/features/site/content-link";
import { pageMeta } from "~/kernel/layout/page-meta";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

/** The mark's words come with the data, so the page's JavaScript carries only the element. */
const PAST = { text: PAST_EVENT_TEXT, label: PAST_EVENT_LABEL };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  // In created order, oldest first, as the store returns them (docs/requirements.md §1.6).
  const events = await context.content.listEvents();
  const now = Math.floor(Date.now() / 1000);
  return {
    // Past: the entry's day is before today in UK time (features/site/calendar-event.ts).
    events: events.map((event) => ({
      id: event.id,
      month: event.month,
      date: event.date,
      name: event.name,
      link: contentLink(event.url, origin),
      past: isPastEvent(event, now) ? PAST : null,
    })),
    meta: pageMeta("Event Calendar", "The association's events through the year: festivals, celebrations, sports days and talks."),
  };
}

export default function EventCalendar() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Event Calendar" />
      <section className="container section">
        {events.length ? (
          <ol className="event-list">
            {events.map((event) => (
              <li key={event.id} className={event.past ? "event-item event-past" : "event-item"}>
                <p className="event-date">
                  <span className="event-month">{event.month}</span> <span className="event-day">{event.date}</span>
                </p>
                <h2 className="event-name">
                  {event.link ? (
                    // Link navigates in the app for our own paths and is a plain link for the rest.
                    <Link to={event.link.href} {...(event.link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                      {event.name}
                      {event.link.external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
                    </Link>
                  ) : (
                    event.name
                  )}
                </h2>
                {event.past ? (
                  // Seen: "Past"; heard: the whole sentence (aria-label is not read on a paragraph everywhere).
                  <p className="event-past-label">
                    <span aria-hidden="true">{event.past.text}</span>
                    <span className="visually-hidden">{event.past.label}</span>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="empty-state">There are no events in the calendar yet. Please check back soon.</p>
        )}
      </section>
    </>
  );
}
