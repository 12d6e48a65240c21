import type { AppLoadContext } from "@remix-run/cloudflare";
import { roleChange, type ActivityEvent, type ActivityMember } from "~/kernel/activity/activity";
import { actionDoneMessage, actionPatch, actionRefusal, confirmationQuestion, type MemberAction } from "./member-actions";
import { memberBrowseQuery, memberExportHref, memberRow, pageLinks, readMemberTableParams } from "./member-table";
import { isErasedEmail } from "~/features/data-rights";
import { MEMBERS_LIST_PATH, type ConfirmationStep, type MembersList, type MembersTableView } from "./members-screen";
import type { Member } from "~/kernel/store/records";
import type { Toast } from "~/kernel/http/toast";
import { sendPaymentLink } from "~/features/payments/index.server";
import type { Store } from "~/kernel/store/port";

/**
 * The members tables (/accounts and /deleted-members): one page of a list, and a row
 * button's change. The routes guard, parse and answer; this reads and changes.
 */

export async function loadMembersTable(
  store: Store,
  input: { list: MembersList; params: URLSearchParams; accountantId: string; year: number },
): Promise<MembersTableView> {
  const { list, accountantId, year } = input;
  const state = readMemberTableParams(input.params);
  const deleted = list === "deleted";
  // One keyset page (ADR 63): about 50 rows read, whatever the size of the list.
  const page = await store.members.browse(memberBrowseQuery(state, deleted));
  return {
    list,
    state,
    year,
    links: pageLinks(state, page),
    exportHref: memberExportHref(state, deleted),
    accountantId,
    rows: page.rows.map((member) => memberRow(member, year)),
  };
}

/**
 * A change is done (or refused) with a toast, or waits for a yes (no JavaScript). A change
 * that was made says what to record in the activity log; the route records it.
 */
export type MemberActionOutcome = { toast: Toast; activity?: ActivityEvent } | ConfirmationStep;

const activityMember = (member: Member): ActivityMember => ({ id: member.id, fullName: member.fullName, memberNumber: member.memberNumber });

/** What a row button changed, read from the member before and after: a role change (whichever role), else delete or restore. */
function changeEvent(before: Member, after: Member): ActivityEvent {
  if (before.role !== after.role) return roleChange(activityMember(after), before.role, after.role);
  return { kind: after.deleted ? "member-deleted" : "member-restored", member: activityMember(after) };
}

/**
 * One row button: refused with the reason, a question first when the change needs a
 * yes, else the change (or the payment-link e-mail). `back` is the list's view.
 */
export async function applyMemberAction(
  context: AppLoadContext,
  input: { list: MembersList; back: string; accountantId: string; intent: MemberAction; id: string; confirmed: boolean; origin: string },
): Promise<MemberActionOutcome> {
  const { intent, id } = input;
  const member = await context.store.members.getById(id);
  if (!member) return { toast: { kind: "error", message: "Account Not Found" } };
  // An erased record offers nothing (docs/requirements.md §8.3), whatever is posted.
  if (isErasedEmail(member.email)) return { toast: { kind: "error", message: "This member has been erased: there is nothing to do with the record." } };

  const refusal = actionRefusal(intent, member, input.accountantId);
  if (refusal) return { toast: { kind: "error", message: refusal } };

  const question = confirmationQuestion(intent, member.fullName);
  if (question && !input.confirmed) {
    return { confirm: { intent, id, name: member.fullName, question, search: input.back.slice(MEMBERS_LIST_PATH[input.list].length) } };
  }

  if (intent === "send-link") {
    const sent = await sendPaymentLink(context, member, input.origin);
    const copy = sent.link ? { copy: { label: "Payment link", value: sent.link } } : {};
    if (!sent.ok) return { toast: { kind: "error", message: sent.error, ...copy } };
    return {
      toast: { kind: "success", message: `Payment link sent to ${member.email}.`, ...copy },
      activity: { kind: "payment-link-sent", member: activityMember(member) },
    };
  }

  const updated = await context.store.members.update(member.id, actionPatch(intent));
  if (!updated) return { toast: { kind: "error", message: "Account Not Found" } };
  return { toast: { kind: "success", message: actionDoneMessage(intent, member.fullName) }, activity: changeEvent(member, updated) };
}
