import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/components/payments/PaymentResult";
import { loadPaymentReturn } from "~/services/payment-return.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title ?? "Payment");

/** Where the card provider sends the payer back after the renewal payment: settles only a verified, paid session. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadPaymentReturn(request, context, params, "renewal");

export default function PaymentReturn() {
  return <PaymentResult {...useLoaderData<typeof loader>()} />;
}
