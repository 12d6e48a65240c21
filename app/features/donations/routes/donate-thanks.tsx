import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DonationResult } from "~/features/donations/components/DonationResult";
import { loadDonationThanks } from "~/features/donations/donation-return.server";
import { paymentReturnHeaders } from "~/features/payments/index.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { loaderHeadersOnly } from "~/kernel/http/response-headers";

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title ?? "Donation");

/** Private, never indexed; X-Settlement says what this request did (docs/requirements.md §4.5). */
export const headers: HeadersFunction = loaderHeadersOnly;

/** /donate/thanks/:transactionId?session_id=…: where Checkout sends the giver back; settles only a verified, paid session. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const hint = new URL(request.url).searchParams.get("session_id");
  const { outcome, status, page } = await loadDonationThanks(context, params.transactionId ?? "", hint);
  return data(page, { status, headers: paymentReturnHeaders(outcome) });
}

export default function DonationThanks() {
  return <DonationResult {...useLoaderData<typeof loader>()} />;
}
