import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { Field, FormMessage, SubmitButton, fieldBinder, replyErrors, replyValue, type FormReply } from "~/kernel/forms";
import { confirmStep, type Confirmation } from "~/kernel/forms/confirm-step";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { ClaimRowsTable, ClaimsHistory, ProblemList } from "../components/ClaimTables";
import giftAidStyles from "../components/gift-aid.css?url";
import { CLAIM_MESSAGES, GIFT_AID_SETTINGS_PATH, claimPagePath, markClaimedSchema, periodSchema } from "../screens/screens";
import { defaultPeriod, loadClaimPage, markClaimed } from "../screens/screens.server";

export const meta: MetaFunction = () => privatePageMeta("Gift Aid | Back office");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: giftAidStyles }];
export const headers: HeadersFunction = actionOrLoaderHeaders;

/**
 * Building a Gift Aid claim (docs/requirements.md §14, ADR 74): accountants only. The period
 * is in the address (a GET form: it works without JavaScript and can be bookmarked); a period
 * that cannot be read answers 400 with its messages and no claim.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  if (!params.has("from") && !params.has("to"))
    return data({ page: await loadClaimPage(context, defaultPeriod()), periodReply: null }, { headers: noIndexHeaders() });
  const submission = parseWithZod(params, { schema: periodSchema });
  if (submission.status !== "success") return data({ page: null, periodReply: submission.reply() as FormReply }, { status: 400, headers: noIndexHeaders() });
  return data({ page: await loadClaimPage(context, submission.value), periodReply: null }, { headers: noIndexHeaders() });
}

type ActionAnswer = { reply: FormReply } | { confirm: Confirmation };

/** "Mark as claimed": guard, parse, ask first with the count and total, record once, redirect with a toast. */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: markClaimedSchema });
  if (submission.status !== "success") return data<ActionAnswer>({ reply: submission.reply() }, { status: 400, headers: noIndexHeaders() });
  const asked = submission.value;
  const back = claimPagePath({ from: asked.from, to: asked.to });
  const outcome = await markClaimed(context, accountant, asked);
  switch (outcome.kind) {
    case "nothing":
      return data<ActionAnswer>({ reply: submission.reply({ formErrors: [CLAIM_MESSAGES.nothing] }) }, { status: 400, headers: noIndexHeaders() });
    case "already-claimed":
      return redirectWithToast(context, back, { kind: "info", message: CLAIM_MESSAGES.alreadyClaimed });
    case "confirm":
    case "changed": {
      const fields = { from: asked.from, to: asked.to, hmrcReference: asked.hmrcReference, payments: String(outcome.payments), total: String(outcome.total) };
      const question = outcome.kind === "changed" ? `${CLAIM_MESSAGES.changed} ${outcome.question}` : outcome.question;
      return data<ActionAnswer>(confirmStep(question, fields), { headers: noIndexHeaders() });
    }
    case "done":
      return redirectWithToast(context, back, { kind: "success", message: outcome.toast });
  }
}, storeErrorReply);

