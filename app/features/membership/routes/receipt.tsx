import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";
import { useHydrated } from "~/kernel/layout/use-hydrated";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { receiptRows } from "~/features/payments";
import { requireUser } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { loadReceipt } from "~/features/payments/index.server";
import receiptStyles from "~/features/membership/styles/receipt.css?url";
import { notFound } from "~/kernel/http/answers.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => privatePageMeta(loaded ? `${loaded.view.heading} | My Account` : "Receipt | My Account");

/**
 * A settled payment's printable receipt (docs/requirements.md §4.11, ADR 0053): the member sees only their own,
 * an accountant any; any other transaction, or one not paid, is not found (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const view = await loadReceipt(context, viewer, String(params.transactionId));
  if (!view) throw notFound(privateHeaders());
  return data({ view, rows: receiptRows(view) }, { headers: privateHeaders() });
}

/** "Print" needs JavaScript (window.print); without it the page says how to use the browser's own. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="account-note">To print this receipt, use your browser&apos;s Print (Ctrl+P, or ⌘P on a Mac).</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  );
}

export default function Receipt() {
  const { view, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Receipt" parent={{ label: "My Account", to: "/mem-account" }} />
      <article className="receipt" aria-labelledby="receipt-title">
        <address className="receipt-from">
          <strong>{view.association.name}</strong>
          {view.association.address.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
          {/* How to reach the association, as the settings say (ADR 67): each only when set. */}
          {[view.association.email, view.association.phone].filter(Boolean).map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </address>
        <h1 id="receipt-title">{view.heading}</h1>
        <dl className="receipt-rows">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>Thank you for your payment.</p>
        <div className="receipt-actions">
          <PrintButton />
          <Link to="/mem-account">Back to My Account</Link>
        </div>
      </article>
    </>
  );
}
