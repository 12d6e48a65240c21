import { roleLabel } from "../../kernel/activity/activity";
import type { Member } from "../../kernel/store/records";
import { MEMBER_ACTIONS, actionPatch, actionRefusal, type MemberAction } from "./member-actions";

/**
 * The member page's actions (docs/requirements.md §6.3.1, ADR 66), grouped by what they do:
 * Money, Membership and Danger. Pure, so which action a member is offered is unit-tested
 * without a server. The rules of each action stay in member-actions.ts (`actionRefusal`):
 * an action refused there is not offered here. Any action that changes a member's role,
 * whichever role (the list is MEMBER_ACTIONS), falls in Danger.
 */

/** What the page needs to know about the member. */
export type MemberPageSubject = Pick<Member, "id" | "fullName" | "active" | "role" | "deleted" | "registrationPaid"> & {
  /** Erased (features/data-rights: the record's e-mail is an erased address): nothing is offered. */
  erased: boolean;
  /** An applicant the accountants turned down (docs/requirements.md §6.6): nothing is offered but their data. */
  rejected: boolean;
};

/** A page of its own (it asks or shows before anything changes), or a post to the member page (`do=<action>:<id>`). */
export type PageAction =
  | { kind: "link"; key: string; label: string; href: string }
  | { kind: "post"; key: MemberAction; label: string; action: MemberAction; explains: string; confirm: boolean };

export interface MemberPageActions {
  money: PageAction[];
  membership: PageAction[];
  danger: PageAction[];
  /** The "Their data" download page. */
  theirData: boolean;
}

export type MemberPageStatus = "Active" | "Applicant" | "Not active" | "Deleted" | "Rejected" | "Erased";

/** The member's standing as the page's heading says it. */
export function memberPageStatus(member: MemberPageSubject): MemberPageStatus {
  if (member.erased) return "Erased";
  if (member.rejected) return "Rejected";
  if (member.deleted) return "Deleted";
  if (member.active) return "Active";
  return member.registrationPaid ? "Not active" : "Applicant";
}

/** An applicant: signed up, registration fee not paid, not active. Approving them is sending the payment link. */
export function isApplicant(member: Pick<Member, "active" | "registrationPaid" | "deleted">): boolean {
  return !member.active && !member.registrationPaid && !member.deleted;
}

/** The actions that post to the member page and are not about a role. */
const NOT_ROLE: readonly MemberAction[] = ["delete", "restore", "send-link"];

/** A role action: one that gives or takes a role (actionPatch changes `role`). Every other action of MEMBER_ACTIONS is named above. */
export function isRoleAction(action: MemberAction): boolean {
  return !NOT_ROLE.includes(action) && actionPatch(action as Exclude<MemberAction, "send-link">).role !== undefined;
}

/** What each role may do, said on the confirmation; a role not named here is said by its name only. */
const ROLE_POWERS: Readonly<Record<string, string>> = {
  accountant: "An admin sees every member's data, records and refunds payments, and can erase members.",
  editor: "A website editor changes the website's pages, news and photos, and nothing of members or money.",
  member: "A member uses their own account only.",
};

function roleAction(action: MemberAction, member: MemberPageSubject): PageAction {
  const after = actionPatch(action as Exclude<MemberAction, "send-link">).role ?? member.role;
  const label = after === "member" ? `Take away the ${roleLabel(member.role)} role` : `Give the ${roleLabel(after)} role`;
  const powers = ROLE_POWERS[after] ?? "";
  return {
    kind: "post",
    key: action,
    action,
    label,
    confirm: true,
    explains:
      `${member.fullName}'s role changes from ${roleLabel(member.role)} to ${roleLabel(after)}. ${powers} It takes effect at once, and the activity log keeps it.`.trim(),
  };
}

/** The member page's own path. */
export const memberPagePath = (id: string) => `/accounts/members/${encodeURIComponent(id)}`;
const memberPath = memberPagePath;

function erase(member: MemberPageSubject): PageAction {
  return { kind: "link", key: "erase", label: "Erase", href: `${memberPath(member.id)}/erase` };
}

/**
 * What the page offers a member, for the signed-in accountant. An erased record offers
 * nothing; a rejected one only their data; a deleted one Restore (and Erase); everyone else
 * Money, Membership and Danger, each action only where actionRefusal allows it.
 */
export function memberPageActions(member: MemberPageSubject, accountantId: string): MemberPageActions {
  const none: MemberPageActions = { money: [], membership: [], danger: [], theirData: false };
  if (member.erased) return none;
  if (member.rejected) return { ...none, theirData: true };
  const allowed = (action: MemberAction) => actionRefusal(action, member, accountantId) === null;
  const self = member.id === accountantId;

  if (member.deleted) {
    const membership: PageAction[] = allowed("restore")
      ? [
          {
            kind: "post",
            key: "restore",
            action: "restore",
            label: "Restore",
            confirm: true,
            explains: `${member.fullName} comes back to the members list and can sign in again, with the status and role they had.`,
          },
        ]
      : [];
    return { ...none, membership, danger: self ? [] : [erase(member)], theirData: true };
  }

  const applicant = isApplicant(member);
  const sendLink = allowed("send-link");
  const money: PageAction[] = [
    { kind: "link", key: "record-payment", label: "Record a payment", href: `/accounts/record-payment/${encodeURIComponent(member.id)}` },
  ];
  if (sendLink && !applicant) {
    money.push({
      kind: "post",
      key: "send-link",
      action: "send-link",
      label: "Send payment link",
      confirm: false,
      explains: `${member.fullName} gets an e-mail with a link to pay the registration fee.`,
    });
  }

  const membership: PageAction[] = [];
  if (sendLink && applicant) {
    membership.push({
      kind: "post",
      key: "send-link",
      action: "send-link",
      label: "Approve and send payment link",
      confirm: false,
      explains: `${member.fullName} gets an e-mail with a link to pay the registration fee; paying it makes them an active member.`,
    });
  }
  // Rejecting asks for the reason on its own page, which is its confirmation (docs/requirements.md §6.6).
  if (!member.registrationPaid) membership.push({ kind: "link", key: "reject", label: "Reject the application", href: `${memberPath(member.id)}/reject` });
  membership.push({ kind: "link", key: "edit", label: "Edit details", href: `${memberPath(member.id)}/edit` });

  const danger: PageAction[] = [];
  if (allowed("delete")) {
    danger.push({
      kind: "post",
      key: "delete",
      action: "delete",
      label: "Delete",
      confirm: true,
      explains: `${member.fullName} leaves the members list and can no longer sign in. Nothing is erased: their record moves to Deleted Members, and Restore brings it back.`,
    });
  }
  for (const action of MEMBER_ACTIONS) if (isRoleAction(action) && allowed(action)) danger.push(roleAction(action, member));
  if (!self) danger.push(erase(member));

  return { money, membership, danger, theirData: true };
}

/** A post action of the page by its name (for the confirmation step after a post), or null. */
export function findPostAction(actions: MemberPageActions, action: MemberAction): Extract<PageAction, { kind: "post" }> | null {
  for (const found of [...actions.money, ...actions.membership, ...actions.danger]) if (found.kind === "post" && found.action === action) return found;
  return null;
}
