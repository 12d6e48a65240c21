import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { Field, FormMessage, SubmitButton, fieldBinder, replyErrors, replyValue, type FormReply } from "~/kernel/forms";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { GIFT_AID_KINDS } from "~/kernel/store/records";
import giftAidStyles from "../components/gift-aid.css?url";
import {
  GIFT_AID_PATH,
  GIFT_AID_SETTINGS_PATH,
  KIND_LABELS,
  SETTINGS_SAVED,
  SUBSCRIPTION_HELP,
  TICKETS_HELP,
  eligibleKindsOf,
  settingsSchema,
} from "../screens/screens";
import { saveSettings } from "../screens/screens.server";

export const meta: MetaFunction = () => privatePageMeta("Gift Aid settings | Back office");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: giftAidStyles }];
export const headers: HeadersFunction = actionOrLoaderHeaders;

/**
 * Which kinds of payment a claim takes, and the charity's details for HMRC (docs/requirements.md
 * §14, ADR 74): accountants only. Donations alone until an accountant says otherwise; tickets never.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return data({ settings: await context.store.giftAidSettings.get() }, { headers: noIndexHeaders() });
}

export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: settingsSchema });
  if (submission.status !== "success") return data(submission.reply() as FormReply, { status: 400, headers: noIndexHeaders() });
  const value = submission.value;
  await saveSettings(context, accountant, { eligibleKinds: eligibleKindsOf(value), charityReference: value.charityReference, charityName: value.charityName });
  return redirectWithToast(context, GIFT_AID_SETTINGS_PATH, { kind: "success", message: SETTINGS_SAVED });
}, storeErrorReply);

export default function GiftAidSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const errors = replyErrors(reply);
  const field = fieldBinder("gift-aid", errors, (name) => replyValue(reply, name));
  const ticked = (kind: (typeof GIFT_AID_KINDS)[number]) => (reply ? replyValue(reply, kind) === "on" : settings.eligibleKinds.includes(kind));

  return (
    <AdminPage title="Gift Aid settings">
      <p>
        <Link to={GIFT_AID_PATH}>Back to Gift Aid</Link>
      </p>
      <FormMessage message={errors[""]} />
      <Form method="post" noValidate className="gift-aid-settings">
        <fieldset>
          <legend>Payments that can be claimed on</legend>
          {GIFT_AID_KINDS.map((kind) => (
            <Field
              key={kind}
              id={`gift-aid-${kind}`}
              name={kind}
              type="checkbox"
              label={KIND_LABELS[kind]}
              defaultChecked={ticked(kind)}
              hint={kind === "renew" ? SUBSCRIPTION_HELP : undefined}
            />
          ))}
          <p className="field-hint">{TICKETS_HELP}</p>
        </fieldset>
        <Field
          {...field("charityReference")}
          defaultValue={field("charityReference").defaultValue ?? settings.charityReference}
          label="HMRC charity reference"
          hint="Like AB12345: on HMRC's letters about Gift Aid."
          autoComplete="off"
        />
        <Field
          {...field("charityName")}
          defaultValue={field("charityName").defaultValue ?? settings.charityName}
          label="Charity name, as HMRC knows it"
          autoComplete="off"
        />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </AdminPage>
  );
}
