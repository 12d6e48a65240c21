import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { Field, FormMessage, SubmitButton, replyErrors, replyValue, type FormReply } from "~/kernel/forms";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { ClaimRowsTable } from "../components/ClaimTables";
import giftAidStyles from "../components/gift-aid.css?url";
import { CLAIM_MESSAGES, GIFT_AID_PATH, claimActionSchema, claimPath } from "../screens/screens";
import { loadClaim, reopenClaim, setClaimReference } from "../screens/screens.server";

export const meta: MetaFunction = () => privatePageMeta("Gift Aid claim | Back office");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: giftAidStyles }];
export const headers: HeadersFunction = actionOrLoaderHeaders;

/**
 * One Gift Aid claim as recorded (docs/requirements.md §14, ADR 74): its payments and
 * schedule, HMRC's reference once known, and "Reopen…" with a reason while it has none (a
 * claim HMRC has is corrected by adjusting the next one). Accountants only.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const page = await loadClaim(context, String(params.id));
  if (!page) throw notFound();
  return data({ page }, { headers: noIndexHeaders() });
}

type ActionAnswer = { intent: "reference" | "reopen"; reply: FormReply } | { intent: "reopen"; confirm: Confirmation };

const refused = (intent: "reference" | "reopen", reply: FormReply) => data<ActionAnswer>({ intent, reply }, { status: 400, headers: noIndexHeaders() });

export const action = storeSafeAction(async ({ request, params, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const id = String(params.id);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: claimActionSchema });
  const intent = form.get("intent") === "reopen" ? "reopen" : "reference";
  if (submission.status !== "success") {
    const known = form.get("intent") === "reopen" || form.get("intent") === "reference";
    return refused(intent, known ? submission.reply() : submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }));
  }
  const asked = submission.value;
  if (asked.intent === "reopen" && !asked.confirmed) {
    const page = await loadClaim(context, id);
    if (!page) throw notFound();
    return data<ActionAnswer>(
      { intent: "reopen", ...confirmStep(page.reopenQuestion, { intent: "reopen", reason: asked.reason }) },
      { headers: noIndexHeaders() },
    );
  }
  const outcome =
    asked.intent === "reopen"
      ? await reopenClaim(context, accountant, id, asked.reason)
      : await setClaimReference(context, accountant, id, asked.hmrcReference);
  if (outcome === "not-found") throw notFound();
  if (outcome === "locked")
    return refused(asked.intent, submission.reply({ formErrors: [asked.intent === "reopen" ? CLAIM_MESSAGES.reopenLocked : CLAIM_MESSAGES.referenceLocked] }));
  return redirectWithToast(context, claimPath(id), {
    kind: "success",
    message: asked.intent === "reopen" ? CLAIM_MESSAGES.reopened : CLAIM_MESSAGES.referenceSet,
  });
}, storeErrorReply);

export default function GiftAidPastClaim() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const { claim } = page;
  // A store outage answers the form's reply itself (storeErrorReply), with no intent: its message shows at the top.
  const reply = answer ? ("reply" in answer ? answer.reply : "confirm" in answer ? undefined : answer) : undefined;
  const errors = replyErrors(reply);
  const asking = answer && "confirm" in answer ? answer.confirm : null;
  const intent = answer && "intent" in answer ? answer.intent : undefined;

  return (
    <AdminPage title={`Gift Aid claim: ${claim.period}`}>
      <p>
        <Link to={GIFT_AID_PATH}>Back to Gift Aid</Link>
      </p>
      <FormMessage message={errors[""]} />
      <dl className="gift-aid-totals">
        <dt>Status</dt>
        <dd className="gift-aid-status">{claim.status}</dd>
        <dt>Made on</dt>
        <dd>{claim.madeOn}</dd>
        <dt>Payments</dt>
        <dd>{claim.payments}</dd>
        <dt>Total</dt>
        <dd>{claim.total}</dd>
        <dt>Gift Aid</dt>
        <dd>{claim.giftAid}</dd>
        <dt>HMRC reference</dt>
        <dd className="gift-aid-reference">{claim.reference || "Not entered yet"}</dd>
      </dl>

      {page.open ? (
        <>
          <p className="gift-aid-downloads">
            <a className="button button-secondary" href={claim.ods} download>
              Download the schedule (.ods)
            </a>
            <a className="button button-secondary" href={claim.xlsx} download>
              Download the schedule (.xlsx)
            </a>
          </p>

          {claim.reference ? null : (
            <section className="gift-aid-section" aria-labelledby="gift-aid-reference-title">
              <h2 id="gift-aid-reference-title">HMRC reference</h2>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="reference" />
                <Field
                  id="claim-hmrcReference"
                  name="hmrcReference"
                  label="HMRC's reference for this claim"
                  hint="Once it is entered the claim cannot be reopened."
                  error={intent === "reference" ? errors.hmrcReference : undefined}
                  defaultValue={intent === "reference" ? replyValue(reply, "hmrcReference") : undefined}
                  autoComplete="off"
                />
                <SubmitButton>Save the reference</SubmitButton>
              </Form>
            </section>
          )}

          <ClaimRowsTable rows={page.items} caption="Payments in this claim" />

          {page.mayReopen ? (
            asking ? (
              <ConfirmStep confirm={asking} cancelTo={location.pathname} yes="Yes, reopen" titleId="gift-aid-reopen-confirm-title" />
            ) : (
              <section className="gift-aid-danger" aria-labelledby="gift-aid-reopen-title">
                <h2 id="gift-aid-reopen-title">Reopen…</h2>
                <p>Only if this claim was not sent to HMRC, or HMRC rejected it: its payments can then be claimed again.</p>
                <Form method="post" noValidate>
                  <input type="hidden" name="intent" value="reopen" />
                  <Field
                    id="claim-reason"
                    name="reason"
                    label="Reason"
                    as="textarea"
                    rows={3}
                    maxLength={500}
                    error={intent === "reopen" ? errors.reason : undefined}
                    defaultValue={intent === "reopen" ? replyValue(reply, "reason") : undefined}
                  />
                  <SubmitButton className="button button-secondary">Reopen…</SubmitButton>
                </Form>
              </section>
            )
          ) : null}
        </>
      ) : (
        <p className="gift-aid-empty">This claim was reopened: its payments can be claimed again from the Gift Aid page.</p>
      )}
    </AdminPage>
  );
}
