import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { noIndexHeaders, loaderHeadersOnly } from "~/kernel/http/response-headers";
import { parts } from "~/kernel/dates/dates";
import { memberPagePath } from "~/features/office";
import { listBadAddresses } from "~/features/mailings/consent/bad-addresses.server";
import { BAD_ADDRESSES_EMPTY, BAD_ADDRESSES_INTRO, BAD_REASON_LABELS } from "~/features/mailings/consent/bad-addresses";

export const meta: MetaFunction = () => privatePageMeta("Bad addresses | Back office");

export const headers: HeadersFunction = loaderHeadersOnly;

interface Row {
  id: string;
  memberHref: string;
  memberName: string;
  email: string;
  reason: string;
  when: string;
}

const when = (at: number) => {
  const p = parts(at, { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
};

/**
 * Addresses that bounced or complained (docs/requirements.md §13), accountants only: each with the
 * member's name (a link to their page, whose Edit corrects the e-mail), the address, why and when.
 * Only the addresses that are still the member's are listed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const rows: Row[] = (await listBadAddresses(context)).map((row) => ({
    id: `${row.memberId}/${row.email}`,
    memberHref: memberPagePath(row.memberId),
    memberName: row.memberName,
    email: row.email,
    reason: BAD_REASON_LABELS[row.reason],
    when: when(row.at),
  }));
  return data({ rows }, { headers: noIndexHeaders() });
}

const columns: AdminColumn<Row>[] = [
  { id: "member", header: "Member", rowHeader: {}, cell: (row) => <Link to={row.memberHref}>{row.memberName}</Link> },
  { id: "email", header: "Address" },
  { id: "reason", header: "What happened" },
  { id: "when", header: "When" },
];

export default function BadAddresses() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Bad addresses">
      <p>{BAD_ADDRESSES_INTRO}</p>
      <AdminTable
        caption="Bad addresses"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        empty={BAD_ADDRESSES_EMPTY}
        emptyClassName="outbox-empty"
        tableClassName="dev-mail-table outbox-table"
        regionClassName="table-scroll"
      />
    </AdminPage>
  );
}
