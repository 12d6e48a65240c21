import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { RichText } from "~/components/content/RichText";
import { useLazyValidation } from "~/components/forms/use-lazy-validation";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { ASSOCIATION } from "~/domain/association";
import {
  CHILD_INDEXES,
  INVALID_FORM_MESSAGE,
  MAX_CHILDREN,
  MEMBER_DETAILS_LIMITS as LIMITS,
  readMembership,
  shownChildCount,
  TITLES,
} from "~/domain/member-details-form";
import { pageMeta } from "~/domain/page-meta";
import { PASSWORD_MAX, SIGNUP_FEES as FEES, SIGNUP_THANKS, UPDATE_FIELDS_INTENT } from "~/domain/signup-form";
import { getUser } from "~/services/auth.server";
import { readSignupForm, registerApplicant, signupValues } from "~/services/signup.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () =>
  pageMeta("Sign Up", `Apply to join the ${ASSOCIATION.name}: single or family membership.`);

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/mem-account");
  const { membership } = await context.content.getSiteSettings();
  return { disabled: membership.registrationDisabled, disabledMessageHtml: membership.disabledMessageHtml };
}

/** What a post answers when it does not register: messages per field, the values as sent (no passwords), a form message. */
interface SignupAnswer {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  formError: string | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/mem-account");
  const { membership } = await context.content.getSiteSettings();
  if (membership.registrationDisabled) {
    return data<SignupAnswer>({ errors: {}, values: {}, formError: "Registration is closed." }, { status: 403 });
  }
  const form = await request.formData();
  const raw = readSignupForm(form);
  const values = signupValues(raw);
  // No JavaScript: the form comes back with the fields for the membership and child count chosen.
  if (form.get("intent") === UPDATE_FIELDS_INTENT) return data<SignupAnswer>({ errors: {}, values, formError: null });

  const result = await registerApplicant(raw, request, context);
  if (result.ok) return redirectWithToast(context, "/confirmation", { kind: "success", message: SIGNUP_THANKS });
  const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data<SignupAnswer>({ errors: result.errors, values, formError: result.formError }, { status: result.status, headers });
}

const loadCheck = () => import("~/components/forms/signup-check").then((module) => module.checkSignup);

type Errors = Record<string, string | undefined>;

