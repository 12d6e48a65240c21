import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { formatPence } from "~/kernel/values/money";
import { refundPath } from "~/features/payments";
import { loadDonations } from "~/features/donations/donations-report.server";
import { DONATIONS_EMPTY, PERSON_KIND_LABELS, donationTotals, periodLabel, refundedText } from "~/features/donations/donations-report";
import reportStyles from "~/features/donations/styles/donations-report.css?url";
import { DONATIONS_REPORT_PATH, donationsPeriod, givenOnLabel, periodQuery } from "~/features/donations/donations";

export const meta: MetaFunction = () => privatePageMeta("Donations | Back office");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export const headers: HeadersFunction = loaderHeadersOnly;

interface Row {
  id: string;
  date: string;
  name: string;
  giver: string;
  amount: string;
  giftAid: string;
  message: string;
  refunded: string;
  refundHref: string;
}

/**
 * The donations report (docs/requirements.md §14), accountants only: the donations received in a
 * period (the tax year in progress unless chosen), each with its Gift Aid and refunds, the totals,
 * the CSV and Excel downloads of the same rows, and a Refund link to the refund every payment has.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const period = donationsPeriod(new URL(request.url).searchParams, Math.floor(Date.now() / 1000));
  const donations = await loadDonations(context, period);
  const totals = donationTotals(donations);
  const rows: Row[] = donations.map((d) => ({
    id: d.transactionId,
    date: givenOnLabel(d.day),
    name: d.name,
    giver: PERSON_KIND_LABELS[d.personKind],
    amount: formatPence(d.amount),
    giftAid: d.giftAid ? "Yes" : "No",
    message: d.message,
    refunded: refundedText(d),
    refundHref: refundPath(d.transactionId),
  }));
  return data(
    {
      period,
      label: periodLabel(period),
      rows,
      csvHref: `${DONATIONS_REPORT_PATH}.csv?${periodQuery(period)}`,
      totals: `${totals.count} ${totals.count === 1 ? "donation" : "donations"}, ${formatPence(totals.amount)} in all (${formatPence(totals.giftAidAmount)} with Gift Aid); refunded ${formatPence(totals.refunded)}.`,
    },
    { headers: noIndexHeaders() },
  );
}

const columns: AdminColumn<Row>[] = [
  { id: "date", header: "Date" },
  { id: "name", header: "Name", rowHeader: {} },
  { id: "giver", header: "Giver" },
  { id: "amount", header: "Amount" },
  { id: "giftAid", header: "Gift Aid" },
  { id: "message", header: "Message", cellClassName: () => "donations-message" },
  { id: "refunded", header: "Refunded" },
  {
    id: "refund",
    header: "Refund",
    cell: (row) => (
      <Link to={row.refundHref}>
        Refund<span className="visually-hidden">{` the donation by ${row.name} on ${row.date}`}</span>
      </Link>
    ),
  },
];

export default function DonationsReport() {
  const { period, label, rows, csvHref, totals } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === DONATIONS_REPORT_PATH;
  return (
    <AdminPage title="Donations">
      <Form method="get" className="report-period" aria-label="Period">
        <div className="field">
          <label htmlFor="donations-from">From</label>
          <input id="donations-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="field">
          <label htmlFor="donations-to">To</label>
          <input id="donations-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Please wait..." : "Show"}
        </button>
      </Form>
      <AdminTable
        caption={`Donations, ${label}`}
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        empty={DONATIONS_EMPTY}
        head={{ className: "report-head", content: <h2>{`Donations received ${label}`}</h2>, csv: { href: csvHref, hiddenLabel: ` of donations, ${label}` } }}
        tableClassName="dev-mail-table outbox-table"
        regionClassName="table-scroll"
        footer={totals}
      />
    </AdminPage>
  );
}
