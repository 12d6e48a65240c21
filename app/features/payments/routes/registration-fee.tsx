import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormMessage, SubmitButton, formMessageReply, isFormReply, replyErrors } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { buttonPostSchema } from "~/kernel/forms/button-post-form";
import { ACCOUNT_NOT_FOUND, ALREADY_PAID_REGISTRATION } from "~/features/payments/payment-pages";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { loadRegistrationPayment, payRegistration, type RegistrationPaymentPage } from "~/features/payments/registration-payment.server";
import { storeSafeAction } from "~/kernel/forms/store-errors.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { limited, notFoundPage } from "~/kernel/http/answers.server";

/** The loader's private, no-store: this page is never cached, even for a visitor without cookies. */
export const headers: HeadersFunction = actionOrLoaderHeaders;

export const meta: MetaFunction = () => privatePageMeta("Pay Your Registration Fee");

/** Private, never indexed, and the token never leaves in a Referer. */
const LINK_PAGE_HEADERS = { ...noIndexHeaders(), "Referrer-Policy": "no-referrer" };

/** The page: 404 for a token that names no account. */
const pageResponse = (page: RegistrationPaymentPage) =>
  page.kind === "not-found" ? notFoundPage(page, LINK_PAGE_HEADERS) : data(page, { headers: LINK_PAGE_HEADERS });

export const loader = async ({ context, params }: LoaderFunctionArgs) => pageResponse(await loadRegistrationPayment(context, params.token ?? ""));
/**
 * PAY: no sign-in, the unguessable token is the key (the service looks it up). While our
 * records cannot be reached the page says so (503).
 */
export const action = storeSafeAction(
  async ({ context, request, params }: ActionFunctionArgs) => {
    const submission = parseWithZod(await request.formData(), { schema: buttonPostSchema });
    if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400 });
    const paid = await payRegistration(context, request, params.token ?? "");
    switch (paid.kind) {
      case "page":
        return pageResponse(paid.page);
      case "limited":
        return limited(formMessageReply(paid.message), paid.retryAfter, LINK_PAGE_HEADERS);
      case "checkout":
        return redirect(paid.url, 303);
      case "failed":
        return data(formMessageReply(paid.message), { status: 503, headers: LINK_PAGE_HEADERS });
    }
  },
  (_form, error) => formMessageReply(error),
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
  const answer = useActionData<typeof action>();
  const message = replyErrors(isFormReply(answer) ? answer : undefined)[""];
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
              <SubmitButton pending={submitting}>PAY</SubmitButton>
            </Form>
          </div>
        )}
      </section>
    </>
  );
}
