import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/features/payments/components";
import { loadPaymentReturn, paymentReturnHeaders } from "~/features/payments/index.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title ?? "Payment");

/**
 * Where the card provider sends the payer back after a ticket payment: settles only a
 * verified, paid session of a transaction for this ticket; settling marks the ticket paid.
 */
export const headers: HeadersFunction = loaderHeadersOnly;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { outcome, status, page } = await loadPaymentReturn(
    request,
    context,
    { id: params.transactionId, memId: params.memId, ticketId: params.ticketId },
    "ticket",
  );
  return data(page, { status, headers: paymentReturnHeaders(outcome) });
}

export default function TicketPaymentReturn() {
  return <PaymentResult {...useLoaderData<typeof loader>()} />;
}
