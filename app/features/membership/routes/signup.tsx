import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { currentYear } from "~/kernel/dates/dates";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { RichText } from "~/kernel/layout/RichText";
import { Field, FormMessage, SubmitButton, type FormReply } from "~/kernel/forms";
import { useLazyValidation } from "~/kernel/forms/use-lazy-validation";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { ASSOCIATION } from "~/kernel/layout/association";
import { pageMeta } from "~/kernel/layout/page-meta";
import { SIGNUP_FORM, SIGNUP_MESSAGES, SIGNUP_THANKS, type FieldSpec, type SectionSpec } from "~/features/membership/signup-form";
import { getUser } from "~/kernel/auth/auth.server";
import { INVALID_FORM_MESSAGE } from "~/features/membership/member-details-form";
import { signupSchema } from "~/features/membership/signup";
import { clientKey } from "~/kernel/http/rate-limit.server";
import { registerApplicant } from "~/features/membership/signup.server";
import { notifyNewApplication } from "~/features/membership/new-application.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { limited, refused } from "~/kernel/http/answers.server";
import { newPasswordMessage } from "~/kernel/auth/new-password.server";
import { NEWSLETTER_FIELD, NEWSLETTER_HINT, NEWSLETTER_LABEL } from "~/features/mailings";
import { recordNewsletterChoice } from "~/features/mailings/index.server";
import { DECLARATION_NOTES, declarationWording } from "~/features/gift-aid";
import { recordSignUpDeclaration } from "~/features/gift-aid/index.server";

export const meta: MetaFunction = () => pageMeta("Sign Up", `Apply to join the ${ASSOCIATION.name}: single or family membership.`);

/** A refused post says when to try again (429). */
export const headers: HeadersFunction = passRetryAfter();

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
  return { closedHtml: null, form: { ...SIGNUP_FORM, sections: [...SIGNUP_FORM.sections.map(withDeclarationWording), NEWSLETTER_SECTION] } };
}

/**
 * HMRC's model declaration (docs/requirements.md §14, ADR 74) under the required Gift Aid box: its
 * paragraphs and notes as the field's hint, added here on the server so the page's JavaScript does not grow.
 */
function withDeclarationWording(section: SectionSpec): SectionSpec {
  // One hint, its paragraphs apart by blank lines (the stylesheet keeps them): the renderer stays as it was.
  const hint = [...declarationWording(), DECLARATION_NOTES].join("\n\n");
  return { ...section, fields: section.fields.map((field) => (field.name === "giftAidConcent" ? { ...field, hint } : field)) };
}

/**
 * Newsletter consent (docs/requirements.md §13, PECR): its own unticked box, apart from the consents
 * every applicant must give, added here on the server so the page's JavaScript does not grow.
 */
const NEWSLETTER_SECTION: SectionSpec = {
  legend: "Newsletters (optional)",
  fields: [{ name: NEWSLETTER_FIELD, label: `${NEWSLETTER_LABEL}. ${NEWSLETTER_HINT}`, type: "checkbox", wide: true }],
};

/** Passwords are never sent back. */
const HIDE = { hideFields: ["password", "confirm_password"] };

