import { parseWithZod } from "@conform-to/zod/v4";
import { SaveOnEnter, UpdateTheForm } from "~/features/membership/components/WithoutScriptButtons";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AccountPanel } from "~/features/membership/components/AccountPanel";
import { SelectField } from "~/features/membership/components/AmendFields";
import { ChildCountField, ContactFields, FamilyFieldsets } from "~/features/membership/components/MemberFields";
import { FormMessage, SubmitButton, fieldBinder, useFormReply, type FormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { DETAILS_UPDATED_MESSAGE, UPGRADE_AFTER_PAYMENT_NOTE } from "~/features/membership/account";
import { shownChildCount } from "~/features/membership/member-details-form";
import { pageMeta } from "~/kernel/layout/page-meta";
import { UPGRADE_NEEDS_RENEWAL_MESSAGE } from "~/features/membership/renewal";
import { INVALID_FORM_MESSAGE } from "~/features/membership/member-details-form";
import { amendFormSchema, loadAmendAccount, updateAccountDetails } from "~/features/membership/account.server";
import { requireUser } from "~/kernel/auth/auth.server";
import { startUpgrade } from "~/features/membership/membership-payments.server";
import { paymentStartResponse } from "~/features/membership/payment-start-response.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { keptFormValues, storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { keepPageAfterStoreError } from "~/kernel/forms/keep-page-after-store-error";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { z } from "zod";
import { NEWSLETTER_FIELD, newsletterBoxTicked, newsletterChoiceLabel, noticesStopped, RESTART_NOTICES_FIELD } from "~/features/mailings";
import { NewsletterField, RestartNoticesField } from "~/features/mailings/components";
import { mailChoicesSchema, recordNewsletterChoice, restartNotices } from "~/features/mailings/index.server";

/** A 503 from an action (our records could not be reached) keeps the page as it is. */
export const shouldRevalidate = keepPageAfterStoreError;

/** A refused payment start (429) tells the browser when to try again. */
export const headers: HeadersFunction = passRetryAfter();

export const meta: MetaFunction = () => pageMeta("Edit Account", "Change your contact details and family.");

/** The member edits only their own record: the id comes from the session, never from the form or URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  const amend = loadAmendAccount(member);
  // Newsletter consent (docs/requirements.md §13): the box shows the stored choice, ticked only for a "yes".
  const preferences = await context.store.mailPreferences.get(member.id);
  return {
    ...amend,
    values: { ...amend.values, [NEWSLETTER_FIELD]: newsletterBoxTicked(preferences) ? "on" : "", [RESTART_NOTICES_FIELD]: "" },
    newsletters: newsletterChoiceLabel(preferences),
    noticesStopped: noticesStopped(preferences),
  };
}

async function act({ request, context }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  const form = await request.formData();
  const { schema, membershipError } = amendFormSchema(member, form);
  // The mail choices are part of the form's schema (docs/requirements.md §13).
  const submission = parseWithZod(form, { schema: z.intersection(schema, mailChoicesSchema), disableAutoCoercion: true });
  const refused = membershipError ? { "": [membershipError], membership: [membershipError] } : undefined;
  // Without JavaScript: the form again for the membership or child count chosen, nothing saved.
  if (form.get("intent") === "update-fields") return data<FormReply>({ initialValue: submission.reply().initialValue, error: refused });
  if (refused) return data<FormReply>({ status: "error", initialValue: submission.reply().initialValue, error: refused }, { status: 400 });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }), { status: 400 });

  const result = await updateAccountDetails(context, member, submission.value);
  // Recorded only when the choice changes, with "my-account" as where (docs/requirements.md §13).
  await recordNewsletterChoice(context, member.id, submission.value[NEWSLETTER_FIELD], "my-account", new Date());
  // Notices stopped by a one-click unsubscribe start again only when the member ticks the box.
  if (submission.value[RESTART_NOTICES_FIELD]) await restartNotices(context, member.id, "my-account", new Date());
  if (result.kind === "upgrade") {
    const start = await startUpgrade(context, request, result.member, result.family);
    return paymentStartResponse(context, start, "/amend-account", keptFormValues(form));
  }
  return redirectWithToast(context, "/mem-account", { kind: "success", message: DETAILS_UPDATED_MESSAGE });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function AmendAccount() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { errors: serverErrors, formError, form } = useFormReply(reply);
  const values = (reply?.initialValue ?? loaded.values) as Record<string, string | undefined>;

  // With JavaScript the Family and child fields follow these two choices at once.
  const [membership, setMembership] = useState(values.membership);
  const [childCount, setChildCount] = useState(values.childCount || "0");
  const [upgradeError, setUpgradeError] = useState<string | null>(null);
  useEffect(() => {
    setMembership(values.membership);
    setChildCount(values.childCount || "0");
  }, [values]);

  const errors: Partial<Record<string, string>> = upgradeError ? { ...serverErrors, membership: upgradeError } : serverErrors;
  const field = fieldBinder("amend", errors, (name) => values[name]);
  const family = membership === "Family";
  const children = shownChildCount(family ? "Family" : "Single", childCount);
  const upgrading = loaded.membership === "Single" && family;

  function chooseMembership(next: string) {
    if (next === "Family" && loaded.membership === "Single" && !loaded.canUpgrade) {
      setUpgradeError(UPGRADE_NEEDS_RENEWAL_MESSAGE);
      return;
    }
    setUpgradeError(null);
    setMembership(next);
    // Choosing Family starts with no children shown (docs/requirements.md §3.5).
    if (next === "Family" && loaded.membership === "Single") setChildCount("0");
  }

  return (
    <>
      <PageTitle title="Edit Account" parent={{ label: "My Account", to: "/mem-account" }} />
      <section className="section account-page">
        <div className="container">
          <AccountPanel id="amend-title" title="Edit Account" action={{ to: "/mem-account", label: "BACK", secondary: true }}>
            <Form method="post" noValidate className="amend-form" aria-labelledby="amend-title" {...form}>
              <SaveOnEnter />
              <FormMessage message={formError} />
              <fieldset>
                <legend>Your details</legend>
                <p className="account-note">
                  E-mail: <strong>{loaded.email}</strong> (please contact us to change it)
                </p>
                <ContactFields field={field} own />
              </fieldset>

              <fieldset>
                <legend>Membership</legend>
                {loaded.membership === "Family" ? (
                  <>
                    <p>
                      Membership type: <strong>Family</strong>
                    </p>
                    <input type="hidden" name="membership" value="Family" />
                  </>
                ) : (
                  <SelectField
                    {...field("membership")}
                    label="Membership type"
                    options={[
                      { value: "Single", label: "Single" },
                      { value: "Family", label: "Family (upgrade)" },
                    ]}
                    {...(hydrated ? { value: membership, onChange: chooseMembership } : { defaultValue: membership })}
                  />
                )}
                {upgrading ? <p className="account-note">{UPGRADE_AFTER_PAYMENT_NOTE}</p> : null}
                {family ? <ChildCountField {...field("childCount")} childCount={childCount} onChange={setChildCount} hydrated={hydrated} /> : null}
                <UpdateTheForm />
              </fieldset>

              {family ? <FamilyFieldsets field={field} own childRows={children} /> : null}

              <NewsletterField {...field(NEWSLETTER_FIELD)} current={loaded.newsletters} own />
              {loaded.noticesStopped ? <RestartNoticesField {...field(RESTART_NOTICES_FIELD)} /> : null}

              <div className="amend-actions">
                <SubmitButton>Save</SubmitButton>
                <Link to="/mem-account">BACK</Link>
              </div>
            </Form>
          </AccountPanel>
        </div>
      </section>
    </>
  );
}
