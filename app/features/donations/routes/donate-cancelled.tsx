import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { cancelDonation } from "~/features/donations/donation-return.server";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { actionOrLoaderHeaders, noIndexHeaders } from "~/kernel/http/response-headers";

export const meta: MetaFunction = () => privatePageMeta("Donation cancelled");

/** Never cached, even for a visitor without cookies. */
export const headers: HeadersFunction = actionOrLoaderHeaders;

/** /donate/cancelled/:transactionId: the giver left the checkout; a pending donation not paid becomes failed. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const found = await cancelDonation(context, params.transactionId ?? "");
  return data(null, { status: found ? 200 : 404, headers: noIndexHeaders() });
}

export default function DonationCancelled() {
  return (
    <>
      <PageTitle title="Donation cancelled" />
      <section className="section">
        <div className="container payment-result payment-result-failed" role="alert">
          <p>Your donation was not taken: nothing was charged.</p>
          <Link to="/donate" className="button">
            Back to Donate
          </Link>
        </div>
      </section>
    </>
  );
}
