import { Form, Link } from "@remix-run/react";
import { Field, FormMessage, SubmitButton, type FormReply } from "~/kernel/forms";
import { RichTextField } from "~/kernel/forms/RichTextField";
import { FEE_FIELDS, FREE_SUBSCRIPTION_OPTIONS, PRODUCT_LABELS, SETTINGS_LIMITS as LIMITS, SOCIAL_LINK_SLOTS } from "~/features/studio/site-settings-fields";
import { StudioPage } from "./StudioPage";
import { useRecordForm } from "./use-record-form";
import { POUNDS_INPUT, WHOLE_NUMBER_INPUT } from "~/kernel/forms/number-field";

/**
 * /studio/settings: the site's contact details, social links, registration switch and fees,
 * one plain form that works without JavaScript. After a refused save it shows what was
 * typed, with a message at each field to fix. It draws only `fields`, the ones the signed-in
 * role may set (features/studio/settings-field-access.ts): an editor sees the content settings, and
 * no heading or hint of the members' and money settings.
 */
export function SettingsForm({ values: saved, fields, reply }: { values: Record<string, string>; fields: readonly string[]; reply: FormReply | undefined }) {
  const { formError, form, values, field } = useRecordForm(reply, saved, "settings");
  const may = (name: string) => fields.includes(name);
  const any = (names: readonly string[]) => names.some(may);
  const fees = FEE_FIELDS.filter((fee) => may(fee.name));

  // The fields, drawn once and read by the error summary for its links (docs/requirements.md §1.10).
  const body = (
    <>
      {any(["primaryContactNumber", "primaryContactEmail", "postalAddress"]) && (
        <fieldset>
          <legend>Contact details</legend>
          <p className="field-hint">
            Shown in the site&rsquo;s header, footer and Contact page, and printed on receipts and e-mails. Contact-form messages go to the e-mail address.
            Leave the phone or e-mail empty to hide it.
          </p>
          <div className="field-row">
            <Field {...field("primaryContactNumber")} label="Phone number" type="tel" maxLength={LIMITS.phone} />
            <Field {...field("primaryContactEmail")} label="E-mail address" type="email" maxLength={LIMITS.email} />
          </div>
          {may("postalAddress") && (
            <Field
              {...field("postalAddress")}
              label="Postal address"
              as="textarea"
              rows={5}
              maxLength={LIMITS.address}
              hint="One line per line of the address, as on an envelope."
            />
          )}
        </fieldset>
      )}

      {any(SOCIAL_LINK_SLOTS.map((slot) => `social${slot}Url`)) && (
        <fieldset>
          <legend>Social links</legend>
          <p className="field-hint">Up to four, each with a name (like Facebook) and its full address. Leave a row empty to remove it.</p>
          {SOCIAL_LINK_SLOTS.map((slot) => (
            <div className="field-row" key={slot}>
              <Field {...field(`social${slot}Label`)} label={`Link ${slot}: name`} maxLength={LIMITS.label} />
              <Field {...field(`social${slot}Url`)} label={`Link ${slot}: address`} type="url" inputMode="url" maxLength={LIMITS.url} />
            </div>
          ))}
        </fieldset>
      )}

      {any(["registrationDisabled", "disabledMessageHtml"]) && (
        <fieldset>
          <legend>Registration</legend>
          {may("registrationDisabled") && (
            <Field
              {...field("registrationDisabled")}
              // A checkbox's value is what it sends: "on", as the schema reads it (an empty one would send "" once hydrated).
              defaultValue={undefined}
              value="on"
              defaultChecked={values.registrationDisabled === "on"}
              type="checkbox"
              label="Registration is closed"
              hint="When ticked, the Sign up page shows the message below instead of the form."
            />
          )}
          {may("disabledMessageHtml") && (
            <RichTextField
              {...field("disabledMessageHtml")}
              rows={4}
              maxLength={LIMITS.message}
              label="Message while registration is closed"
              hint="Plain text or simple HTML (paragraphs, bold, links)."
            />
          )}
        </fieldset>
      )}

      {fees.length > 0 && (
        <fieldset>
          <legend>Membership fees</legend>
          <p className="field-hint">In pounds, like 25.00. The Stripe price ids must charge the same amounts.</p>
          {fees.map((fee) => (
            <div className="studio-fee" key={fee.name}>
              <Field {...field(fee.name)} label={fee.label} {...POUNDS_INPUT} className="studio-money" />
              {fee.products.filter(may).map((product) => (
                <Field key={product} {...field(product)} label={PRODUCT_LABELS[product]} maxLength={LIMITS.priceId} autoComplete="off" spellCheck={false} />
              ))}
            </div>
          ))}
          {may("freeSubscriptionAfterMonth") && (
            <Field
              {...field("freeSubscriptionAfterMonth")}
              as="select"
              label="Free first-year subscription for registrations from"
              hint="A member who registers in this month or later pays only the registration fee that year."
            >
              {FREE_SUBSCRIPTION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Field>
          )}
        </fieldset>
      )}

      {may("latestOfficeBearersTitle") && (
        <fieldset>
          <legend>Office bearers</legend>
          <Field
            {...field("latestOfficeBearersTitle")}
            label="Heading of the current team"
            hint="Shown on the Office Bearers page, like “Office bearers 2026–27”."
            maxLength={LIMITS.title}
          />
        </fieldset>
      )}

      {/* Donations (docs/requirements.md §14): the words at the top of /donate */}
      {may("donatePageHtml") && (
        <fieldset>
          <legend>Donate page</legend>
          <RichTextField
            {...field("donatePageHtml")}
            rows={5}
            maxLength={LIMITS.message}
            label="Words at the top of the Donate page"
            hint="Plain text or simple HTML (paragraphs, bold, links). The amounts, the Gift Aid box and the payment follow it."
          />
        </fieldset>
      )}

      {/* Automatic renewal reminders (docs/requirements.md §10.2, ADR 0050) */}
      {may("renewalReminderStages") && (
        <fieldset>
          <legend>Renewal reminders</legend>
          <Field
            {...field("renewalReminderStages")}
            label="Send the renewal reminder automatically on"
            hint="Dates, e.g. 1 September, 1 October, 1 November. Members who have not renewed get one reminder on each date. Leave empty for no automatic reminders."
            maxLength={LIMITS.url}
          />
        </fieldset>
      )}

      {/* Members' data rights (docs/requirements.md §8.1, ADR 0056): what docs/privacy.md promises */}
      {any(["retentionPaymentYears", "retentionOutboxDays", "retentionContactDays"]) && (
        <fieldset>
          <legend>How long we keep records</legend>
          {may("retentionPaymentYears") && (
            <Field {...field("retentionPaymentYears")} label="Keep payment records for (years)" hint="HMRC asks for six years." {...WHOLE_NUMBER_INPUT} />
          )}
          {may("retentionOutboxDays") && (
            <Field
              {...field("retentionOutboxDays")}
              label="Keep outbox e-mails for (days)"
              hint="Copies of e-mails the site sent. Older ones are deleted each night."
              {...WHOLE_NUMBER_INPUT}
            />
          )}
          {may("retentionContactDays") && (
            <Field
              {...field("retentionContactDays")}
              label="Keep contact messages for (days)"
              hint="Messages sent through the contact form. Older ones are deleted each night."
              {...WHOLE_NUMBER_INPUT}
            />
          )}
        </fieldset>
      )}

      {/* New applications (ADR 0052) */}
      {may("newApplicationsEmail") && (
        <fieldset>
          <legend>New applications</legend>
          <Field
            {...field("newApplicationsEmail")}
            label="Send new applications to"
            hint="An e-mail address that hears about each new application. Leave empty to e-mail every admin."
            type="email"
            maxLength={LIMITS.email}
          />
        </fieldset>
      )}
    </>
  );

  return (
    <StudioPage title="Site settings">
      <Form method="post" noValidate className="studio-form" aria-label="Site settings" {...form}>
        <FormMessage message={formError} summaryOf={body} />
        {body}

        <p className="studio-form-actions">
          <SubmitButton>Save settings</SubmitButton>
          <Link to="/studio">Back to the studio</Link>
        </p>
      </Form>
    </StudioPage>
  );
}
