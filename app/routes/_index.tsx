import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ASSOCIATION } from "~/domain/association";
import { safeHref } from "~/domain/safe-href";

export const meta: MetaFunction = () => [
  { title: `Home | ${ASSOCIATION.name}` },
  { name: "description", content: `${ASSOCIATION.name}: our community, school, events and membership.` },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const settings = await context.content.getSiteSettings();
  return {
    event: {
      title: settings.upcomingEvent.title,
      buttonText: settings.upcomingEvent.buttonText,
      link: safeHref(settings.upcomingEvent.bookingLink),
    },
    contactNumber: settings.primaryContactNumber,
    contactEmail: settings.primaryContactEmail,
  };
}

export default function Home() {
  const { event, contactNumber, contactEmail } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="home-hero">
        <div className="container">
          <p className="eyebrow">Welcome to</p>
          <h1>{ASSOCIATION.name}</h1>
          <p>A home for our community in Greater Manchester: culture, school, events and friendship.</p>
          <Link className="button" to="/signup">
            Become a member
          </Link>
        </div>
      </section>
      <section className="container section" aria-labelledby="upcoming-event">
        <p className="eyebrow">Upcoming event</p>
        <h2 id="upcoming-event">{event.title}</h2>
        {event.link ? (
          <a className="button" href={event.link}>
            {event.buttonText}
          </a>
        ) : null}
      </section>
      <section className="container section contact-callout" aria-labelledby="contact-callout">
        <h2 id="contact-callout">Get in touch</h2>
        <p>
          Call <a href={`tel:${contactNumber.replace(/\s+/g, "")}`}>{contactNumber}</a> or e-mail{" "}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </section>
    </>
  );
}
