import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { FormMessage, SubmitButton, replyErrors } from "~/kernel/forms";
import { PRACTICE_MESSAGES, practiceCheckoutSchema } from "~/features/payments/practice-checkout-form";
import {
  actOnPracticeCheckout,
  loadPracticeCheckout,
  requirePracticeSession,
  type PracticeCheckoutView,
} from "~/features/payments/checkout/practice-page.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { noIndexHeaders } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

export const meta: MetaFunction = () => privatePageMeta("Practice checkout");

/** Never cached, never indexed, whatever the answer. */
export const headers: HeadersFunction = () => noIndexHeaders();

/** The local stand-in for Stripe's hosted checkout (no STRIPE_SECRET_KEY). Production answers 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const view = await loadPracticeCheckout(request, context, params.id ?? "");
  return data({ view, formError: null }, { headers: noIndexHeaders() });
}

/** Pay or Cancel (303 to the return page); anything else, or a return address off this site, is refused (400). */
async function act({ request, context, params }: ActionFunctionArgs) {
  const session = await requirePracticeSession(context, params.id ?? "");
  const submission = parseWithZod(await request.formData(), { schema: practiceCheckoutSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [PRACTICE_MESSAGES.badIntent] }), { status: 400, headers: noIndexHeaders() });
  const outcome = await actOnPracticeCheckout(context, { session, intent: submission.value.intent, requestUrl: request.url });
  if (outcome.kind === "refused") return data(submission.reply({ formErrors: [outcome.message] }), { status: 400, headers: noIndexHeaders() });
  return redirect(outcome.to, { status: 303, headers: noIndexHeaders() });
}

/** A store outage answers the page again with one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

function Label() {
  return (
    <div className="practice-label" role="note" aria-labelledby="practice-label-title">
      <h2 id="practice-label-title">Practice checkout — no real payment is taken</h2>
      <p>
        This site has no <code>STRIPE_SECRET_KEY</code>, so it uses this practice page instead of Stripe&apos;s checkout. No card is asked for and no money
        moves, but <strong>Pay</strong> and <strong>Cancel</strong> lead to the same return pages and the same settlement as a real payment.
      </p>
    </div>
  );
}

function OpenCheckout({ view }: { view: PracticeCheckoutView }) {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const pressed = navigation.state === "submitting" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const busy = pressed === "pay" || pressed === "cancel";
  return (
    <>
      {view.description ? <p className="practice-description">{view.description}</p> : null}
      <div className="table-scroll">
        <table className="practice-items">
          <caption>What is being paid for</caption>
          <thead>
            <tr>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item, index) => (
              <tr key={`${item.price}-${index}`}>
                <td className="practice-price-id">{item.price}</td>
                <td>{item.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="practice-total">{view.total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="practice-email">
        E-mail: <strong>{view.customerEmail}</strong>
      </p>
      <Form method="post" className="practice-actions" aria-label="Pay or cancel">
        <FormMessage message={replyErrors(reply)[""]} />
        <SubmitButton name="intent" value="pay" pending={pressed === "pay"} disabled={busy}>
          Pay
        </SubmitButton>
        <SubmitButton name="intent" value="cancel" className="button button-secondary" pending={pressed === "cancel"} disabled={busy}>
          Cancel
        </SubmitButton>
      </Form>
    </>
  );
}

export default function PracticeCheckout() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Practice checkout" />
      <section className="section container practice-checkout">
        <Label />
        {view.state === "open" ? <OpenCheckout view={view} /> : null}
        {view.state === "complete" ? (
          <p className="practice-closed">
            This checkout is already paid.{" "}
            {view.successHref ? (
              <Link to={view.successHref} reloadDocument>
                Continue to the return page
              </Link>
            ) : null}
          </p>
        ) : null}
        {view.state === "expired" ? <p className="practice-closed">This checkout has expired.</p> : null}
      </section>
    </>
  );
}
