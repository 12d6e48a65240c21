import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Field, FormMessage, fieldBinder, SubmitButton, replyValue, useFormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { ASSOCIATION } from "~/kernel/layout/association";
import { contactSchema } from "~/features/site/contact";
import { addressLines } from "~/kernel/store/postal-address";
import { CONTACT_LIMITS, CONTACT_RATE_LIMITED_MESSAGE, CONTACT_SENT_MESSAGE, type ContactField } from "~/features/site/contact-form";
import { pageMeta } from "~/kernel/layout/page-meta";
import { telHref } from "~/kernel/layout/tel-href";
import { sendContactMessage } from "~/features/site/contact.server";
import { getUser } from "~/kernel/auth/auth.server";
import { clientKey } from "~/kernel/http/rate-limit.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { limited } from "~/kernel/http/answers.server";

export const meta: MetaFunction = () =>
  pageMeta("Contact Us", `Write to the ${ASSOCIATION.name}: our school's address, phone number and e-mail, and a quick contact form.`);

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

export async function loader({ context }: LoaderFunctionArgs) {
  const settings = await context.content.getSiteSettings();
  // The postal address is a setting like the phone and e-mail (docs/requirements.md §1.10, ADR 67).
  return { phone: settings.primaryContactNumber, email: settings.primaryContactEmail, address: addressLines(settings.postalAddress) };
}

async function act({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // A signed-in sender's message is theirs (their data rights find it by id); a visitor's is nobody's.
  const sender = await getUser(request, context);
  const sent = await sendContactMessage(context, submission.value, { address: clientKey(request), senderId: sender?.id ?? null });
  if (!sent.ok) {
    return limited(submission.reply({ formErrors: [CONTACT_RATE_LIMITED_MESSAGE] }), sent.retryAfter);
  }
  return redirectWithToast(context, "/contact", { kind: "success", message: CONTACT_SENT_MESSAGE });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function Contact() {
  const { phone, email, address } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const { errors, formError, form } = useFormReply(reply);
  const bind = fieldBinder<ContactField>("contact", errors, (name) => replyValue(reply, name));
  const field = (name: ContactField) => ({ ...bind(name), maxLength: CONTACT_LIMITS[name] });

  return (
    <>
      <PageTitle title="Contact Us" />
      <section className="section contact-page">
        <div className="container contact-grid">
          <div className="contact-details">
            <h2>Get in touch</h2>
            <address>
              {address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <ul className="contact-links">
              {phone ? (
                <li>
                  <span className="contact-link-label">Phone</span> <a href={telHref(phone)}>{phone}</a>
                </li>
              ) : null}
              {email ? (
                <li>
                  <span className="contact-link-label">E-mail</span> <a href={`mailto:${email}`}>{email}</a>
                </li>
              ) : null}
            </ul>
          </div>

          <div className="contact-form-panel">
            <h2 id="contact-form-title">Quick Contact Form</h2>
            {/* The key gives a fresh, empty form after each navigation (a sent message redirects here). */}
            <Form key={location.key} method="post" noValidate className="contact-form" aria-labelledby="contact-form-title" {...form}>
              <FormMessage message={formError} />
              <div className="field-row">
                <Field {...field("name")} label="First name" type="text" autoComplete="given-name" />
                <Field {...field("lastname")} label="Last name" type="text" autoComplete="family-name" />
              </div>
              <div className="field-row">
                <Field {...field("email")} label="Email" type="email" autoComplete="email" />
                <Field {...field("subject")} label="Subject" type="text" autoComplete="off" />
              </div>
              <Field {...field("notes")} label="Message" as="textarea" rows={6} />
              <SubmitButton>Send message</SubmitButton>
            </Form>
          </div>
        </div>
      </section>
    </>
  );
}
