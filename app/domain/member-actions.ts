import type { Member, MemberPatch } from "./records";

/**
 * The accountant's row actions on the members tables (spec §2, §4, §5): which one
 * is allowed for whom, the question asked before it, the one field it changes and
 * the message after it. Pure, so every rule is tested without a server.
 */

export const MEMBER_ACTIONS = ["delete", "restore", "grant", "revoke", "send-link"] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

type Subject = Pick<Member, "id" | "fullName" | "active" | "role" | "deleted" | "registrationPaid">;

/** The spec's confirmation texts (§5); sending the payment link asks nothing. */
export function confirmationQuestion(action: MemberAction, name: string): string | null {
  switch (action) {
    case "delete":
    case "restore":
      return `Are you sure to ${action} ${name}?`;
    case "grant":
    case "revoke":
      return `Are you sure change privilege of ${name}?`;
    case "send-link":
      return null;
  }
}

/** Why an action cannot be done, or null when it can. Checked again by the server on every post. */
export function actionRefusal(action: MemberAction, member: Subject, accountantId: string): string | null {
  const self = member.id === accountantId;
  switch (action) {
    case "delete":
      if (member.deleted) return `${member.fullName} is already deleted.`;
      if (self) return "You cannot delete your own account.";
      return null;
    case "restore":
      return member.deleted ? null : `${member.fullName} is not deleted.`;
    case "grant":
      if (!member.active) return "Only active members can be given admin privilege.";
      if (member.role === "accountant") return `${member.fullName} is already an admin.`;
      return null;
    case "revoke":
      if (!member.active) return "Only active members' privilege can be changed.";
      if (self) return "You cannot revoke your own privilege.";
      if (member.role !== "accountant") return `${member.fullName} is not an admin.`;
      return null;
    case "send-link":
      if (member.deleted) return "Restore the member before sending a payment link.";
      if (member.registrationPaid) return "The registration fee is already paid.";
      return null;
  }
}

/** The one field each action changes (spec §7: save userlist with one of delete, role ...). */
export function actionPatch(action: Exclude<MemberAction, "send-link">): MemberPatch {
  switch (action) {
    case "delete":
      return { deleted: true };
    case "restore":
      return { deleted: false };
    case "grant":
      return { role: "accountant" };
    case "revoke":
      return { role: "member" };
  }
}

export function actionDoneMessage(action: Exclude<MemberAction, "send-link">, name: string): string {
  switch (action) {
    case "delete":
      return `${name} was deleted.`;
    case "restore":
      return `${name} was restored.`;
    case "grant":
      return `${name} is now an admin.`;
    case "revoke":
      return `${name} is no longer an admin.`;
  }
}

/** What the buttons of a row say and whether they can be pressed (the row's list decides delete or restore). */
export function rowActionStates(member: Subject, accountantId: string) {
  const privilege = member.role === "accountant" ? "revoke" : "grant";
  return {
    privilege: {
      action: privilege,
      label: privilege === "grant" ? "Give admin privilege" : "Revoke privilege",
      refusal: actionRefusal(privilege, member, accountantId),
    },
    sendLink: { refusal: actionRefusal("send-link", member, accountantId) },
    delete: { refusal: actionRefusal("delete", member, accountantId) },
    restore: { refusal: actionRefusal("restore", member, accountantId) },
  } as const;
}
