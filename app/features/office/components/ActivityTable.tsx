import { ACTIVITY_EMPTY, type ActivityPage, type ActivityRow } from "~/kernel/activity/activity";
import { AdminTable, type AdminColumn } from "~/kernel/layout/back-office/AdminTable";

const ACTIVITY_PATH = "/accounts/activity";

const columns: AdminColumn<ActivityRow>[] = [
  { id: "when", header: "When" },
  { id: "who", header: "Who" },
  { id: "what", header: "What" },
  { id: "change", header: "Before → after" },
];

/** The activity log on the one admin table, newest first, with Newer/Older links (?page=N: works without JavaScript). */
export function ActivityTable({ activity }: { activity: ActivityPage }) {
  const { rows, total, page, pages } = activity;
  return (
    <AdminTable
      caption="Activity"
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      empty={ACTIVITY_EMPTY}
      emptyClassName="outbox-empty"
      above={total === 0 ? null : <p>{`${total === 1 ? "1 change" : `${total} changes`}, newest first. Times are UK time.`}</p>}
      tableClassName="dev-mail-table outbox-table activity-table"
      regionClassName="table-scroll"
      pager={{
        page,
        pages,
        label: "Activity pages",
        href: (to) => `${ACTIVITY_PATH}?page=${to}`,
        steps: { previous: "Newer", next: "Older" },
        className: "dev-mail-pages",
      }}
    />
  );
}
