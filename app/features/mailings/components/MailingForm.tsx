import { Form } from "@remix-run/react";
import { IntentButton } from "~/features/studio/components";
import { Field, FormMessage, fieldBinder, useFormReply, type FormReply } from "~/kernel/forms";
import { PhotoInput } from "~/kernel/forms/PhotoInput";
import { RichTextField } from "~/kernel/forms/RichTextField";
import type { MediaRef } from "~/kernel/store/records";
import { AUDIENCE_CHOICES, KIND_CHOICES, MAILING_LIMITS } from "../studio/mailing-fields";
import { ChoiceGroup } from "./ChoiceGroup";

type FieldName = "subject" | "preview" | "buttonLabel" | "buttonUrl" | "years" | "eventId" | "scheduleDay" | "scheduleTime";

/**
 * A mailing's fields (docs/requirements.md §13), for /studio/mailings/new and /studio/mailings/:id:
 * what it says, what kind it is and who it goes to. A saved draft also has its sending part:
 * "Send me a test", "Send now" (asked first) and "Schedule". Every button saves what is typed
 * first, and a refused post shows what was typed, with the messages, so nothing is lost.
 * The audience shows only how many members it reaches, never who.
 */
export function MailingForm({
  saved,
  photo,
  reply,
  isNew,
  events,
  reach,
  minDay,
}: {
  saved: Record<string, string>;
  photo: MediaRef | null;
  reply: FormReply | undefined;
  isNew: boolean;
  events: ReadonlyArray<{ id: string; label: string }>;
  /** How many members the saved draft reaches now, in words; null for a new mailing. */
  reach: string | null;
  /** Today in UK time: the schedule's day cannot be before it. */
  minDay: string;
}) {
  const { errors, formError, form } = useFormReply(reply);
  const values = (reply?.initialValue ?? saved) as Record<string, string | undefined>;
  const value = (name: string) => values[name] ?? "";
  const field = fieldBinder<FieldName>("mailing", errors, value);

  const fields = (
    <>
      <fieldset>
        <legend>What it says</legend>
        <Field {...field("subject")} label="Subject" maxLength={MAILING_LIMITS.subject} required />
        <Field
          {...field("preview")}
          label="Preview line (optional)"
          maxLength={MAILING_LIMITS.preview}
          hint="A short line most mail apps show after the subject, before the e-mail is opened."
        />
        <PhotoInput
          id="mailing-photo"
          name="photo"
          label="Photo (optional)"
          hint={photo ? "Choose a new photo to replace it." : "Shown above the text. JPEG, PNG, WebP or GIF, up to 25 MB."}
          current={photo}
          error={errors.photo}
        />
        <RichTextField
          id="mailing-body"
          name="body"
          label="Text"
          error={errors.body}
          defaultValue={value("body")}
          rows={14}
          hint="Each copy starts with “Dear” and the member's first name. Links and bold text are kept; anything else is taken out."
        />
        <Field
          {...field("buttonLabel")}
          label="Button words (optional)"
          maxLength={MAILING_LIMITS.buttonLabel}
          hint="One button under the text, like “Book your tickets”. Give it both its words and its address, or leave both empty."
        />
        <Field {...field("buttonUrl")} label="Button address (optional)" maxLength={MAILING_LIMITS.buttonUrl} hint="Like www.example.org/tickets." />
        <Field
          id="mailing-publishNews"
          name="publishNews"
          type="checkbox"
          label="Also publish it on the News page"
          hint="When it is sent, the same words and photo appear on the site's News page."
          defaultChecked={value("publishNews") === "on"}
          error={errors.publishNews}
        />
      </fieldset>
      <fieldset>
        <legend>Who gets it</legend>
        <ChoiceGroup
          id="mailing-kind"
          name="kind"
          label="Kind of mailing"
          error={errors.kind}
          value={value("kind") || "notice"}
          choices={KIND_CHOICES.map((choice) => ({ value: choice.kind, label: choice.label, explains: choice.explains }))}
        />
        <ChoiceGroup
          id="mailing-audience"
          name="audience"
          label="Audience"
          hint="Members whose address bounced or who asked not to get this kind are left out. You see only how many it reaches."
          error={errors.audience}
          value={value("audience") || "active"}
          choices={AUDIENCE_CHOICES.map((choice) => ({
            value: choice.kind,
            label: choice.label,
            after:
              choice.kind === "children-born" ? (
                <Field {...field("years")} label="Years the children were born" hint="Like 2015, 2016." inputMode="numeric" />
              ) : choice.kind === "event-tickets" ? (
                <Field {...field("eventId")} as="select" label="Event">
                  <option value="">Choose the event</option>
                  {events.map((event) => (
                    <option key={event.id} value={event.id}>
                      {event.label}
                    </option>
                  ))}
                </Field>
              ) : null,
          }))}
        />
        {reach ? (
          <p className="mailing-reach" role="status">
            {reach}
          </p>
        ) : null}
      </fieldset>
      <div className="studio-form-buttons">
        <IntentButton intent="save">Save draft</IntentButton>
      </div>
      {isNew ? (
        <p className="field-hint">Once the draft is saved you can preview it, send yourself a test, and send or schedule it.</p>
      ) : (
        <fieldset className="mailing-sending">
          <legend>Sending</legend>
          <p className="field-hint">Each button below saves what you typed first.</p>
          <div className="studio-form-buttons">
            <IntentButton intent="test" secondary>
              Send me a test
            </IntentButton>
            <IntentButton intent="send">Send now…</IntentButton>
          </div>
          <div className="mailing-schedule">
            <Field {...field("scheduleDay")} type="date" label="Day" min={minDay} />
            <Field {...field("scheduleTime")} type="time" label="Time (UK time)" step={60} />
            <IntentButton intent="schedule" secondary>
              Schedule
            </IntentButton>
          </div>
        </fieldset>
      )}
    </>
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="studio-form mailing-form" aria-label="Mailing" {...form}>
      <FormMessage message={formError ?? errors.intent} summaryOf={fields} />
      {fields}
    </Form>
  );
}
