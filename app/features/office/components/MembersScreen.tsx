import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { memberTableSearch } from "~/features/office/member-table";
import type { ShellData } from "~/kernel/layout/shell-data";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { memberActionValue } from "~/features/office/member-action-value";
import { CopyField } from "./CopyField";
import { MembersFilters } from "./MembersFilters";
import { MembersTable } from "./MembersTable";
import { FormMessage, replyErrors, type FormReply } from "~/kernel/forms";
import type { ConfirmationStep, MembersTableView } from "~/features/office/members-screen";

const NUMBER = new Intl.NumberFormat("en-GB");

/**
 * /accounts and /deleted-members: the same screen over the current or the soft-deleted members.
 * `answer` is the route's action answer: a yes asked for (no JavaScript), or the form's reply,
 * refused (400) or our records unreachable (503).
 */
export function MembersScreen({ answer }: { answer: ConfirmationStep | FormReply | undefined }) {
  const { list, state, total, pages, rows, exportHref, accountantId } = useLoaderData<MembersTableView>();
  const shell = useRouteLoaderData<{ shell: ShellData }>("root")?.shell;
  const { pathname } = useLocation();
  const deletedList = list === "deleted";
  const path = deletedList ? "/deleted-members" : "/accounts";
  const title = deletedList ? "Deleted Members" : "Members";
  const first = total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const last = Math.min(total, state.page * state.size);
  const filtered = Boolean(state.q || state.status || state.membership || state.fee);

  return (
    <AdminPage title={title}>
      {answer && "confirm" in answer && pathname === path ? (
        <ConfirmStep
          confirm={{ question: answer.confirm.question, fields: { do: memberActionValue(answer.confirm.intent, answer.confirm.id) } }}
          action={`${path}${answer.confirm.search}`}
          cancelTo={`${path}${answer.confirm.search}`}
        />
      ) : null}
      <FormMessage message={replyErrors(answer && !("confirm" in answer) ? answer : undefined)[""]} />
      {shell?.toast?.copy ? <CopyField label={shell.toast.copy.label} value={shell.toast.copy.value} /> : null}
      {/* Keyed by the view: the inputs are uncontrolled, so a new URL (Clear, a header link) must reset them. */}
      <MembersFilters key={memberTableSearch(state)} state={state} path={path} />
      <MembersTable
        rows={rows}
        state={state}
        action={`${path}${memberTableSearch(state)}`}
        deletedList={deletedList}
        accountantId={accountantId}
        caption={title}
        head={{
          exportHref,
          content: (
            <p aria-live="polite">
              {total === 0 ? "No members" : `${NUMBER.format(first)}–${NUMBER.format(last)} of ${NUMBER.format(total)} ${total === 1 ? "member" : "members"}`}
              {filtered ? " (filtered)" : ""}
            </p>
          ),
        }}
        legend={
          <ul className="members-legend" aria-label="Row colours">
            <li>
              <span className="legend-swatch row-inactive" aria-hidden="true" /> Pink: not active
            </li>
            <li>
              <span className="legend-swatch row-renewal-due" aria-hidden="true" /> Amber: renewal due (last renewed before this year)
            </li>
            <li>
              <span aria-hidden="true">⚠</span> A child turns 18 this year: review the Family membership
            </li>
          </ul>
        }
        empty={
          total > 0
            ? "There are no members on this page."
            : filtered
              ? "No members match this search."
              : deletedList
                ? "No members have been deleted."
                : "There are no members yet."
        }
        pager={{ page: state.page, pages, label: `${title} pages`, href: (page) => `${path}${memberTableSearch(state, { page })}` }}
      />
    </AdminPage>
  );
}
