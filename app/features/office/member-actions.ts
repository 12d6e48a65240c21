import type { Member, MemberPatch } from "~/kernel/store/records";

/**
 * The accountant's row actions on the members tables (docs/requirements.md §6.3): which one
 * is allowed for whom, the question asked before it, the one field it changes and
 * the message after it. Pure, so every rule is tested without a server.
 *
 * A member has one role (ADR 38): `grant`/`revoke` make them Admin or take it away,
 * `grant-editor`/`revoke-editor` the same for Website editor. Granting Admin to an
 * editor replaces Editor (an accountant can do everything an editor can), and revoking
 * it leaves a plain member; an Admin is not made an editor (that would take Admin away).
 * `grant-steward`/`revoke-steward` do the same for Door steward (ADR 65): the door and
 * nothing else; an Admin is not made a steward either (an admin can already use the door).
 */

export const MEMBER_ACTIONS = [
  "delete",
  "restore",
  "grant",
  "revoke",
  "grant-editor",
  "revoke-editor",
  "grant-steward",
  "revoke-steward",
  "send-link",
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

type Subject = Pick<Member, "id" | "fullName" | "active" | "role" | "deleted" | "registrationPaid">;

/** The confirmation texts of docs/requirements.md §6.3; sending the payment link asks nothing. */
export function confirmationQuestion(action: MemberAction, name: string): string | null {
  switch (action) {
    case "delete":
    case "restore":
      return `Are you sure to ${action} ${name}?`;
    case "grant":
    case "revoke":
    case "grant-editor":
    case "revoke-editor":
      return `Are you sure change privilege of ${name}?`;
    case "grant-steward":
      return `Make ${name} a door steward? They will be able to admit tickets at the door, and nothing else of the back office.`;
    case "revoke-steward":
      return `Take the door steward role from ${name}? They will no longer be able to open the door page.`;
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
    case "grant-editor":
      if (!member.active) return "Only active members can be made website editors.";
      if (member.role === "editor") return `${member.fullName} is already a website editor.`;
      if (member.role === "accountant") return `${member.fullName} is an admin, and admins can already edit the website.`;
      return null;
    case "revoke-editor":
      if (!member.active) return "Only active members' privilege can be changed.";
      if (member.role !== "editor") return `${member.fullName} is not a website editor.`;
      return null;
    case "grant-steward":
      if (!member.active) return "Only active members can be made door stewards.";
      if (member.role === "steward") return `${member.fullName} is already a door steward.`;
      if (member.role === "accountant") return `${member.fullName} is an admin, and admins can already use the door.`;
      return null;
    case "revoke-steward":
      if (!member.active) return "Only active members' privilege can be changed.";
      if (member.role !== "steward") return `${member.fullName} is not a door steward.`;
      return null;
    case "send-link":
      if (member.deleted) return "Restore the member before sending a payment link.";
      if (member.registrationPaid) return "The registration fee is already paid.";
      return null;
  }
}

/** The one field each action changes (docs/requirements.md §6.3: one of delete, role ...). */
export function actionPatch(action: Exclude<MemberAction, "send-link">): MemberPatch {
  switch (action) {
    case "delete":
      return { deleted: true };
    case "restore":
      return { deleted: false };
    case "grant":
      return { role: "accountant" };
    case "revoke":
    case "revoke-editor":
    case "revoke-steward":
      return { role: "member" };
    case "grant-editor":
      return { role: "editor" };
    case "grant-steward":
      return { role: "steward" };
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
    case "grant-editor":
      return `${name} is now a website editor.`;
    case "revoke-editor":
      return `${name} is no longer a website editor.`;
    case "grant-steward":
      return `${name} is now a door steward.`;
    case "revoke-steward":
      return `${name} is no longer a door steward.`;
  }
}

/** What the buttons of a row say and whether they can be pressed (the row's list decides delete or restore). */
export function rowActionStates(member: Subject, accountantId: string) {
  const privilege = member.role === "accountant" ? "revoke" : "grant";
  const editor = member.role === "editor" ? "revoke-editor" : "grant-editor";
  const steward = member.role === "steward" ? "revoke-steward" : "grant-steward";
  return {
    privilege: {
      action: privilege,
      label: privilege === "grant" ? "Give admin privilege" : "Revoke privilege",
      refusal: actionRefusal(privilege, member, accountantId),
    },
    editor: {
      action: editor,
      label: editor === "grant-editor" ? "Give website editor privilege" : "Revoke website editor privilege",
      refusal: actionRefusal(editor, member, accountantId),
    },
    steward: {
      action: steward,
      label: steward === "grant-steward" ? "Make door steward" : "Revoke door steward",
      refusal: actionRefusal(steward, member, accountantId),
    },
    sendLink: { refusal: actionRefusal("send-link", member, accountantId) },
    delete: { refusal: actionRefusal("delete", member, accountantId) },
    restore: { refusal: actionRefusal("restore", member, accountantId) },
  } as const;
}
