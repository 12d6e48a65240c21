import { currentYear } from "~/kernel/dates/dates";
import { ChildCountField, ContactFields, FamilyFieldsets, SaveOnEnter, SelectField, TextField, UpdateTheForm } from "~/features/membership/components";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { FormMessage, SubmitButton, fieldBinder, useFormReply, type FormReply } from "~/kernel/forms";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { CORRECTION_MESSAGES, correctionFormValues, correctionSchema } from "~/features/office/member-correction";
import { INVALID_FORM_MESSAGE, MEMBER_DETAILS_LIMITS as LIMITS, shownChildCount } from "~/features/membership";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { accountFormValues } from "~/features/membership/index.server";
import { recordActivity } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { correctMember } from "~/features/office/member-correction.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { notFound } from "~/kernel/http/answers.server";
import { memberPagePath } from "~/features/office/member-page-actions";
import { z } from "zod";
import { NEWSLETTER_FIELD, newsletterBoxTicked, newsletterChoiceLabel } from "~/features/mailings";
import { NewsletterField } from "~/features/mailings/components";
import { changeNewsletterChoice, clearBadAddressAfterChange, newsletterChoiceSchema } from "~/features/mailings/index.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(`Edit ${loaded?.name ?? "member"} | Dashboard`);

/** An accountant corrects a member's record (docs/requirements.md §6.5, ADR 0052); a rejected applicant's record is not found. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const member = await context.store.members.getById(String(params.id));
  if (!member || member.rejected) throw notFound(privateHeaders());
  // Newsletter consent (docs/requirements.md §13): shown, and set on the member's word (a paper form, a call).
  const preferences = await context.store.mailPreferences.get(member.id);
  return data(
    {
      id: member.id,
      name: member.fullName,
      number: formatMemberNumber(member.memberNumber) ?? "No member number",
      values: { ...accountFormValues(member), ...correctionFormValues(member), [NEWSLETTER_FIELD]: newsletterBoxTicked(preferences) ? "on" : "" },
      newsletters: newsletterChoiceLabel(preferences),
    },
    { headers: privateHeaders() },
  );
}

async function act({ request, params, context }: ActionFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  const form = await request.formData();
  // The newsletter box is part of the form's schema (docs/requirements.md §13).
  const schema = z.intersection(correctionSchema(Object.fromEntries(form), currentYear()), newsletterChoiceSchema);
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  // Without JavaScript: the form again for the membership or child count chosen, nothing saved.
  if (form.get("intent") === "update-fields") return data<FormReply>({ initialValue: submission.reply().initialValue }, { headers: privateHeaders() });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }), { status: 400, headers: privateHeaders() });

  const { [NEWSLETTER_FIELD]: newsletters, ...correction } = submission.value;
  const result = await correctMember(context, String(params.id), correction);
  if (!result.ok && result.status === 404) throw notFound(privateHeaders());
  if (!result.ok) return data(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: 400, headers: privateHeaders() });
  if (result.activity) await recordActivity(context, accountant, result.activity);
  // With "accountant" as where; an unticked box leaves "not asked" as it is (the member was not asked).
  const consent = await changeNewsletterChoice(context, result.member.id, newsletters, "accountant", new Date());
  const { id, fullName, memberNumber } = result.member;
  if (consent) await recordActivity(context, accountant, { kind: "newsletter-consent", member: { id, fullName, memberNumber }, ...consent });
  // A corrected e-mail is no longer a bad address (docs/requirements.md §13): mailings reach it again.
  await clearBadAddressAfterChange(context, result.member.id, result.member.email);
  const message = result.changes.length || consent ? CORRECTION_MESSAGES.saved(result.member.fullName) : CORRECTION_MESSAGES.unchanged;
  // Back to the member's own page, by id (docs/requirements.md §6.3.1): their new e-mail or name would find others too.
  return redirectWithToast(context, memberPagePath(result.member.id), { kind: "success", message });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function EditMember() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { errors, formError, form } = useFormReply(reply);
  const values = (reply?.initialValue ?? loaded.values) as Record<string, string | undefined>;
  const field = fieldBinder("amend", errors, (name) => values[name]);

  // With JavaScript the Family and child fields follow these two choices at once.
  const [membership, setMembership] = useState(values.membership);
  const [childCount, setChildCount] = useState(values.childCount || "0");
  useEffect(() => {
    setMembership(values.membership);
    setChildCount(values.childCount || "0");
  }, [values]);
  const family = membership === "Family";
  const children = shownChildCount(family ? "Family" : "Single", childCount);

  return (
    <AdminPage title={`Edit ${loaded.name}`}>
      <p>
        <Link to={memberPagePath(loaded.id)}>{`Back to ${loaded.name}'s page`}</Link>
      </p>
      <p className="account-note">{`Member number: ${loaded.number}. Changing the membership here corrects the record: no payment is asked for. The member is e-mailed when their e-mail address or membership changes.`}</p>
      <Form method="post" noValidate className="amend-form member-edit-form" aria-label={`Edit ${loaded.name}`} {...form}>
        <SaveOnEnter />
        <FormMessage message={formError} />
        <fieldset>
          <legend>Account</legend>
          <TextField {...field("email")} label="E-mail" type="email" autoComplete="off" maxLength={LIMITS.email} />
          <div className="field-row">
            <SelectField
              {...field("status")}
              label="Status"
              options={[
                { value: "active", label: "Active" },
                { value: "suspended", label: "Suspended" },
              ]}
            />
            <SelectField
              {...field("registrationPaid")}
              label="Registration payment"
              options={[
                { value: "paid", label: "Paid" },
                { value: "unpaid", label: "Not paid" },
              ]}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Details</legend>
          <ContactFields field={field} own={false} />
        </fieldset>
        <fieldset>
          <legend>Membership</legend>
          <SelectField
            {...field("membership")}
            label="Membership type"
            options={["Single", "Family"]}
            {...(hydrated ? { value: membership, onChange: setMembership } : { defaultValue: membership })}
          />
          {family ? <ChildCountField {...field("childCount")} childCount={childCount} onChange={setChildCount} hydrated={hydrated} /> : null}
          <UpdateTheForm />
        </fieldset>
        {family ? <FamilyFieldsets field={field} own={false} childRows={children} /> : null}
        <NewsletterField {...field(NEWSLETTER_FIELD)} current={loaded.newsletters} own={false} />
        <div className="amend-actions">
          <SubmitButton>Save</SubmitButton>
          <Link to={memberPagePath(loaded.id)}>Cancel</Link>
        </div>
      </Form>
    </AdminPage>
  );
}
