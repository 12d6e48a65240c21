import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { eventCalendarPage } from "~/features/site/event-calendar.server";
import { pageMeta } from "~/kernel/layout/page-meta";

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The events with their booking links, then the calendar entries (docs/requirements.md §1.6), all formatted on the server.
  const page = await eventCalendarPage(context, new URL(request.url).origin);
  return {
    ...page,
    meta: pageMeta("Event Calendar", "The association's events through the year: festivals, celebrations, sports days and talks."),
  };
}

export default function EventCalendar() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Event Calendar" />
      <section className="container section">
        {groups.length ? (
          groups.map((group) => (
            <section key={group.id} className="event-group" aria-labelledby={group.id}>
              <h2 id={group.id}>{group.heading}</h2>
              <ol className="event-list">
                {group.rows.map((event) => (
                  <li key={event.id} className={event.past ? "event-item event-past" : "event-item"}>
                    {event.badge ? (
                      // The full date below is what a screen reader hears; the badge is for the eye.
                      <p className="event-date" aria-hidden={event.facts.length ? true : undefined}>
                        <span className="event-month">{event.badge.month}</span> <span className="event-day">{event.badge.day}</span>{" "}
                        {event.badge.year ? <span className="event-year">{event.badge.year}</span> : null}
                      </p>
                    ) : null}
                    <div className="event-body">
                      <h3 className="event-name">
                        {event.link ? (
                          // Link navigates in the app for our own paths and is a plain link for the rest.
                          <Link to={event.link.href} {...(event.link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                            {event.name}
                            {event.link.external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
                          </Link>
                        ) : (
                          event.name
                        )}
                      </h3>
                      {event.facts.length ? (
                        <dl className="event-facts">
                          {event.facts.map((fact) => (
                            <div key={fact.term}>
                              <dt>{fact.term}</dt>
                              <dd>{fact.dateTime ? <time dateTime={fact.dateTime}>{fact.text}</time> : fact.text}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
                      {event.book ? (
                        <p className="event-book">
                          <a className="button" href={event.book.href} aria-label={event.book.label}>
                            {event.book.text}
                          </a>
                        </p>
                      ) : event.note ? (
                        <p className="event-note">{event.note}</p>
                      ) : null}
                    </div>
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
            </section>
          ))
        ) : (
          <p className="empty-state">There are no events in the calendar yet. Please check back soon.</p>
        )}
      </section>
    </>
  );
}
