import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { TableScrollHint } from "~/components/admin/TableScrollHint";
import { loadPendingPayments, reconcileAction } from "~/services/pending-payments.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("Pending payments | Dashboard");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadPendingPayments(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => reconcileAction(request, context);

/** Payments started but not settled: Reconcile asks the card provider what became of each. */
export default function PendingPayments() {
  const { rows, total, page, pages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <AdminPage title="Pending payments">
      <p>
        {total === 1 ? "1 payment" : `${total} payments`} started but not settled, oldest first. A member who closed the tab
        before returning, or a webhook that never came, leaves one here: Reconcile asks the card provider and settles or fails it.
      </p>
      {rows.length === 0 ? <p className="members-empty">No pending payments.</p> : <TableScrollHint />}
      {rows.length === 0 ? null : (
        <div className="table-scroll members-table-scroll" role="region" aria-label="Pending payments" tabIndex={0}>
          <table className="members-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Member</th>
                <th scope="col">Email</th>
                <th scope="col">Description</th>
                <th scope="col">Amount</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.created}</td>
                  <th scope="row" id={`payment-${row.id}`}>
                    {row.name}
                  </th>
                  <td>{row.email}</td>
                  <td>
                    {row.title}
                    {row.started ? null : <span className="row-notes"> (checkout never opened)</span>}
                  </td>
                  <td>{row.amount}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" className="button button-secondary" disabled={busyId === row.id} aria-describedby={`payment-${row.id}`}>
                        {busyId === row.id ? "Please wait..." : "Reconcile"}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="table-pager" aria-label="Pending payments pages">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`?page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
