import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { PaymentResult } from "~/features/payments/components/PaymentResult";
import { CANCEL_MESSAGE, PAYMENT_FAILED_TITLE } from "~/features/payments/payment-pages";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";
import { failFromCancel } from "~/features/payments/settlement.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

/** The loader's private, no-store: this page is never cached, even for a visitor without cookies. */
export const headers: HeadersFunction = actionOrLoaderHeaders;

export const meta: MetaFunction = () => privatePageMeta(PAYMENT_FAILED_TITLE);

/** The payer cancelled (or the payment failed): a pending transaction whose session is not paid becomes failed. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  await failFromCancel(context, params.id ?? "");
  return data(null, { headers: noIndexHeaders() });
}

export default function PaymentCancel() {
  return <PaymentResult title={PAYMENT_FAILED_TITLE} message={CANCEL_MESSAGE} tone="failed" linkText="Done" />;
}
