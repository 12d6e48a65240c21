import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { contentLink } from "~/domain/content-link";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () =>
  pageMeta("Event Calendar", "The association's events through the year: festivals, celebrations, sports days and talks.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  // In created order, oldest first, as the store returns them (spec §9).
  const events = await context.content.listEvents();
  return {
    events: events.map(({ id, month, date, name, url }) => ({ id, month, date, name, link: contentLink(url, origin) })),
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
              <li key={event.id} className="event-item">
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
