import { Form, Link } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { RichTextField } from "~/kernel/forms/RichTextField";
import { EVENT_LIMITS as LIMITS, EVENT_MESSAGES, TICKET_PATTERN_OPTIONS, TICKET_PRICE_FIELDS, TICKET_TYPE_OPTIONS } from "~/features/studio/event-form-fields";
import type { MediaRef } from "~/kernel/store/records";
import { SETTINGS_LIMITS } from "~/features/studio/site-settings-fields";
import { StudioPage } from "./StudioPage";
import { useRecordForm } from "./use-record-form";

/**
 * /studio/event: the upcoming event on the home page and its tickets on the booking page, one
 * multipart form that works without JavaScript (the description is a plain textarea then).
 * After a refused save it shows what was typed, with a message at each field to fix. The
 * prices and their Stripe price ids are shown to accountants only (`prices`).
 */
export function EventForm({
  values: saved,
  image,
  prices,
  reply,
}: {
  values: Record<string, string>;
  image: MediaRef | null;
  prices: boolean;
  reply: FormReply | undefined;
}) {
  const { errors, formError, form, field } = useRecordForm(reply, saved, "event");

  return (
    <StudioPage title="Upcoming event">
      <Form method="post" encType="multipart/form-data" noValidate className="studio-form" aria-label="Upcoming event" {...form}>
        <FormMessage message={formError} />

        <fieldset>
          <legend>The event</legend>
          <Field {...field("title")} label="Title" maxLength={LIMITS.title} />
          <RichTextField {...field("descriptionHtml")} label="Description" rows={8} maxLength={LIMITS.description} />
          <PhotoInput
            id="event-image"
            name="image"
            label="Image"
            hint="A JPEG, PNG, WebP or GIF photo. Choose a file only to replace the current image."
            error={errors.image}
            current={image}
          />
          <div className="field-row">
            <Field {...field("date")} type="date" label="Date" hint="Leave empty if not decided yet." />
            <Field {...field("startTime")} type="time" label="Start time" hint="Like 18:00." />
          </div>
          <Field {...field("venue")} label="Venue" maxLength={LIMITS.venue} hint="Shown on the booking page, the ticket and its e-mail." />
          <Field
            {...field("capacity")}
            label="Capacity (people)"
            inputMode="numeric"
            hint="The most people who can book. Leave empty or 0 for no limit. The booking page shows the places left when fewer than 20 remain."
          />
        </fieldset>

        <fieldset>
          <legend>Booking button on the home page</legend>
          <div className="field-row">
            <Field {...field("buttonText")} label="Button text" maxLength={LIMITS.buttonText} hint="Like Book tickets." />
            <Field {...field("bookingLink")} label="Button link" maxLength={LIMITS.link} hint="A page of this site like /book-ticket, or a full address." />
          </div>
        </fieldset>

        <fieldset>
          <legend>Tickets</legend>
          <Field {...field("ticketTitle")} label="Ticket title" maxLength={LIMITS.ticketTitle} hint="The name of the event on tickets and the booking page." />
          <Field
            {...field("ticketType")}
            as="select"
            label="Ticket type"
            hint={prices ? "Only the prices this type charges need to be filled in." : "What a booking is charged for. An accountant sets the prices."}
          >
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
          <Field {...field("lastBookingDate")} type="date" label="Last booking date" hint="Booking closes after this day." />
          {prices ? (
            <>
              <p className="field-hint">Prices in pounds, like 12.50 (0.00 is free). The Stripe price ids must charge the same amounts.</p>
              {TICKET_PRICE_FIELDS.map((price) => (
                <div className="studio-fee" key={price.price}>
                  <Field {...field(price.price)} label={`${price.label} (£)`} inputMode="decimal" className="studio-money" />
                  <Field {...field(price.priceId)} label="Stripe price id" maxLength={SETTINGS_LIMITS.priceId} autoComplete="off" spellCheck={false} />
                </div>
              ))}
            </>
          ) : (
            <p className="field-hint studio-prices-note">{EVENT_MESSAGES.pricesNote}</p>
          )}
        </fieldset>

        <p className="studio-form-actions">
          <SubmitButton>Save the event</SubmitButton>
          <Link to="/studio">Back to the studio</Link>
        </p>
      </Form>
    </StudioPage>
  );
}
