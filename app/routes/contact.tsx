import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { useFieldErrors } from "~/components/forms/use-field-errors";
import { ASSOCIATION } from "~/domain/association";
import { CONTACT_LIMITS, CONTACT_SENT_MESSAGE, type ContactErrors, type ContactField, type ContactValues } from "~/domain/contact-form";
import { pageMeta } from "~/domain/page-meta";
import { telHref } from "~/domain/tel-href";
import { submitContactForm } from "~/services/contact.server";
import { redirectWithToast } from "~/services/toast.server";
import { defaultStoreErrorAnswer, storeSafeAction } from "~/services/store-errors.server";

export const meta: MetaFunction = () =>
  pageMeta("Contact Us", `Write to the ${ASSOCIATION.name}: our school's address, phone number and e-mail, and a quick contact form.`);

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ context }: LoaderFunctionArgs) {
  const settings = await context.content.getSiteSettings();
  return { phone: settings.primaryContactNumber, email: settings.primaryContactEmail };
}

/** What a refused post answers: one message per field, the values as sent, and a message for the whole form. */
interface ContactAnswer {
  errors: ContactErrors;
  values: ContactValues;
  formError: string | null;
}

async function act({ request, context }: ActionFunctionArgs) {
  const result = await submitContactForm(request, context);
  if (result.ok) return redirectWithToast(context, "/contact", { kind: "success", message: CONTACT_SENT_MESSAGE });
  const { errors, values, formError } = result;
  const headers: HeadersInit = result.status === 429 ? { "Retry-After": String(result.retryAfter) } : {};
  return data<ContactAnswer>({ errors, values, formError: formError ?? null }, { status: result.status, headers });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, defaultStoreErrorAnswer);

interface FieldProps {
  name: ContactField;
  label: string;
  error: string | undefined;
  defaultValue: string | undefined;
}

/** One labelled field with its message; the message is tied to the field for screen readers. */
function Field({ name, label, error, defaultValue, type = "text", autoComplete, multiline = false }: FieldProps & {
  type?: "text" | "email";
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = `contact-${name}`;
  const common = {
    id,
    name,
    defaultValue,
    maxLength: CONTACT_LIMITS[name],
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Contact() {
  const { phone, email } = useLoaderData<typeof loader>();
  const answer = useActionData<ContactAnswer>();
  const navigation = useNavigation();
  const location = useLocation();
  const [errors, clearError] = useFieldErrors(answer?.errors);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction === "/contact";
  const values: Partial<ContactValues> = answer?.values ?? {};

  // After a refused post, take the visitor to the first field to fix.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], .form-error")?.focus();
  }, [answer]);

  return (
    <>
      <PageTitle title="Contact Us" />
      <section className="section contact-page">
        <div className="container contact-grid">
          <div className="contact-details">
            <h2>Get in touch</h2>
            <address>
              {ASSOCIATION.contact.address.map((line) => (
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
            <Form
              key={location.key}
              ref={formRef}
              method="post"
              noValidate
              className="contact-form"
              aria-labelledby="contact-form-title"
              onChange={(event) => clearError((event.target as HTMLInputElement).name)}
            >
              {answer?.formError ? (
                <p className="form-error" role="alert" tabIndex={-1}>
                  {answer.formError}
                </p>
              ) : null}
              <div className="field-row">
                <Field name="name" label="First name" autoComplete="given-name" error={errors.name} defaultValue={values.name} />
                <Field name="lastname" label="Last name" autoComplete="family-name" error={errors.lastname} defaultValue={values.lastname} />
              </div>
              <div className="field-row">
                <Field name="email" label="Email" type="email" autoComplete="email" error={errors.email} defaultValue={values.email} />
                <Field name="subject" label="Subject" autoComplete="off" error={errors.subject} defaultValue={values.subject} />
              </div>
              <Field name="notes" label="Message" multiline error={errors.notes} defaultValue={values.notes} />
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? "Please wait..." : "Send message"}
              </button>
            </Form>
          </div>
        </div>
      </section>
    </>
  );
}
