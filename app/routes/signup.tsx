import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { RichText } from "~/components/content/RichText";
import { useLazyValidation } from "~/components/forms/use-lazy-validation";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { useHydrated } from "~/components/use-hydrated";
import { ASSOCIATION } from "~/domain/association";
import { pageMeta } from "~/domain/page-meta";
import { SIGNUP_FORM, SIGNUP_MESSAGES, SIGNUP_THANKS, type FieldSpec } from "~/domain/signup-form";
import { getUser } from "~/services/auth.server";
import { readSignupForm, registerApplicant, signupValues } from "~/services/signup.server";
import { redirectWithToast } from "~/services/toast.server";
import { storeSafeAction } from "~/services/store-errors.server";

export const meta: MetaFunction = () => pageMeta("Sign Up", `Apply to join the ${ASSOCIATION.name}: single or family membership.`);

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** The button that, without JavaScript, re-renders the form for a new membership or child count. */
const UPDATE_FIELDS = "update-fields";

/**
 * The form's fields, labels and consent wording come as data (SIGNUP_FORM), so the page's
 * JavaScript is only the renderer below (docs/decisions/0012).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/mem-account");
  const { membership } = await context.content.getSiteSettings();
  if (membership.registrationDisabled) return { closedHtml: membership.disabledMessageHtml, form: null };
  return { closedHtml: null, form: SIGNUP_FORM };
}

/** What a post answers when it does not register: messages per field, the values as sent (no passwords), a form message. */
interface SignupAnswer {
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  formError: string | null;
}

async function act({ request, context }: ActionFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/mem-account");
  const { membership } = await context.content.getSiteSettings();
  if (membership.registrationDisabled) {
    return data<SignupAnswer>({ errors: {}, values: {}, formError: SIGNUP_MESSAGES.closed }, { status: 403 });
  }
  const form = await request.formData();
  const raw = readSignupForm(form);
  const values = signupValues(raw);
  if (form.get("intent") === UPDATE_FIELDS) return data<SignupAnswer>({ errors: {}, values, formError: null });

  const result = await registerApplicant(raw, request, context);
  if (result.ok) return redirectWithToast(context, "/confirmation", { kind: "success", message: SIGNUP_THANKS });
  const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
  return data<SignupAnswer>({ errors: result.errors, values, formError: result.formError }, { status: result.status, headers });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, (form, message) => ({ errors: {}, values: signupValues(readSignupForm(form)), formError: message }));

const loadCheck = () => import("~/components/forms/signup-check").then((module) => module.checkSignup);

/** One labelled control with its hint and message, tied to it for screen readers. */
function Field({ spec, error, value, onChoose, update }: { spec: FieldSpec; error?: string; value?: string; onChoose: (value: string) => void; update: boolean }) {
  const { name, label, type, options, hint } = spec;
  const id = `signup-${name}`;
  const describedBy = `${hint ? `${id}-hint ` : ""}${error ? `${id}-error` : ""}`.trim() || undefined;
  const common = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  const checkbox = type === "checkbox";
  return (
    <div className={`field field-${name}${checkbox ? " consent" : ""}${spec.wide ? " wide" : ""}`}>
      {checkbox ? <input type="checkbox" {...common} defaultChecked={value === "on"} /> : null}
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {options ? (
        <select {...common} defaultValue={value ?? options[0]} onChange={(event) => onChoose(event.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option || "Choose..."}
            </option>
          ))}
        </select>
      ) : checkbox ? null : (
        <input
          {...common}
          type={type}
          autoComplete={spec.autoComplete}
          maxLength={spec.maxLength}
          inputMode={spec.inputMode}
          defaultValue={type === "password" ? undefined : value}
        />
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {update && spec.updateLabel ? (
        <button type="submit" name="intent" value={UPDATE_FIELDS} className="button button-secondary update-fields">
          {spec.updateLabel}
        </button>
      ) : null}
    </div>
  );
}

export default function Signup() {
  const { closedHtml, form } = useLoaderData<typeof loader>();
  const answer = useActionData<SignupAnswer>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const values = answer?.values ?? {};
  const { errors, formError, formRef, formProps } = useLazyValidation({
    fromServer: answer?.errors,
    formErrorFromServer: answer?.formError,
    invalidMessage: form?.invalidMessage ?? "",
    load: loadCheck,
  });

  // The membership and child count decide which fields show: at once with JavaScript, by a round trip without.
  const [chosen, setChoice] = useState<Record<string, string | undefined>>(() => ({ membership: values.membership, childCount: values.childCount }));
  const family = chosen.membership === "Family";
  const children = family ? Number(chosen.childCount) || 0 : 0;
  const shown = (spec: { family?: boolean; child?: number }) => (!spec.family || family) && (spec.child ?? 0) <= children;

  const submitting = navigation.state === "submitting";

  return (
    <>
      <PageTitle title="Sign Up" />
      <section className="section signup-page">
        <div className="container">
          {form ? (
            <Form ref={formRef} method="post" noValidate className="signup-form" {...formProps}>
              {hydrated ? null : (
                // Without JavaScript, Enter in a field signs up (the first submit button is the form's default), not "Show fields".
                <button type="submit" className="default-submit" tabIndex={-1} aria-hidden="true">
                  Sign Up
                </button>
              )}
              {formError ? (
                <p className="form-error" role="alert" tabIndex={-1}>
                  {formError}
                </p>
              ) : null}
              {form.sections.filter(shown).map((section) => (
                <fieldset key={section.legend}>
                  <legend>{section.legend}</legend>
                  {section.fields.filter(shown).map((spec) => (
                    <Field
                      key={spec.name}
                      spec={spec}
                      error={errors[spec.name]}
                      value={values[spec.name]}
                      update={!hydrated}
                      onChoose={(value) => setChoice({ ...chosen, [spec.name]: value })}
                    />
                  ))}
                </fieldset>
              ))}
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? "Please wait..." : "Sign Up"}
              </button>
            </Form>
          ) : (
            <div className="signup-closed">
              <RichText html={closedHtml ?? ""} />
              <Link to="/home" className="button">
                Back To Home
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
