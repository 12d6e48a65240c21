import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { MEMBERS_PAGE_SIZE, memberTableSearch } from "~/features/office/member-table";
import type { ShellData } from "~/kernel/layout/shell-data";
import { AdminPage } from "~/kernel/layout/back-office/AdminPage";
import { ConfirmStep } from "~/kernel/forms/ConfirmStep";
import { memberActionValue } from "~/features/office/member-action-value";
import { CopyField } from "./CopyField";
import { MembersFilters } from "./MembersFilters";
import { MembersTable } from "./MembersTable";
import { FormMessage, replyErrors, type FormReply } from "~/kernel/forms";
import type { ConfirmationStep, MembersTableView } from "~/features/office/members-screen";

/** Previous and Next of a keyset page (ADR 63): links, so they work without JavaScript; a step that leads nowhere is left out. */
function KeysetPager({ path, links, label }: { path: string; links: MembersTableView["links"]; label: string }) {
  if (!links.next && !links.previous) return null;
  return (
    <nav className="table-pager" aria-label={label}>
      {links.previous ? (
        <Link to={`${path}${links.previous}`} rel="prev" preventScrollReset>
          ← Previous {MEMBERS_PAGE_SIZE}
        </Link>
      ) : null}
      {links.next ? (
        <Link to={`${path}${links.next}`} rel="next" preventScrollReset>
          Next {MEMBERS_PAGE_SIZE} →
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * /accounts and /deleted-members: the same screen over the current or the soft-deleted members.
 * `answer` is the route's action answer: a yes asked for (no JavaScript), or the form's reply,
 * refused (400) or our records unreachable (503).
 */
export function MembersScreen({ answer }: { answer: ConfirmationStep | FormReply | undefined }) {
  const { list, state, links, rows, exportHref, accountantId, staffTwoStepOff } = useLoaderData<MembersTableView>();
  const shell = useRouteLoaderData<{ shell: ShellData }>("root")?.shell;
  const { pathname } = useLocation();
  const deletedList = list === "deleted";
  const path = deletedList ? "/deleted-members" : "/accounts";
  const title = deletedList ? "Deleted Members" : "Members";
  const paged = Boolean(state.after || state.before);
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
      {staffTwoStepOff ? (
        <p className="staff-two-step-notice" data-staff-two-step-off>
          Staff do not have to use two-step verification yet, so a stolen password alone opens the back office.{" "}
          <Link to="/accounts/security">Require it in Security</Link>.
        </p>
      ) : null}
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
              {rows.length === 0 ? "No members" : `${rows.length} ${rows.length === 1 ? "member" : "members"} on this page`}
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
          paged
            ? "There are no more members here: go back to the first page."
            : filtered
              ? "No members match this search."
              : deletedList
                ? "No members have been deleted."
                : "There are no members yet."
        }
      />
      <KeysetPager path={path} links={links} label={`${title} pages`} />
    </AdminPage>
  );
}
