import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import { PartyBand } from "~/features/tickets/components/PartyBand";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { pageMeta } from "~/kernel/layout/page-meta";
import { telHref } from "~/kernel/layout/tel-href";
import { bookingFormSchema } from "~/features/tickets/booking-form";
import type { Member } from "~/kernel/store/records";
import {
  ANOTHER_TICKET_FIELD,
  ANOTHER_TICKET_LABEL,
  BOOKING_INVALID_MESSAGE,
  BOOKING_NOT_AVAILABLE,
  NO_EVENT_TO_BOOK,
  bookNowText,
  partyFormState,
} from "~/features/tickets/ticket-booking";
import { partyInputFrom, ticketPrice, type BandCounts } from "~/features/tickets/ticket-rules";
import { requireUser } from "~/kernel/auth/auth.server";
import { privateHeaders, passRetryAfter } from "~/kernel/http/response-headers";
import { bookTicket, bookingOptions, bookingRefusal, loadBooking, type BookingAnswer, type BookingForm } from "~/features/tickets/ticket-booking.server";
import { resolveBookingEvent } from "~/features/tickets/events.server";
import { noEvent } from "~/features/tickets/event-schedule";
import { eventDetails } from "~/features/tickets/event-details";
import { defaultSiteSettings } from "~/kernel/store/site-settings-defaults";
import { notFound } from "~/kernel/http/answers.server";
import { storeSafeAction } from "~/kernel/forms/store-errors.server";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";

/** A 503 from an action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

/** Private; a refused payment start (429) tells the browser when to try again. */
export const headers: HeadersFunction = passRetryAfter(privateHeaders());

/** A chosen event's page: its title, when and where, and the link that books it. */
export interface EventChoice {
  id: string;
  title: string;
  when: string | null;
  venue: string | null;
}

/** The event the page is for (events.server resolveBookingEvent); an unknown or unpublished one is a 404. */
async function bookingEvent(context: AppLoadContext, eventId: string | undefined) {
  const found = await resolveBookingEvent(context, eventId);
  if (found.kind === "missing") throw notFound(privateHeaders());
  if (found.kind === "none") return { kind: "event" as const, event: noEvent(defaultSiteSettings().tickets) };
  return found;
}

/** Members only; with several events open, which one; else the party, pre-filled from the signed-in member's own record. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  const found = await bookingEvent(context, params.eventId);
  if (found.kind === "choose") {
    const choices: EventChoice[] = found.events.map((e) => ({ id: e.id, title: e.title, ...eventDetails(e) }));
    return data(
      { kind: "choose" as const, choices, meta: pageMeta("Book tickets: which event?", "Choose the event to book tickets for.") },
      { headers: privateHeaders() },
    );
  }
  const booking = await loadBooking(context, member, found.event);
  return data(
    { kind: "book" as const, ...booking, meta: pageMeta(booking.title ? `Book tickets: ${booking.title}` : "Book tickets", "Book your household's tickets.") },
    { headers: privateHeaders() },
  );
}

/** A post parsed against the event booked (read fresh from D1) and this member's bands, with the party as the form shows it again. */
async function parseBooking(context: AppLoadContext, member: Member, form: FormData, eventId: string | undefined) {
  const found = await bookingEvent(context, eventId);
  // Several events open and none named: only a hand-made post gets here (the form names its event).
  if (found.kind === "choose") throw notFound(privateHeaders());
  const { event } = found;
  const options = bookingOptions(event, member);
  const submission = parseWithZod(form, { schema: bookingFormSchema(options), disableAutoCoercion: true });
  const party = partyFormState(
    partyInputFrom((field) => form.get(field)),
    options,
  );
  return { event, submission, party };
}

/**
 * Guard, parse, then: `intent=update` (the no-JavaScript "Update party") only shows the form
 * again with the new counts and the names typed so far; closed or registration unpaid, 403;
 * the party invalid, 400 with its messages; then the booking, and on to the free ticket's
 * success page or the checkout (303), or the form again with why not.
 */
