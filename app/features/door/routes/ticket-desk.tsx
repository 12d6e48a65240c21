import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { PartyBand } from "~/features/tickets/components";
import { Field, FormMessage, SubmitButton, useFormReply } from "~/kernel/forms";
import { bookingFormSchema } from "~/features/tickets";
import { formatPence } from "~/kernel/values/money";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { ANOTHER_TICKET_FIELD, ANOTHER_TICKET_LABEL, BOOKING_INVALID_MESSAGE, partyFormState } from "~/features/tickets";
import { DESK_CHOOSE_PAYMENT, DESK_NO_MEMBER, DESK_TITLE, LINK_BUTTON_TEXT, cashButtonText, readDeskPayment } from "~/features/door/ticket-desk";
import { partyInputFrom, ticketPrice, type BandCounts } from "~/features/tickets";
import { NO_UNDO_NOTE } from "~/features/payments";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { bookAtDesk, deskEvent, deskEventChoices, deskMember, searchDeskMembers } from "~/features/door/ticket-desk.server";
import type { EventChoice } from "~/features/door/door";
import { bookingRefusal, loadBooking, bookingOptions, type BookingAnswer } from "~/features/tickets/index.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta(`${DESK_TITLE} | Back office`);

export const headers: HeadersFunction = () => privateHeaders();

/**
 * Tickets at the desk (docs/requirements.md §5.9): find a member, choose the event when several are
 * open (the soonest by default), book for them with their household pre-filled and the member's own
 * rules, then "Paid in cash" or "Send a card payment link".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const member = await deskMember(context, url.searchParams.get("member") ?? "");
  const found = member ? [] : await searchDeskMembers(context, q);
  if (!member) return data({ q, found, booking: null }, { headers: privateHeaders() });
  const event = await deskEvent(context, url.searchParams.get("event"));
  const [booking, events] = await Promise.all([loadBooking(context, member, event), deskEventChoices(context)]);
  return data(
    {
      q,
      found,
      booking: {
        ...booking,
        event: event.id,
        events,
        member: { id: member.id, name: member.fullName, email: member.email },
        refusal: bookingRefusal(event, member),
      },
    },
    { headers: privateHeaders() },
  );
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const form = await request.formData();
  const member = await deskMember(context, String(form.get("member") ?? ""));
  const party0 = { counts: { adult: 1, parent: 0, above13: 0, above5: 0, below5: 0 }, names: { adult: [], parent: [], above13: [], above5: [], below5: [] } };
  if (!member) return data<BookingAnswer>({ status: "error", error: { "": [DESK_NO_MEMBER] }, party: party0 }, { status: 400, headers: privateHeaders() });
  const event = await deskEvent(context, form.get("event"));
  const options = bookingOptions(event, member);
  const submission = parseWithZod(form, { schema: bookingFormSchema(options), disableAutoCoercion: true });
  const party = partyFormState(
    partyInputFrom((field) => form.get(field)),
    options,
  );
  const answer = (status: number, formError: string | null) =>
    data<BookingAnswer>(
      { initialValue: submission.reply().initialValue, ...(formError ? { status: "error" as const, error: { "": [formError] } } : {}), party },
      { status, headers: privateHeaders() },
    );
  if (form.get("intent") === "update") return answer(200, null);
  const refusal = bookingRefusal(event, member);
  if (refusal) return answer(403, refusal);
  if (submission.status !== "success")
    return data<BookingAnswer>({ ...submission.reply({ formErrors: [BOOKING_INVALID_MESSAGE] }), party }, { status: 400, headers: privateHeaders() });
  const payment = readDeskPayment(form.get("pay"));
  if (!payment) return answer(400, DESK_CHOOSE_PAYMENT);
  const result = await bookAtDesk(context, request, accountant, member, event, submission.value, payment);
  if (!result.ok) return answer(result.status, result.message);
  return redirectWithToast(context, deskHref(member.id, event.id), { kind: "success", message: result.message });
}, storeErrorReply);

/** The desk's address for a member's booking of one event (the event left out when there is none). */
const deskHref = (member: string, event: string) => `/accounts/desk?${new URLSearchParams(event ? { member, event } : { member }).toString()}`;

/**
 * Which open event the desk books (docs/requirements.md §5.9), shown when several are open: a
 * plain GET form, so it works without JavaScript; the booking form posts the choice.
 */
function DeskEventChooser({ member, event, events, choosing }: { member: string; event: string; events: EventChoice[]; choosing: boolean }) {
  if (events.length < 2) return null;
  return (
    <Form method="get" className="desk-event" key={event}>
      <input type="hidden" name="member" value={member} />
      <Field
        id="desk-event"
        name="event"
        label="Event"
        as="select"
        defaultValue={event}
        hint="Several events are open for booking: choose which one this ticket is for."
      >
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </Field>
      <SubmitButton className="button button-secondary" pending={choosing}>
        Choose event
      </SubmitButton>
    </Form>
  );
}

