import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/kernel/layout/page-meta";

export const meta: MetaFunction = () => pageMeta("Application Under Review", "Your membership application has been received and is under review.");

/** Where a new applicant lands after signing up (/confirmation, docs/requirements.md §3.3). */
export default function Confirmation() {
  return (
    <section className="status-page container confirmation-page">
      <h1>Application Under Review</h1>
      <p>Thank you: we have received your membership application.</p>
      <p>Please keep an eye on your email, including your spam folder.</p>
      <p>When the review is complete, we will send you a payment link by email.</p>
      <Link className="button" to="/home">
        Back To Home
      </Link>
    </section>
  );
}
