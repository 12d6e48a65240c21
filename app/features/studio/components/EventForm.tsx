import { Form, Link } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { RichTextField } from "~/kernel/forms/RichTextField";
import { EVENT_LIMITS as LIMITS, EVENT_MESSAGES, TICKET_PATTERN_OPTIONS, TICKET_PRICE_FIELDS, TICKET_TYPE_OPTIONS } from "~/features/studio/event-form-fields";
import type { MediaRef } from "~/kernel/store/records";
import { SETTINGS_LIMITS } from "~/features/studio/site-settings-fields";
import { useRecordForm } from "./use-record-form";
import { POUNDS_INPUT, WHOLE_NUMBER_INPUT } from "~/kernel/forms/number-field";

/**
 * One event's form (/studio/events/new, /studio/events/:id; docs/requirements.md §7.3): a
 * multipart form that works without JavaScript (the description is a plain textarea then).
 * After a refused save it shows what was typed, with a message at each field to fix. The
 * tickets' fields (type, groups, capacity, booking days, prices and their Stripe price ids)
 * are shown to accountants only (`tickets`).
 */
export function EventForm({
  values: saved,
  image,
  tickets,
  reply,
  isNew,
}: {
  values: Record<string, string>;
  image: MediaRef | null;
  tickets: boolean;
  reply: FormReply | undefined;
  isNew: boolean;
}) {
  const { errors, formError, form, field, values } = useRecordForm(reply, saved, "event");

  const fields = (
    <>
      <fieldset>
        <legend>The event</legend>
        <Field {...field("title")} label="Title" maxLength={LIMITS.title} hint="The event's name, on the site, the tickets and their e-mails." />
        <RichTextField {...field("descriptionHtml")} label="Description" rows={8} maxLength={LIMITS.description} />
        <PhotoInput
          id="event-image"
          name="image"
          label="Image"
          hint="A JPEG, PNG, WebP or GIF photo. Choose a file only to replace the current image."
          error={errors.image}
          current={image}
        />
        <Field {...field("date")} type="date" label="Date" hint="Leave empty if not decided yet." />
        <div className="field-row">
          <Field {...field("startTime")} type="time" label="Start time" hint="Like 18:00." />
          <Field {...field("endTime")} type="time" label="End time" hint="Like 23:00. Optional." />
        </div>
        <Field {...field("venue")} label="Venue" maxLength={LIMITS.venue} hint="Shown on the booking page, the ticket and its e-mail." />
        <Field
          {...field("published")}
          // A checkbox's value is what it sends: "on", as the schema reads it (an empty one would send "" once hydrated).
          defaultValue={undefined}
          value="on"
          defaultChecked={values.published === "on"}
          type="checkbox"
          label="Published"
          hint="Shown on the site. Booking opens on its booking days once it is published."
        />
      </fieldset>

      <fieldset>
        <legend>Tickets</legend>
        {tickets ? (
          <>
            <Field {...field("ticketType")} as="select" label="Ticket type" hint="Only the prices this type charges need to be filled in.">
              {TICKET_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Field>
            <Field {...field("ticketPattern")} as="select" label="Who can be booked" hint="The groups the booking form asks for (Family memberships).">
              {TICKET_PATTERN_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Field>
            <Field
              {...field("capacity")}
              label="Capacity (people)"
              {...WHOLE_NUMBER_INPUT}
              hint="The most people who can book. Leave empty or 0 for no limit. The booking page shows the places left when fewer than 20 remain."
            />
            <div className="field-row">
              <Field {...field("bookingOpensOn")} type="date" label="Booking opens on" hint="Leave empty to open as soon as it is published." />
              <Field
                {...field("lastBookingDate")}
                type="date"
                label="Last booking day"
                hint="Booking closes after this day. Leave empty to keep booking closed."
              />
            </div>
            <p className="field-hint">Prices in pounds, like 12.50 (0.00 is free). The Stripe price ids must charge the same amounts.</p>
            {TICKET_PRICE_FIELDS.map((price) => (
              <div className="studio-fee" key={price.price}>
                <Field {...field(price.price)} label={`${price.label} (£)`} {...POUNDS_INPUT} className="studio-money" />
                <Field {...field(price.priceId)} label="Stripe price id" maxLength={SETTINGS_LIMITS.priceId} autoComplete="off" spellCheck={false} />
              </div>
            ))}
          </>
        ) : (
          <p className="field-hint studio-prices-note">{EVENT_MESSAGES.pricesNote}</p>
        )}
      </fieldset>

      <p className="studio-form-actions">
        <SubmitButton>{isNew ? "Create the event" : "Save the event"}</SubmitButton>
        <Link to="/studio/events">Back to the events</Link>
      </p>
    </>
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="studio-form" aria-label={isNew ? "New event" : "Edit event"} {...form}>
      <FormMessage message={formError} summaryOf={fields} />
      {fields}
    </Form>
  );
}
