import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/features/payments/components";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { loadFreeTicketSuccess } from "~/features/tickets/ticket-booking.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title ?? "Ticket");

export const headers: HeadersFunction = loaderHeadersOnly;

/** A free booking's page: success only for that member's own paid ticket that cost nothing. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const { status, ...page } = await loadFreeTicketSuccess(context, params.ticketId ?? "", params.memId ?? "");
  return data(page, { status, headers: noIndexHeaders() });
}

export default function TicketSuccess() {
  return <PaymentResult {...useLoaderData<typeof loader>()} />;
}
