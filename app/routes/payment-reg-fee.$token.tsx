import { parseWithZod } from "@conform-to/zod/v4";
import { data, type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormMessage, replyErrors, type FormReply } from "~/components/forms";
import { PageTitle } from "~/components/layout/Breadcrumbs";
import { ACTION_NOT_UNDERSTOOD } from "~/domain/back-office-messages";
import { buttonPostSchema } from "~/domain/button-post-form";
import { ACCOUNT_NOT_FOUND, ALREADY_PAID_REGISTRATION } from "~/domain/payment-pages";
import { loadRegistrationPayment, payRegistration } from "~/services/registration-payment.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { privatePageMeta } from "~/domain/private-page-meta";

/** The loader's private, no-store: this page is never cached, even for a visitor without cookies. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: MetaFunction = () => privatePageMeta("Pay Your Registration Fee");

export const loader = ({ context, params }: LoaderFunctionArgs) => loadRegistrationPayment(context, params.token ?? "");
/**
 * PAY: no sign-in, the unguessable token is the key (the service looks it up). While our
 * records cannot be reached the page says so (503).
 */
export const action = storeSafeAction(
  async ({ context, request, params }: ActionFunctionArgs) => {
    const submission = parseWithZod(await request.formData(), { schema: buttonPostSchema });
    if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400 });
    return payRegistration(context, request, params.token ?? "");
  },
  (_form, error) => ({ error }),
);

function Message({ text }: { text: string }) {
  return (
    <div className="container payment-result">
      <p>{text}</p>
      <Link to="/home" className="button">
        Go to Home
      </Link>
    </div>
  );
}

export default function PayRegistrationFee() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<{ error?: string } | FormReply>();
  const message = answer && "error" in answer && typeof answer.error === "string" ? answer.error : replyErrors(answer as FormReply | undefined)[""];
  const submitting = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle title="Pay Your Registration Fee" />
      <section className="section">
        {page.kind === "not-found" ? (
          <Message text={ACCOUNT_NOT_FOUND} />
        ) : page.kind === "paid" ? (
          <Message text={ALREADY_PAID_REGISTRATION} />
        ) : (
          <div className="container registration-payment">
            <dl className="registration-payer">
              <dt>Name</dt>
              <dd>{page.name}</dd>
              <dt>Post code</dt>
              <dd>{page.postcode}</dd>
              <dt>Membership</dt>
              <dd>{page.membership}</dd>
            </dl>
            <table className="fee-table">
              <caption className="visually-hidden">Registration fees</caption>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.amount}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{page.totalLabel}</th>
                  <td>{page.total}</td>
                </tr>
              </tfoot>
            </table>
            <FormMessage message={message} />
            <Form method="post">
              <button type="submit" className="button" disabled={submitting}>
                {submitting ? "Please wait..." : "PAY"}
              </button>
            </Form>
          </div>
        )}
      </section>
    </>
  );
}
