import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { confirmationQuestion, type MemberAction } from "~/domain/member-actions";

export interface RowActionStates {
  privilege: { action: "grant" | "revoke"; label: string; refusal: string | null };
  sendLink: { refusal: string | null };
  delete: { refusal: string | null };
  restore: { refusal: string | null };
}

/**
 * Asks the spec's question in the browser and marks the post as confirmed; without
 * JavaScript the post arrives unconfirmed and the server asks on a page instead.
 */
function confirmFirst(question: string | null) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!question) return;
    if (!window.confirm(question)) {
      event.preventDefault();
      return;
    }
    const confirmed = event.currentTarget.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "1";
  };
}

function ActionForm(props: {
  path: string;
  returnTo: string;
  id: string;
  name: string;
  intent: MemberAction;
  label: string;
  refusal: string | null;
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("id") === props.id &&
    navigation.formData?.get("intent") === props.intent;
  const describedBy = props.refusal ? `${props.intent}-${props.id}-why` : undefined;
  return (
    <Form method="post" action={`${props.path}${props.returnTo}`} onSubmit={confirmFirst(confirmationQuestion(props.intent, props.name))} className="row-action">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <input type="hidden" name="confirmed" value="" />
      <button
        type="submit"
        className={`row-button${props.danger ? " row-button-danger" : ""}`}
        disabled={props.refusal !== null || busy}
        aria-describedby={describedBy}
        title={props.refusal ?? undefined}
      >
        {busy ? "Please wait..." : props.label}
        <span className="visually-hidden">: {props.name}</span>
      </button>
      {props.refusal ? (
        <span id={describedBy} className="visually-hidden">
          {props.refusal}
        </span>
      ) : null}
    </Form>
  );
}

export function MemberRowActions(props: {
  path: string;
  returnTo: string;
  deletedList: boolean;
  member: { id: string; name: string; actions: RowActionStates };
}) {
  const { member, path, returnTo, deletedList } = props;
  const common = { path, returnTo, id: member.id, name: member.name };
  const { actions } = member;
  return (
    <div className="row-actions">
      <a className="row-button row-link" href={`/member-details/${member.id}`} target="_blank" rel="noopener noreferrer">
        Show Details<span className="visually-hidden">: {member.name} (opens in a new tab)</span>
      </a>
      <ActionForm {...common} intent="send-link" label="Send Payment Link" refusal={actions.sendLink.refusal} />
      {deletedList ? (
        <ActionForm
          {...common}
          intent="restore"
          label="Restore Member"
          refusal={actions.restore.refusal}
        />
      ) : (
        <ActionForm
          {...common}
          intent="delete"
          label="Delete Member"
          refusal={actions.delete.refusal}
          danger
        />
      )}
      <ActionForm
        {...common}
        intent={actions.privilege.action}
        label={actions.privilege.label}
        refusal={actions.privilege.refusal}
      />
    </div>
  );
}
