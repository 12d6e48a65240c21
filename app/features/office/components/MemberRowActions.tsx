import { PENDING_TEXT } from "~/kernel/forms";
import { memberActionValue } from "~/features/office/member-action-value";
import { rowActionStates } from "~/features/office/member-actions";
import type { MemberRow } from "~/features/office/member-table";

type RowForActions = Pick<MemberRow, "id" | "name" | "inactive" | "roleKey" | "registrationPaid" | "erased">;

/**
 * A row's one safe action (docs/requirements.md §6.3, ADR 63): "Record payment" on the members
 * list, "Restore" (behind its question) on the deleted list, nothing for an erased record.
 * Everything else (send the payment link, reject, delete, erase, privileges, their data) is on
 * the member's page, which the row's name opens. The action is described by the row's name
 * cell (`name-{id}`), so a screen reader hears "Record payment, Sara Thomas".
 */
export function MemberRowActions(props: {
  deletedList: boolean;
  accountantId: string;
  /** The action being submitted for this row, if any (it shows the pending text). */
  pending: string | null;
  member: RowForActions;
}) {
  const { member, deletedList, accountantId, pending } = props;
  const describedBy = `name-${member.id}`;
  if (member.erased) return <span className="row-actions-none">Erased: nothing to do</span>;
  if (!deletedList) {
    return (
      <div className="row-actions">
        <a href={`/accounts/record-payment/${member.id}`} aria-describedby={describedBy}>
          Record payment
        </a>
      </div>
    );
  }
  const restore = rowActionStates(
    { id: member.id, fullName: member.name, active: !member.inactive, role: member.roleKey, deleted: true, registrationPaid: member.registrationPaid },
    accountantId,
  ).restore;
  // Not SubmitButton: that is a hook per button, and these rows render by the page.
  return (
    <div className="row-actions">
      <button
        name="do"
        value={memberActionValue("restore", member.id)}
        disabled={restore.refusal !== null || pending !== null}
        title={restore.refusal ?? undefined}
        aria-describedby={describedBy}
      >
        {pending === "restore" ? PENDING_TEXT : "Restore"}
      </button>
    </div>
  );
}