async function book(context: AppLoadContext, request: Request, member: Member, form: FormData, eventId: string | undefined) {
  const { event, submission, party } = await parseBooking(context, member, form, eventId);
  /** An answer about the whole form (none of the fields' messages). */
  const answer = (status: number, formError: string | null, headers?: Record<string, string>) =>
    data<BookingAnswer>(
      { initialValue: submission.reply().initialValue, ...(formError ? { status: "error" as const, error: { "": [formError] } } : {}), party },
      { status, headers: { ...privateHeaders(), ...headers } },
    );

  if (form.get("intent") === "update") return answer(200, null);
  const refusal = bookingRefusal(event, member);
  if (refusal) return answer(403, refusal);
  if (submission.status !== "success") {
    return data<BookingAnswer>({ ...submission.reply({ formErrors: [BOOKING_INVALID_MESSAGE] }), party }, { status: 400, headers: privateHeaders() });
  }
  const result = await bookTicket(context, request, member, event, submission.value);
  if (result.kind === "redirect") return redirect(result.to, 303);
  return answer(result.status, result.message, result.headers);
}

async function act({ request, context, params }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  return book(context, request, member, await request.formData(), params.eventId);
}

/**
 * A store outage (ADR 59): nothing was booked, and the form comes again with the party as
 * typed (as "Update party" shows it) and one message. The member is the one the guard read
 * (auth.server keeps it for the request).
 */
async function bookingAgain(form: FormData, message: string, { request, context, params }: ActionFunctionArgs): Promise<BookingAnswer> {
  const member = await requireUser(request, context);
  form.set("intent", "update");
  const { submission, party } = await parseBooking(context, member, form, params.eventId);
  return { initialValue: submission.reply().initialValue, party, status: "error", error: { "": [message] } };
}

export const action = storeSafeAction(act, bookingAgain);

/**
 * The member already holds a paid ticket for this event (docs/requirements.md §5.4, "A
 * second ticket"): it is listed, and a second one is booked only with the box ticked (the
 * server refuses it otherwise).
 */
function AlreadyBooked({ held }: { held: BookingForm["held"] }) {
  return (
    <section className="booking-held" aria-labelledby="booking-held-title">
      <h3 id="booking-held-title">You already have {held.length === 1 ? "a ticket" : `${held.length} tickets`} for this event</h3>
      <ul className="booking-held-list">
        {held.map((ticket) => (
          <li key={ticket.id}>
            <strong>{ticket.heading}</strong>, ticket code <strong>{ticket.code}</strong>, {ticket.price}: {ticket.people.join(", ")}
          </li>
        ))}
      </ul>
      <p>Your tickets are on My Account. Book again only for people who are not on them.</p>
      <div className="field field-check">
        <input type="checkbox" id="booking-another" name={ANOTHER_TICKET_FIELD} value="yes" />
        <label htmlFor="booking-another">{ANOTHER_TICKET_LABEL}</label>
      </div>
    </section>
  );
}

