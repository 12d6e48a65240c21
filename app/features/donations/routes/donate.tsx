import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormMessage, fieldBinder, SubmitButton, replyValue, useFormReply, formMessageReply, type FormReply } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { RichText } from "~/kernel/layout/RichText";
import { pageMeta } from "~/kernel/layout/page-meta";
import { getUser } from "~/kernel/auth/auth.server";
import { limited } from "~/kernel/http/answers.server";
import { passRetryAfter, privateHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { DECLARATION_TITLES, DONATION_LIMITS as LIMITS, OTHER_AMOUNT, type DonationField } from "~/features/donations/donation-form";
import { donationSchema } from "~/features/donations/donation";
import { DONATION_MESSAGES } from "~/features/donations/donation-form";
import { donationFormFor, loadDonatePage, startDonation } from "~/features/donations/donate.server";
import donateStyles from "~/features/donations/styles/donate.css?url";

/** The tags come with the loader's data, so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: donateStyles }];

/** A refused post says when to try again (429); the page is the visitor's own (a member's details are filled in). */
export const headers: HeadersFunction = passRetryAfter(privateHeaders());

/**
 * /donate (docs/requirements.md §14, ADR 74): the editor's words, an amount (a preset or another
 * from £1 to £1,000), a message, and the Gift Aid box with HMRC's model wording, which, ticked, asks
 * the name and home address (filled in for a signed-in member, whose declaration in force is reused).
 * Posting starts a Stripe Checkout for exactly the amount. One plain form: it works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadDonatePage(context, await getUser(request, context));
  return data(
    { ...page, meta: pageMeta("Donate", "Give to the association online, by card, with Gift Aid if you pay UK tax.") },
    { headers: privateHeaders() },
  );
}

async function act({ request, context }: ActionFunctionArgs) {
  // Anyone may give: a signed-in member as themself, anyone else as a visitor.
  const user = await getUser(request, context);
  const who = await donationFormFor(context, user);
  const submission = parseWithZod(await request.formData(), { schema: donationSchema(who), disableAutoCoercion: true });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [DONATION_MESSAGES.invalid] }), { status: 400 });
  const started = await startDonation(context, request, user, submission.value);
  if (started.ok) return redirect(started.url, 303);
  const typed = submission.reply().initialValue ?? null;
  if (started.status === 429) return limited<FormReply>({ ...formMessageReply(started.error), initialValue: typed }, started.retryAfter);
  return data<FormReply>({ ...formMessageReply(started.error), initialValue: typed }, { status: 503 });
}

/** A store outage answers the form again, with what was typed and one message (503). */
export const action = storeSafeAction(act, storeErrorReply);

export default function Donate() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { errors, formError, form } = useFormReply(reply);
  const typed = (name: DonationField) => replyValue(reply, name);
  const bind = fieldBinder<DonationField>("donate", errors, (name) => typed(name) ?? (page.prefill as Record<string, string>)[name]);
  const chosen = typed("amount");
  const giftAidTicked = typed("giftAid") === "on";
  const declaration = page.member?.declaration ?? null;

  return (
    <>
      <PageTitle title="Donate" />
      <section className="section donate-page">
        <div className="container donate-grid">
          <RichText html={page.html} className="donate-intro" />
          <Form method="post" noValidate className="donate-form" aria-labelledby="donate-form-title" {...form}>
            <h2 id="donate-form-title">Make a donation</h2>
            <FormMessage message={formError} />

            <fieldset className="donate-amounts" aria-describedby={errors.amount ? "donate-amount-error" : undefined}>
              <legend>How much would you like to give?</legend>
              <div className="donate-presets">
                {page.presets.map((preset) => (
                  <label key={preset.value} className="donate-preset">
                    <input type="radio" name="amount" value={preset.value} defaultChecked={chosen === preset.value} />
                    <span>{preset.label}</span>
                  </label>
                ))}
                <label className="donate-preset donate-preset-other">
                  <input type="radio" name="amount" value={OTHER_AMOUNT} defaultChecked={chosen === OTHER_AMOUNT} />
                  <span>Another amount</span>
                </label>
              </div>
              {errors.amount ? (
                <p className="field-error" id="donate-amount-error">
                  {errors.amount}
                </p>
              ) : null}
              <Field
                {...bind("otherAmount")}
                label="Another amount (£)"
                hint="From £1 to £1,000, like 15 or 12.50."
                inputMode="decimal"
                autoComplete="off"
                maxLength={LIMITS.otherAmount}
                className="donate-other"
              />
            </fieldset>

            <Field {...bind("message")} label="A message with your gift (optional)" as="textarea" rows={3} maxLength={LIMITS.message} />

            {page.member ? (
              <p className="donate-giver">{`You are giving as ${page.member.name}. Your receipt goes to your account's e-mail address.`}</p>
            ) : (
              <fieldset className="donate-about">
                <legend>About you</legend>
                <Field {...bind("fullName")} label="Full name" autoComplete="name" maxLength={LIMITS.fullName} />
                <Field {...bind("email")} label="E-mail address" type="email" autoComplete="email" maxLength={LIMITS.email} hint="Your receipt goes here." />
              </fieldset>
            )}

            <fieldset className="donate-gift-aid">
              <legend>Gift Aid</legend>
              <div className="donate-wording">
                {page.wording.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              <Field
                {...bind("giftAid")}
                defaultValue={undefined}
                value="on"
                defaultChecked={giftAidTicked}
                type="checkbox"
                label="Yes, I want to Gift Aid my donation"
                className="donate-gift-aid-box"
              />
              {declaration ? (
                <p className="donate-declaration">
                  {`Ticked, your Gift Aid declaration of ${declaration.givenOn} (${declaration.name}${declaration.postcode ? `, ${declaration.postcode}` : ""}) covers this gift: nothing more to fill in.`}
                </p>
              ) : (
                <div className="donate-gift-aid-details">
                  <p className="field-hint">Only if you ticked the box: HMRC needs your name and home address.</p>
                  <Field {...bind("title")} as="select" label="Title (optional)">
                    <option value="">None</option>
                    {DECLARATION_TITLES.map((title) => (
                      <option key={title} value={title}>
                        {title}
                      </option>
                    ))}
                  </Field>
                  {page.member ? <Field {...bind("fullName")} label="Full name" autoComplete="name" maxLength={LIMITS.fullName} /> : null}
                  <Field
                    {...bind("address")}
                    label="Home address"
                    as="textarea"
                    rows={3}
                    autoComplete="street-address"
                    maxLength={LIMITS.address}
                    hint="With your house name or number."
                  />
                  <Field {...bind("postcode")} label="Postcode" autoComplete="postal-code" maxLength={LIMITS.postcode} className="donate-postcode" />
                </div>
              )}
              <p className="field-hint">{page.notes}</p>
            </fieldset>

            <SubmitButton pendingText="Taking you to the payment...">Donate by card</SubmitButton>
            <p className="field-hint">You pay on Stripe&rsquo;s secure page, then come back here.</p>
          </Form>
        </div>
      </section>
    </>
  );
}
