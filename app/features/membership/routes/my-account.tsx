import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountDetails, MyTickets, RenewalBox, TransactionHistory } from "~/features/membership/components/AccountSections";
import { replyErrors } from "~/kernel/forms";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { buttonPostSchema } from "~/kernel/forms/button-post-form";
import { pageMeta } from "~/kernel/layout/page-meta";
import { loadAccountPage } from "~/features/membership/account.server";
import { requireUser } from "~/kernel/auth/auth.server";
import { startRenewal } from "~/features/membership/membership-payments.server";
import { paymentStartResponse } from "~/features/membership/payment-start-response.server";
import { passRetryAfter } from "~/kernel/http/response-headers";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";

/** A refused payment start (429) tells the browser when to try again. */
export const headers: HeadersFunction = passRetryAfter();

/** The tags come with the loader's data (the same pageMeta), so the page's JavaScript carries none of their words. */
export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [];

/** The signed-in member's own account: the id comes from the session, never from the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireUser(request, context);
  return { ...(await loadAccountPage(context, member)), meta: pageMeta("My Account", "Your membership, renewal, tickets and payments.") };
}

/** Renew Now: this year's subscription through checkout (refused when already paid). */
async function act({ request, context }: ActionFunctionArgs) {
  const member = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: buttonPostSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400 });
  return paymentStartResponse(context, await startRenewal(context, request, member), "/mem-account");
}

/** A store outage answers the page again with one message (503, ADR 59). */
export const action = storeSafeAction(act, storeErrorReply);

export default function MemAccount() {
  const { details, renewal, booking, tickets, transactions } = useLoaderData<typeof loader>();
  // Only a refused start (too many attempts, 429) or a post not understood (400) answers here; every other answer redirects.
  const answer = useActionData<typeof action>();
  const refused = replyErrors(answer)[""];
  return (
    <>
      <PageTitle title="My Account" />
      <section className="section account-page">
        <div className="container account-grid">
          <AccountDetails details={details} />
          <RenewalBox renewal={renewal} membership={details.membership} error={refused} />
          <MyTickets tickets={tickets} booking={booking} />
          <TransactionHistory transactions={transactions} />
        </div>
      </section>
    </>
  );
}
