import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { MEMBER_ACTIONS, confirmationQuestion, rowActionStates, type MemberAction } from "~/domain/member-actions";
import type { MemberRow } from "~/domain/member-table";

/**
 * Asks the spec's question in the browser and marks the post as confirmed; without
 * JavaScript the post arrives unconfirmed and the server asks on a page instead.
 */
function confirmFirst(name: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : "";
    if (!(MEMBER_ACTIONS as readonly string[]).includes(intent)) return;
    const question = confirmationQuestion(intent as MemberAction, name);
    if (!question) return;
    if (!window.confirm(question)) {
      event.preventDefault();
      return;
    }
    const confirmed = event.currentTarget.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "1";
  };
}

/** The id of the one hidden "Opens in a new tab" note that every Show Details link points to. */
export const NEW_TAB_NOTE_ID = "members-new-tab-note";

type RowForActions = Pick<MemberRow, "id" | "name" | "inactive" | "isAccountant" | "registrationPaid">;

/**
 * One small form per row (a page of 500 rows stays light): the buttons say what they
 * do, and each is described by the row's name cell (`name-{id}`), so a screen reader
 * hears "Delete Member, Sara Thomas". A button that cannot be used says why in its title.
 */
export function MemberRowActions(props: { action: string; deletedList: boolean; accountantId: string; member: RowForActions }) {
  const { member, action, deletedList, accountantId } = props;
  const navigation = useNavigation();
  const states = rowActionStates(
    {
      id: member.id,
      fullName: member.name,
      active: !member.inactive,
      role: member.isAccountant ? "accountant" : "member",
      deleted: deletedList,
      registrationPaid: member.registrationPaid,
    },
    accountantId,
  );
  const pending = navigation.state === "submitting" && navigation.formData?.get("id") === member.id ? navigation.formData.get("intent") : null;
  const describedBy = `name-${member.id}`;

  const button = (intent: MemberAction, label: string, refusal: string | null, danger = false) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={danger ? "row-button row-button-danger" : "row-button"}
      disabled={refusal !== null || pending !== null}
      title={refusal ?? undefined}
      aria-describedby={describedBy}
    >
      {pending === intent ? "Please wait..." : label}
    </button>
  );

  return (
    <Form method="post" action={action} onSubmit={confirmFirst(member.name)} className="row-actions">
      <input type="hidden" name="id" value={member.id} />
      <input type="hidden" name="confirmed" value="" />
      <a className="row-button" href={`/member-details/${member.id}`} target="_blank" rel="noopener noreferrer" aria-describedby={`${describedBy} ${NEW_TAB_NOTE_ID}`}>
        Show Details
      </a>
      {button("send-link", "Send Payment Link", states.sendLink.refusal)}
      {deletedList
        ? button("restore", "Restore Member", states.restore.refusal)
        : button("delete", "Delete Member", states.delete.refusal, true)}
      {button(states.privilege.action, states.privilege.label, states.privilege.refusal)}
    </Form>
  );
}
