import { PENDING_TEXT } from "~/kernel/forms";
import { memberActionValue } from "~/features/office/member-action-value";
import { rowActionStates, type MemberAction } from "~/features/office/member-actions";
import type { MemberRow } from "~/features/office/member-table";

/** The id of the one hidden "Opens in a new tab" note that every Show Details link points to. */
export const NEW_TAB_NOTE_ID = "members-new-tab-note";

type RowForActions = Pick<MemberRow, "id" | "name" | "inactive" | "roleKey" | "registrationPaid">;

/**
 * A row's buttons, inside the one form that wraps the table (MembersTable): each
 * button posts `do=<action>:<member id>`. No hooks and few attributes, because a page
 * of 500 rows must render fast on the server. The buttons say what they do and are
 * described by the row's name cell (`name-{id}`), so a screen reader hears "Delete
 * Member, Sara Thomas"; a button that cannot be used says why in its title.
 */
export function MemberRowActions(props: {
  deletedList: boolean;
  accountantId: string;
  /** The action being submitted for this row, if any (it shows SubmitButton's pending text). */
  pending: string | null;
  member: RowForActions;
}) {
  const { member, deletedList, accountantId, pending } = props;
  const states = rowActionStates(
    {
      id: member.id,
      fullName: member.name,
      active: !member.inactive,
      role: member.roleKey,
      deleted: deletedList,
      registrationPaid: member.registrationPaid,
    },
    accountantId,
  );
  const describedBy = `name-${member.id}`;

  // Not SubmitButton: that is a hook and a class per button, and these rows render by the hundred.
  const button = (intent: MemberAction, label: string, refusal: string | null) => (
    <button
      name="do"
      value={memberActionValue(intent, member.id)}
      disabled={refusal !== null || pending !== null}
      title={refusal ?? undefined}
      aria-describedby={describedBy}
    >
      {pending === intent ? PENDING_TEXT : label}
    </button>
  );

  return (
    <div className="row-actions">
      <a href={`/member-details/${member.id}`} target="_blank" rel="noopener noreferrer" aria-describedby={`${describedBy} ${NEW_TAB_NOTE_ID}`}>
        Show Details
      </a>
      {/* Correct the record; reject an applicant (its page asks for the reason and is the confirmation): docs/requirements.md §6.5, §6.6, ADR 0052. */}
      <a href={`/accounts/members/${member.id}/edit`} aria-describedby={describedBy}>
        Edit Member
      </a>
      {deletedList || member.registrationPaid ? null : (
        <a href={`/accounts/members/${member.id}/reject`} aria-describedby={describedBy}>
          Reject Application
        </a>
      )}
      {button("send-link", "Send Payment Link", states.sendLink.refusal)}
      {deletedList ? null : (
        <a href={`/accounts/record-payment/${member.id}`} aria-describedby={describedBy}>
          Record Payment
        </a>
      )}
      {deletedList ? button("restore", "Restore Member", states.restore.refusal) : button("delete", "Delete Member", states.delete.refusal)}
      {button(states.privilege.action, states.privilege.label, states.privilege.refusal)}
      {button(states.editor.action, states.editor.label, states.editor.refusal)}
      {button(states.steward.action, states.steward.label, states.steward.refusal)}
      {/* Members' data rights (docs/requirements.md §8.2, §8.3): their data, and the erase page (its own confirmation step) */}
      <a href={`/accounts/members/${member.id}/data`} aria-describedby={describedBy}>
        Their data
      </a>
      <a href={`/accounts/members/${member.id}/erase`} aria-describedby={describedBy}>
        Erase
      </a>
    </div>
  );
}
