import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Scanner } from "~/features/door/components/Scanner";
import { Field, SubmitButton, replyErrors } from "~/kernel/forms";
import { admissionMessage, doorHref, type DoorCard, type EventChoice } from "~/features/door/door";
import { doorSaveSchema } from "~/features/door/door-form";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { ADMITTED_HEADER, admitAtDoor, loadDoor } from "~/features/door/door.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

/** A 503 from an action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

export const meta: MetaFunction = () => privatePageMeta("Scan tickets | Dashboard");

/** The door (accountants only): the event → camera or typed code → ticket card → SAVE admits (docs/requirements.md §5.8). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return data(await loadDoor(context, request.url), { headers: privateHeaders() });
}

async function save({ request, context }: ActionFunctionArgs) {
  const steward = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: doorSaveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  const result = await admitAtDoor(context, submission.value);
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 400, headers: privateHeaders() });
  // Only a SAVE that let someone in changed anything (another phone may have been first).
  if (result.admitted > 0) await recordActivity(context, steward, { kind: "door-admitted", ticket: result.ticket, admitted: result.admitted });
  // Back to the card, with the event the steward chose still chosen.
  return redirectWithToast(context, doorHref({ event: result.event, code: submission.value.code }), admissionMessage(result.selected, result.admitted), {
    headers: { [ADMITTED_HEADER]: String(result.admitted), ...privateHeaders() },
  });
}

/** SAVE while our records cannot be reached: the card stays, with one message (503). */
export const action = storeSafeAction(save, storeErrorReply);

export default function ScanQrCode() {
  const { code, events, event, lookup } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const getting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "GET";
  // A GET for another event is the chooser's; any other GET is a lookup.
  const choosing = getting && new URLSearchParams(navigation.location.search).get("event") !== event;
  const looking = getting && !choosing;
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  // The SAVE's refusal: the form's message, or the code's (once: a card of another event already says it).
  const refusal = Object.values(replyErrors(reply))[0] ?? null;
  const error = lookup.kind === "card" && lookup.card.wrongEvent === refusal ? null : refusal;

  return (
    <AdminPage title="Scan tickets">
      <div className="door">
        <EventChooser events={events} event={event} code={code} choosing={choosing} />
        <Scanner event={event} />
        <p className="door-home">
          <Link to="/">Go To Home</Link>
        </p>

        <Form method="get" className="door-lookup" key={code}>
          <input type="hidden" name="event" value={event} />
          <label htmlFor="door-code">Ticket code</label>
          <div className="door-lookup-row">
            <input
              id="door-code"
              name="code"
              defaultValue={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX"
              aria-describedby="door-code-hint"
            />
            <SubmitButton className="button door-button" pending={looking}>
              Find ticket
            </SubmitButton>
          </div>
          <p id="door-code-hint" className="door-note">
            The code under the member&apos;s QR code, or the scanned text.
          </p>
        </Form>

        {lookup.kind === "error" ? (
          <p className="door-message door-message-error" role="alert">
            {lookup.message}
          </p>
        ) : null}
        {error ? (
          <p className="door-message door-message-error" role="alert">
            {error}
          </p>
        ) : null}

        {lookup.kind === "card" ? (
          <TicketCard card={lookup.card} code={code} event={event} saving={saving} />
        ) : (
          <Form method="post" className="door-save">
            <button type="submit" className="button door-button door-save-button" disabled>
              SAVE
            </button>
            <p className="door-note">Scan a ticket or enter its code first.</p>
          </Form>
        )}
      </div>
    </AdminPage>
  );
}

/**
 * Which event the door checks tickets against (docs/requirements.md §5.8): a plain GET form, so
 * it works without JavaScript; the scanner, the lookup and SAVE carry the choice on. A ticket
 * shown is checked again against the new choice.
 */
function EventChooser({ events, event, code, choosing }: { events: EventChoice[]; event: string; code: string; choosing: boolean }) {
  if (events.length === 0) {
    return (
      <p className="door-message door-message-error" role="alert">
        There is no published event, so no ticket can be admitted. An event must be published in the studio first.
      </p>
    );
  }
  // A long name is cut in the select at 360 px: the hint names the chosen event in full.
  const chosen = events.find((e) => e.id === event)?.label ?? "";
  return (
    <Form method="get" className="door-event" key={event}>
      {code ? <input type="hidden" name="code" value={code} /> : null}
      <Field id="door-event" name="event" label="Event" as="select" defaultValue={event} hint={`Tickets are checked against ${chosen}.`}>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.label}
          </option>
        ))}
      </Field>
      <SubmitButton className="button button-secondary door-button" pending={choosing}>
        Choose event
      </SubmitButton>
    </Form>
  );
}

function TicketCard({ card, code, event, saving }: { card: DoorCard; code: string; event: string; saving: boolean }) {
  const used = card.status === "USED TICKET";
  return (
    <section className="door-card" aria-labelledby="door-card-title">
      <h2 id="door-card-title" className="door-card-title">
        {card.title}
      </h2>
      <p className={`door-status ${used ? "door-status-used" : "door-status-first"}`}>{card.status}</p>
      {card.wrongEvent ? (
        <p className="door-message door-message-error" role="alert">
          {card.wrongEvent}
        </p>
      ) : null}
      <dl className="door-facts">
        <div>
          <dt>Ticket code</dt>
          <dd>{card.code}</dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{card.year}</dd>
        </div>
        <div>
          <dt>Membership type</dt>
          <dd>{card.membershipType}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{card.price}</dd>
        </div>
        <div>
          <dt>Membership this year</dt>
          <dd className={card.membershipStatus === "Paid" ? "door-paid" : "door-lapsed"}>{card.membershipStatus}</dd>
        </div>
      </dl>
      {/* Posted to the page's own address, so a refused SAVE (without JavaScript too) shows the same event and card. */}
      <Form method="post" action={doorHref({ event, code })} className="door-people-form" key={card.people.map((p) => `${p.key}${p.admitted}`).join()}>
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="event" value={event} />
        <fieldset className="door-people">
          <legend>People on this ticket</legend>
          {card.people.map((person) => (
            <label key={person.key} className={`door-person${person.admitted ? " door-person-admitted" : ""}`}>
              <input type="checkbox" name="person" value={person.key} defaultChecked={person.admitted} disabled={person.admitted} />
              <span className="door-person-type">{person.type}</span>
              <span className="door-person-name">{person.name}</span>
              {person.admittedAt ? <span className="door-person-time">{`Admitted ${person.admittedAt}`}</span> : null}
            </label>
          ))}
        </fieldset>
        <SubmitButton className="button door-button door-save-button" pending={saving} disabled={card.waiting === 0 || card.wrongEvent !== null}>
          SAVE
        </SubmitButton>
        {card.waiting === 0 ? <p className="door-note">Everyone on this ticket has been admitted.</p> : null}
      </Form>
    </section>
  );
}