/** One labelled control with its message, tied to it for screen readers. */
function Field({ name, label, error, hint, children }: { name: string; label: ReactNode; error?: string; hint?: string; children: (props: ControlProps) => ReactNode }) {
  const id = `signup-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function TextField(props: {
  name: string;
  label: string;
  errors: Errors;
  values: Record<string, string>;
  type?: "text" | "email" | "tel" | "password";
  autoComplete: string;
  maxLength: number;
  inputMode?: "numeric" | "tel" | "email";
  hint?: string;
}) {
  const { name, label, errors, values, type = "text", autoComplete, maxLength, inputMode, hint } = props;
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          defaultValue={type === "password" ? undefined : values[name]}
        />
      )}
    </Field>
  );
}

function TitleField({ name, label, errors, values }: { name: string; label: string; errors: Errors; values: Record<string, string> }) {
  return (
    <Field name={name} label={label} error={errors[name]}>
      {(control) => (
        <select {...control} defaultValue={values[name] ?? ""}>
          <option value="">Choose...</option>
          {TITLES.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Consent({ name, errors, values, children }: { name: string; errors: Errors; values: Record<string, string>; children: ReactNode }) {
  const id = `signup-${name}`;
  const error = errors[name];
  return (
    <div className={`field consent field-${name}`}>
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={values[name] === "on"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{children}</label>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Without JavaScript, this button re-renders the form with the fields for the choice made (nothing is saved). */
function UpdateFieldsButton({ hydrated, label }: { hydrated: boolean; label: string }) {
  if (hydrated) return null;
  return (
    <button type="submit" name="intent" value={UPDATE_FIELDS_INTENT} className="button button-secondary update-fields">
      {label}
    </button>
  );
}

function RegistrationClosed({ html }: { html: string }) {
  return (
    <div className="signup-closed">
      <RichText html={html} />
      <p>
        <Link to="/home" className="button">
          Back To Home
        </Link>
      </p>
    </div>
  );
}

export default function Signup() {
  const { disabled, disabledMessageHtml } = useLoaderData<typeof loader>();
  const answer = useActionData<SignupAnswer>();
  const navigation = useNavigation();
  const values = answer?.values ?? {};
  const { errors, formError, formRef, formProps } = useLazyValidation({
    fromServer: answer?.errors,
    formErrorFromServer: answer?.formError,
    invalidMessage: INVALID_FORM_MESSAGE,
    load: loadCheck,
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The membership and child count decide which fields show: instant with JavaScript, by a round trip without.
  const [choice, setChoice] = useState({ answer, membership: values.membership ?? "", childCount: values.childCount ?? "0" });
  const chosen = choice.answer === answer ? choice : { answer, membership: values.membership ?? "", childCount: values.childCount ?? "0" };
  const membership = readMembership(chosen.membership);
  const family = membership === "Family";
  const children = shownChildCount(membership, chosen.childCount);

  const submitting = navigation.state === "submitting" && navigation.formAction === "/signup" && navigation.formData?.get("intent") !== UPDATE_FIELDS_INTENT;

  // After a refused post, take the applicant to the form's message and the first field to fix.
  useEffect(() => {
    if (answer?.formError) formRef.current?.querySelector<HTMLElement>(".form-error")?.focus();
  }, [answer, formRef]);

  if (disabled) {
    return (
      <>
        <PageTitle title="Sign Up" />
        <section className="section signup-page">
          <div className="container">
            <RegistrationClosed html={disabledMessageHtml} />
          </div>
        </section>
      </>
    );
  }

  const text = { errors, values };
  return (
    <>
      <PageTitle title="Sign Up" />
      <section className="section signup-page">
        <div className="container">
          <h2 id="signup-title">Membership Application</h2>
          <p className="signup-intro">
            Fields marked optional may be left empty; every other field is needed. Already a member? <Link to="/login">Login</Link>
          </p>
          <Form ref={formRef} method="post" noValidate className="signup-form" aria-labelledby="signup-title" {...formProps}>
            {formError ? (
              <p className="form-error" role="alert" tabIndex={-1}>
                {formError}
              </p>
            ) : null}

            <fieldset>
              <legend>Membership</legend>
              <div className="field-with-button">
                <Field name="membership" label="Membership type" error={errors.membership}>
                  {(control) => (
                    <select
                      {...control}
                      defaultValue={chosen.membership}
                      onChange={(event) => setChoice({ ...chosen, membership: event.target.value })}
                    >
                      <option value="">Choose...</option>
                      <option value="Single">Single</option>
                      <option value="Family">Family</option>
                    </select>
                  )}
                </Field>
                <UpdateFieldsButton hydrated={hydrated} label="Show fields for this membership" />
              </div>
            </fieldset>

            <fieldset>
              <legend>Your details</legend>
              <div className="field-row">
                <TitleField name="title" label="Title" {...text} />
                <TextField name="fullName" label="Full name" autoComplete="name" maxLength={LIMITS.fullName} {...text} />
              </div>
              <TextField name="address" label="Address" autoComplete="street-address" maxLength={LIMITS.address} {...text} />
              <div className="field-row">
                <TextField name="city" label="City" autoComplete="address-level2" maxLength={LIMITS.city} {...text} />
                <TextField name="county" label="County (optional)" autoComplete="address-level1" maxLength={LIMITS.county} {...text} />
              </div>
              <div className="field-row">
                <TextField name="postcode" label="Postcode" autoComplete="postal-code" maxLength={LIMITS.postcode} {...text} />
                <TextField name="mobile" label="Mobile" type="tel" inputMode="tel" autoComplete="tel" maxLength={16} hint="10 to 11 digits" {...text} />
              </div>
            </fieldset>

            <fieldset>
              <legend>Your account</legend>
              <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={LIMITS.email} {...text} />
              <div className="field-row">
                <TextField name="password" label="Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} hint="At least 8 characters" {...text} />
                <TextField name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...text} />
              </div>
            </fieldset>

            {family ? (
              <fieldset>
                <legend>Spouse</legend>
                <div className="field-row">
                  <TitleField name="spouseTitle" label="Spouse's title" {...text} />
                  <TextField name="spouseName" label="Spouse's full name" autoComplete="off" maxLength={LIMITS.fullName} {...text} />
                </div>
                <div className="field-row">
                  <TextField name="spouseEmail" label="Spouse's email" type="email" autoComplete="off" maxLength={LIMITS.email} {...text} />
                  <TextField name="spouseMobile" label="Spouse's mobile" type="tel" inputMode="tel" autoComplete="off" maxLength={16} {...text} />
                </div>
              </fieldset>
            ) : null}

            {family ? (
              <fieldset>
                <legend>Children</legend>
                <div className="field-with-button">
                  <Field name="childCount" label="Number of children" error={errors.childCount}>
                    {(control) => (
                      <select
                        {...control}
                        defaultValue={String(children)}
                        onChange={(event) => setChoice({ ...chosen, childCount: event.target.value })}
                      >
                        {Array.from({ length: MAX_CHILDREN + 1 }, (_, n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <UpdateFieldsButton hydrated={hydrated} label="Show fields for this number" />
                </div>
                {CHILD_INDEXES.slice(0, children).map((i) => (
                  <div className="field-row" key={i}>
                    <TextField name={`childName${i}`} label={`Child ${i}: name`} autoComplete="off" maxLength={LIMITS.childName} {...text} />
                    <TextField name={`childYear${i}`} label={`Child ${i}: year of birth`} inputMode="numeric" autoComplete="off" maxLength={LIMITS.childYear} {...text} />
                  </div>
                ))}
              </fieldset>
            ) : null}

            <fieldset>
              <legend>Consents</legend>
              <Consent name="agreeTerms" {...text}>
                I agree to pay a one-off registration fee of £{FEES.registration.single} (£{FEES.registration.family} family).
              </Consent>
              <Consent name="paymentConcent" {...text}>
                I agree to pay an annual subscription of £{FEES.subscription.single} (£{FEES.subscription.family} family), due on acceptance of my
                application.
              </Consent>
              <Consent name="residentConcent" {...text}>
                I live in the Greater Manchester area.
              </Consent>
              <Consent name="giftAidConcent" {...text}>
                Gift Aid declaration: I want the association to treat my payments as Gift Aid donations, and I understand I must pay
                enough UK Income Tax or Capital Gains Tax to cover the tax reclaimed.
              </Consent>
              {family ? (
                <>
                  <Consent name="childPhotoConcent" {...text}>
                    I agree that photographs of my children may be taken at the association's events.
                  </Consent>
                  <Consent name="childPhotoShareConcent" {...text}>
                    I agree that those photographs may be shared on the association's website and social media.
                  </Consent>
                </>
              ) : null}
            </fieldset>

            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Please wait..." : "Sign Up"}
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
