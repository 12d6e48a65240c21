import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/components/payments/PaymentResult";
import { loadPaymentReturn } from "~/services/payment-return.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Payment" }, { name: "robots", content: "noindex" }];

/** Where the card provider sends the payer back after the family upgrade payment: settles only a verified, paid session. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadPaymentReturn(request, context, params, "upgrade");

export default function PaymentReturn() {
  return <PaymentResult {...useLoaderData<typeof loader>()} />;
}
