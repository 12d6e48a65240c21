import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { Scanner } from "~/features/door/components/Scanner";
import { Field, SubmitButton, replyErrors } from "~/kernel/forms";
import {
  DOOR_CARD_ANCHOR,
  DOOR_PATH,
  admissionMessage,
  doorHref,
  householdAdmissionMessage,
  householdHint,
  type DoorCard,
  type EventChoice,
} from "~/features/door/door";
import { doorSaveSchema } from "~/features/door/door-form";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireDoorSteward } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { ADMITTED_HEADER, admitAtDoor, admitHousehold, loadDoor } from "~/features/door/door.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

/** A 503 from an action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

export const meta: MetaFunction = () => privatePageMeta("Scan tickets | Dashboard");

/**
 * The door (door stewards and accountants, ADR 65): camera or typed code → ticket card → SAVE
 * admits, or "Admit everyone" admits the household (docs/requirements.md §5.8).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireDoorSteward(request, context);
  // A steward's back-office menu is the door alone: every other back-office page turns them away.
  return data({ ...(await loadDoor(context, request.url)), steward: user.role === "steward" }, { headers: privateHeaders() });
}

async function save({ request, context }: ActionFunctionArgs) {
  const steward = await requireDoorSteward(request, context);
  const submission = parseWithZod(await request.formData(), { schema: doorSaveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: privateHeaders() });
  // Back to the card, with the event the steward chose still chosen, and at the card: the page does not jump to its top (ADR 65).
  const back = (event: string) => doorHref({ event, code: submission.value.code, anchor: DOOR_CARD_ANCHOR });
  if (submission.value.intent === "household") {
    const result = await admitHousehold(context, submission.value);
    if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 400, headers: privateHeaders() });
    for (const { ticket, admitted } of result.tickets) {
      if (admitted > 0) await recordActivity(context, steward, { kind: "door-admitted", ticket, admitted });
    }
    const admittedTickets = result.tickets.filter((t) => t.admitted > 0).length;
    return redirectWithToast(context, back(result.event), householdAdmissionMessage(result.selected, result.admitted, admittedTickets), {
      headers: { [ADMITTED_HEADER]: String(result.admitted), ...privateHeaders() },
    });
  }
  const result = await admitAtDoor(context, submission.value);
  if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: 400, headers: privateHeaders() });
  // Only a SAVE that let someone in changed anything (another phone may have been first).
  if (result.admitted > 0) await recordActivity(context, steward, { kind: "door-admitted", ticket: result.ticket, admitted: result.admitted });
  return redirectWithToast(context, back(result.event), admissionMessage(result.selected, result.admitted), {
    headers: { [ADMITTED_HEADER]: String(result.admitted), ...privateHeaders() },
  });
}

/** SAVE while our records cannot be reached: the card stays, with one message (503). */
export const action = storeSafeAction(save, storeErrorReply);

export default function ScanQrCode() {
  const { code, events, event, lookup, steward } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const getting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "GET";
  // A GET for another event is the chooser's; any other GET is a lookup.
  const choosing = getting && new URLSearchParams(navigation.location.search).get("event") !== event;
  const looking = getting && !choosing;
  const posting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const everyone = posting && navigation.formData?.get("intent") === "household";
  const saving = posting && !everyone;
  // The SAVE's refusal: the form's message, or the code's (once: a card of another event already says it).
  const refusal = Object.values(replyErrors(reply))[0] ?? null;
  const error = lookup.kind === "card" && lookup.card.wrongEvent === refusal ? null : refusal;
  // Back from a SAVE at the card (#door-card): the pressed button was redrawn, so focus goes to the
  // card rather than to the top of the page (ADR 65); the scroll is the router's, kept as it is.
  const location = useLocation();
  useEffect(() => {
    if (location.hash === `#${DOOR_CARD_ANCHOR}`) document.getElementById(DOOR_CARD_ANCHOR)?.focus({ preventScroll: true });
  }, [location.key, location.hash]);

  return (
    // On a phone the scanner and the code box come first, above any menu (ADR 65); a steward's menu is the door alone.
    <AdminPage title="Scan tickets" menu={steward ? DOOR_ONLY_MENU : undefined} menuAfter parent={steward ? null : undefined}>
      <div className="door">
        <Scanner event={event} />

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
          <TicketCard card={lookup.card} code={code} event={event} saving={saving} everyone={everyone} />
        ) : (
          <Form method="post" className="door-save">
            <button type="submit" className="button door-button door-save-button" disabled>
              SAVE
            </button>
            <p className="door-note">Scan a ticket or enter its code first.</p>
          </Form>
        )}

        <EventChooser events={events} event={event} code={code} choosing={choosing} />
        <p className="door-home">
          <Link to="/">Go To Home</Link>
        </p>
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

/** A steward's back-office menu: the door alone. */
const DOOR_ONLY_MENU = [{ label: "Scan tickets", to: DOOR_PATH }] as const;

function TicketCard({ card, code, event, saving, everyone }: { card: DoorCard; code: string; event: string; saving: boolean; everyone: boolean }) {
  const used = card.status === "USED TICKET";
  return (
    <section className="door-card" id={DOOR_CARD_ANCHOR} tabIndex={-1} aria-labelledby="door-card-title">
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
      {card.household && card.household.waiting > 0 ? (
        // A plain form (works without JavaScript): everyone still to come on the household's tickets for this event, in one press (ADR 65).
        <Form method="post" action={doorHref({ event, code })} className="door-household-form">
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="event" value={event} />
          <input type="hidden" name="intent" value="household" />
          <SubmitButton className="button button-secondary door-button door-everyone-button" pending={everyone} aria-describedby="door-household-hint">
            {`Admit everyone (${card.household.waiting})`}
          </SubmitButton>
          <p id="door-household-hint" className="door-note">
            {householdHint(card.household)}
          </p>
        </Form>
      ) : null}
    </section>
  );
}