/** Several events are open: the member chooses one (each has its own booking page). */
function WhichEvent({ choices }: { choices: EventChoice[] }) {
  return (
    <>
      <PageTitle title="Book tickets" parent={{ label: "My Account", to: "/mem-account" }} />
      <section className="section booking-page">
        <div className="container">
          <h2 id="booking-choose-title">Which event?</h2>
          <ul className="booking-choices" aria-labelledby="booking-choose-title">
            {choices.map((choice) => (
              <li key={choice.id}>
                <h3>{choice.title}</h3>
                {choice.when ? <p>{choice.when}</p> : null}
                {choice.venue ? <p>{choice.venue}</p> : null}
                <Link className="button" to={`/book-ticket/${choice.id}`} aria-label={`Book tickets for ${choice.title}`}>
                  Book tickets
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export default function BookTicketPage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === "choose" ? <WhichEvent choices={loaded.choices} /> : <BookTicket loaded={loaded} />;
}

function BookTicket({ loaded }: { loaded: BookingForm }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { errors, formError, form } = useFormReply(answer);
  const party = answer?.party ?? loaded.party;

  // With JavaScript the name fields follow the counts at once; without, "Update party" asks the server.
  const [counts, setCounts] = useState<BandCounts>(party.counts);
  useEffect(() => setCounts(party.counts), [party]);

  const total = ticketPrice({ counts }, loaded.tickets, loaded.membership).total;
  // The form posts to the page's own address: /book-ticket/{id}, or /book-ticket, which the
  // action resolves to the same open event as the loader did (a post made while several are
  // open cannot say which, and is refused).
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/book-ticket") === true;
  const single = loaded.membership !== "Family";
  // A full event is shown like a closed one: no booking button to press.
  const bookable = loaded.open && !loaded.places.full;

  return (
    <>
      <PageTitle title={loaded.title || "Book tickets"} parent={{ label: "My Account", to: "/mem-account" }} />
      <section className="section booking-page">
        <div className="container">
          <Form method="post" noValidate className="booking-form" aria-labelledby="booking-title" {...form}>
            <h2 id="booking-title">{loaded.title ? <>Book tickets for {loaded.title}</> : "Book tickets"}</h2>
            {loaded.details.when || loaded.details.venue ? (
              // Inline, not a shared component: a chunk shared with My Account would grow every page's route manifest.
              <dl className="event-details booking-event">
                {loaded.details.when ? (
                  <div>
                    <dt>When</dt>
                    <dd>{loaded.details.when}</dd>
                  </div>
                ) : null}
                {loaded.details.venue ? (
                  <div>
                    <dt>Where</dt>
                    <dd>{loaded.details.venue}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            {hydrated || !bookable ? null : (
              // Enter in a name field books (the first submit button is the form's default), not "Update party".
              <button type="submit" className="booking-default-submit" tabIndex={-1} aria-hidden="true">
                Book
              </button>
            )}
            <p className="booking-notice" role="note">
              Guests living in the city for more than 6 months are not allowed. Please contact the association
              {loaded.phone ? (
                <>
                  {" "}
                  on <a href={telHref(loaded.phone)}>{loaded.phone}</a>
                </>
              ) : null}
              .
            </p>
            {loaded.open ? null : (
              <p className="booking-closed">{loaded.title ? <>Booking closed after {formatIsoDay(loaded.lastBookingDate)}.</> : NO_EVENT_TO_BOOK}</p>
            )}
            {loaded.open && loaded.places.notice ? <p className={loaded.places.full ? "booking-closed" : "booking-places"}>{loaded.places.notice}</p> : null}
            <FormMessage message={formError} />
            {loaded.held.length > 0 ? <AlreadyBooked held={loaded.held} /> : null}

            {loaded.bands.map((band) => (
              <PartyBand
                key={band}
                idPrefix="booking"
                band={band}
                limits={loaded.limits[band]}
                fixed={band === "adult" && single}
                count={hydrated ? counts[band] : party.counts[band]}
                controlled={hydrated}
                onCount={(count) => setCounts((current) => ({ ...current, [band]: count }))}
                names={party.names[band]}
                errors={errors}
              />
            ))}

            <div className="booking-actions">
              {hydrated || !bookable ? null : (
                <button type="submit" name="intent" value="update" className="button button-secondary">
                  Update party
                </button>
              )}
              <SubmitButton className="button booking-submit" pending={bookable && submitting} disabled={!bookable}>
                {bookable ? bookNowText(total) : BOOKING_NOT_AVAILABLE}
              </SubmitButton>
            </div>
            {hydrated || !bookable ? null : <p className="field-hint">Changed a number? Press Update party to show the name fields; the price updates too.</p>}
          </Form>
        </div>
      </section>
    </>
  );
}