async function act({ request, context }: ActionFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/mem-account");
  const { membership } = await context.content.getSiteSettings();
  if (membership.registrationDisabled) return refused<FormReply>({ status: "error", error: { "": [SIGNUP_MESSAGES.closed] } });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: signupSchema(Object.fromEntries(form), currentYear()), disableAutoCoercion: true });
  // Without JavaScript: the form again for the membership or child count chosen, with what was typed and no messages.
  if (form.get("intent") === UPDATE_FIELDS) return data<FormReply>({ initialValue: submission.reply(HIDE).initialValue });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [INVALID_FORM_MESSAGE], ...HIDE }), { status: 400 });
  // Not a common password nor the applicant's own name or e-mail (docs/requirements.md §11.5, ADR 72); asked here
  // because the list stays on the server. Before the sign-up limit, as the form's other mistakes are.
  const weak = newPasswordMessage(submission.value.password, { fullName: submission.value.details.fullName, email: submission.value.email });
  if (weak) return data(submission.reply({ formErrors: [weak], fieldErrors: { password: [weak] }, ...HIDE }), { status: 400 });

  const result = await registerApplicant(context, submission.value, clientKey(request));
  if (!result.ok) {
    const fieldErrors: Record<string, string[]> = result.duplicate ? { email: [result.message] } : {};
    const reply = submission.reply({ formErrors: [result.message], fieldErrors, ...HIDE });
    return result.retryAfter ? limited(reply, result.retryAfter) : data(reply, { status: result.status });
  }
  // Given or not, with the date and "sign-up" as where (docs/requirements.md §13).
  await recordNewsletterChoice(context, result.member.id, submission.value.newsletters, "sign-up", new Date());
  // The required Gift Aid box is a declaration, kept as a record with the wording shown (docs/requirements.md §14, ADR 74).
  await recordSignUpDeclaration(context, result.member);
  // The accountants hear of the application, with a link to its row (docs/requirements.md §3.3, ADR 0052).
  await notifyNewApplication(context, result.member, new URL(request.url).origin);
  return redirectWithToast(context, "/confirmation", { kind: "success", message: SIGNUP_THANKS });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

const loadCheck = () => import("~/features/membership/components/signup-check").then((module) => module.checkSignup);

/** One control of SIGNUP_FORM, through the form family's Field. */
function SignupField({
  spec,
  error,
  value,
  onChoose,
  update,
}: {
  spec: FieldSpec;
  error?: string;
  value?: string;
  onChoose: (value: string) => void;
  update: boolean;
}) {
  const { name, type, options } = spec;
  const checkbox = type === "checkbox";
  return (
    <Field
      id={`signup-${name}`}
      name={name}
      label={spec.label}
      hint={spec.hint}
      error={error}
      className={`${checkbox ? "consent" : ""}${spec.wide ? " wide" : ""}`}
      after={
        update && spec.updateLabel ? (
          <button type="submit" name="intent" value={UPDATE_FIELDS} className="button button-secondary update-fields">
            {spec.updateLabel}
          </button>
        ) : null
      }
      {...(options
        ? {
            as: "select" as const,
            defaultValue: value ?? options[0],
            onChange: (event: { target: EventTarget }) => onChoose((event.target as HTMLSelectElement).value),
          }
        : checkbox
          ? { type, defaultChecked: value === "on" }
          : {
              type,
              autoComplete: spec.autoComplete,
              maxLength: spec.maxLength,
              inputMode: spec.inputMode,
              defaultValue: type === "password" ? undefined : value,
            })}
    >
      {options?.map((option) => (
        <option key={option} value={option}>
          {option || "Choose..."}
        </option>
      ))}
    </Field>
  );
}

export default function Signup() {
  const { closedHtml, form } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  const values = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  const { errors, formError, formRef, formProps } = useLazyValidation({ reply, invalidMessage: form?.invalidMessage ?? "", load: loadCheck });

  // The membership and child count decide which fields show: at once with JavaScript, by a round trip without.
  const [chosen, setChoice] = useState<Record<string, string | undefined>>(() => ({ membership: values.membership, childCount: values.childCount }));
  const family = chosen.membership === "Family";
  const children = family ? Number(chosen.childCount) || 0 : 0;
  const shown = (spec: { family?: boolean; child?: number }) => (!spec.family || family) && (spec.child ?? 0) <= children;

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
              <FormMessage message={formError} />
              {form.sections.filter(shown).map((section) => (
                <fieldset key={section.legend}>
                  <legend>{section.legend}</legend>
                  {section.fields.filter(shown).map((spec) => (
                    <SignupField
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
              <SubmitButton>Sign Up</SubmitButton>
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