export default function GiftAidClaim() {
  const { page, periodReply } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  // A store outage answers the form's reply itself (storeErrorReply): its message shows above the form.
  const reply = answer ? ("reply" in answer ? answer.reply : "confirm" in answer ? undefined : answer) : undefined;
  const periodErrors = replyErrors(periodReply);
  const period = fieldBinder("period", periodErrors, (name) => replyValue(periodReply, name) ?? page?.period[name as "from" | "to"]);
  const markErrors = replyErrors(reply);

  return (
    <AdminPage title="Gift Aid">
      <FormMessage message={markErrors[""]} />
      <p>
        Claim Gift Aid from HMRC on the payments of people who gave a declaration. Which payments count, and the charity&apos;s HMRC details:{" "}
        <Link to={GIFT_AID_SETTINGS_PATH}>Gift Aid settings</Link>.
      </p>
      <Form method="get" className="gift-aid-period" aria-labelledby="gift-aid-period-title">
        <h2 id="gift-aid-period-title" className="visually-hidden">
          Period
        </h2>
        <Field {...period("from")} label="From" type="date" hint="The first day, like 06/04/2026." />
        <Field {...period("to")} label="To" type="date" hint="The last day, like 05/04/2027." />
        <SubmitButton className="button button-secondary">Show payments</SubmitButton>
      </Form>

      {page ? (
        <>
          <p className="gift-aid-period-words">
            {`Payments received ${page.periodWords}. Eligible kinds: ${page.eligible}.`} The tax year runs from 6 April to 5 April.
          </p>

          {page.problems.length > 0 ? (
            <section className="gift-aid-section" aria-labelledby="gift-aid-problems-title">
              <h2 id="gift-aid-problems-title">{`To fix first (${page.problems.length})`}</h2>
              <p>These payments are left out of the claim until their declaration is corrected.</p>
              <ProblemList problems={page.problems} />
            </section>
          ) : null}

          {page.refundedAfterClaiming.length > 0 ? (
            <section className="gift-aid-section gift-aid-flags" aria-labelledby="gift-aid-flags-title">
              <h2 id="gift-aid-flags-title">Refunded after claiming: adjust the next claim</h2>
              <p>HMRC expects the Gift Aid on these to be taken off your next claim.</p>
              <ul className="gift-aid-refunded">
                {page.refundedAfterClaiming.map((flag) => (
                  <li key={flag.transactionId} data-transaction={flag.transactionId}>
                    {`${flag.name}, ${flag.date}: claimed on ${flag.claimed}, refunded ${flag.refunded}. `}
                    <Link to={flag.claimPath}>The claim</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="gift-aid-section" aria-labelledby="gift-aid-claimable-title">
            <h2 id="gift-aid-claimable-title">Ready to claim</h2>
            {page.rows.length === 0 ? (
              <p className="gift-aid-empty">
                {page.problems.length > 0
                  ? "Nothing is ready to claim in this period yet: fix the problems above first."
                  : "There is nothing to claim in this period: no eligible payment from someone with a Gift Aid declaration, or every one is already claimed."}
              </p>
            ) : (
              <>
                <dl className="gift-aid-totals">
                  <dt>Payments</dt>
                  <dd className="gift-aid-count">{page.count}</dd>
                  <dt>Total</dt>
                  <dd className="gift-aid-total">{page.total}</dd>
                  <dt>Gift Aid due (25%)</dt>
                  <dd className="gift-aid-due">{page.giftAid}</dd>
                </dl>
                <p className="gift-aid-downloads">
                  <a className="button button-secondary" href={page.ods} download>
                    Download the schedule (.ods)
                  </a>
                  <a className="button button-secondary" href={page.xlsx} download>
                    Download the schedule (.xlsx)
                  </a>
                </p>
                <ClaimRowsTable rows={page.rows} caption={`Payments to claim, ${page.periodWords}`} />

                {answer && "confirm" in answer ? (
                  <ConfirmStep
                    confirm={answer.confirm}
                    cancelTo={`${location.pathname}${location.search}`}
                    yes="Yes, mark as claimed"
                    titleId="gift-aid-confirm-title"
                  />
                ) : (
                  <section className="gift-aid-mark" aria-labelledby="gift-aid-mark-title">
                    <h2 id="gift-aid-mark-title">Mark as claimed…</h2>
                    <p>Once you have sent the schedule to HMRC through Charities Online, record the claim here so that its payments are never claimed twice.</p>
                    <Form method="post" noValidate>
                      <input type="hidden" name="from" value={page.period.from} />
                      <input type="hidden" name="to" value={page.period.to} />
                      <Field
                        id="claim-hmrcReference"
                        name="hmrcReference"
                        label="HMRC reference (optional)"
                        hint="You can add it later, from the claims history."
                        error={markErrors.hmrcReference}
                        defaultValue={replyValue(reply, "hmrcReference")}
                        autoComplete="off"
                      />
                      <SubmitButton>Mark as claimed…</SubmitButton>
                    </Form>
                  </section>
                )}
              </>
            )}
          </section>

          <section className="gift-aid-section" aria-labelledby="gift-aid-history-title">
            <h2 id="gift-aid-history-title">Claims history</h2>
            <ClaimsHistory claims={page.history} />
          </section>
        </>
      ) : (
        <p className="gift-aid-empty">Choose a period above to see its payments.</p>
      )}
    </AdminPage>
  );
}