function MemberSearch({ q, found }: { q: string; found: Array<{ id: string; name: string; email: string; number: string; membership: string }> }) {
  return (
    <>
      <Form method="get" className="desk-search">
        <Field id="desk-q" name="q" label="Find a member" hint="Name, e-mail, postcode or member number (MMA…)." type="search" defaultValue={q} />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {q ? (
        found.length > 0 ? (
          <ul className="desk-found">
            {found.map((m) => (
              <li key={m.id}>
                <Link to={`/accounts/desk?member=${encodeURIComponent(m.id)}`}>{`Book for ${m.name}`}</Link>
                {` (${[m.number, m.email, m.membership].filter(Boolean).join(", ")})`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="desk-none">No member found. Try part of the name or the e-mail.</p>
        )
      ) : null}
    </>
  );
}

export default function Desk() {
  const { q, found, booking } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formError, form } = useFormReply(answer);
  const party = (answer && "party" in answer ? answer.party : undefined) ?? booking?.party;
  const [counts, setCounts] = useState<BandCounts | undefined>(party?.counts);
  useEffect(() => setCounts(party?.counts), [party]);
  const busy = navigation.state === "submitting";
  const choosing = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "GET" && navigation.location.pathname === "/accounts/desk";

  if (!booking || !party || !counts) {
    return (
      <AdminPage title={DESK_TITLE}>
        <FormMessage message={formError} />
        <MemberSearch q={q} found={found} />
      </AdminPage>
    );
  }
  const total = formatPence(ticketPrice({ counts }, booking.tickets, booking.membership).total);
  const single = booking.membership !== "Family";
  const bookable = !booking.refusal && !booking.places.full;
  return (
    <AdminPage title={DESK_TITLE}>
      <p>
        <Link to="/accounts/desk">Choose another member</Link>
      </p>
      <DeskEventChooser member={booking.member.id} event={booking.event} events={booking.events} choosing={choosing} />
      <Form method="post" action={deskHref(booking.member.id, booking.event)} noValidate className="desk-booking booking-form" {...form}>
        <input type="hidden" name="member" value={booking.member.id} />
        <input type="hidden" name="event" value={booking.event} />
        <h2>{`${booking.title || "Book tickets"} for ${booking.member.name}`}</h2>
        <p>{`${booking.member.email}, ${booking.membership} membership.`}</p>
        {booking.refusal ? <p className="booking-closed">{booking.refusal}</p> : null}
        {booking.places.notice ? <p className={booking.places.full ? "booking-closed" : "booking-places"}>{booking.places.notice}</p> : null}
        <FormMessage message={formError} />
        {booking.held.length > 0 ? (
          <section className="booking-held">
            <h3>{`${booking.member.name} already has ${booking.held.length === 1 ? "a ticket" : `${booking.held.length} tickets`} for this event`}</h3>
            <ul>
              {booking.held.map((t) => (
                <li key={t.id}>{`${t.code}, ${t.price}: ${t.people.join(", ")}`}</li>
              ))}
            </ul>
            <div className="field field-check">
              <input type="checkbox" id="desk-another" name={ANOTHER_TICKET_FIELD} value="yes" />
              <label htmlFor="desk-another">{ANOTHER_TICKET_LABEL}</label>
            </div>
          </section>
        ) : null}
        {booking.bands.map((band) => (
          <PartyBand
            key={band}
            idPrefix="desk"
            band={band}
            limits={booking.limits[band]}
            fixed={band === "adult" && single}
            count={counts[band]}
            controlled
            onCount={(count) => setCounts((current) => current && { ...current, [band]: count })}
            names={party.names[band]}
            errors={errors}
          />
        ))}
        <div className="booking-actions">
          <button type="submit" name="intent" value="update" className="button button-secondary" disabled={busy}>
            Update party
          </button>
        </div>
        <p className="field-hint">Changed a number? Press Update party to show the name fields and the price.</p>
        <div className="booking-actions desk-pay">
          <SubmitButton name="pay" value="cash" pending={busy} disabled={!bookable}>
            {cashButtonText(total)}
          </SubmitButton>
          <SubmitButton name="pay" value="link" className="button button-secondary" pending={busy} disabled={!bookable}>
            {LINK_BUTTON_TEXT}
          </SubmitButton>
        </div>
        <p className="field-hint">{NO_UNDO_NOTE}</p>
      </Form>
    </AdminPage>
  );
}
