import { MEMBER_ACTIONS, type MemberAction } from "./member-actions";

/** The value a row button posts: "<action>:<member id>" (one form wraps the whole table). */
export function memberActionValue(action: MemberAction, id: string): string {
  return `${action}:${id}`;
}

export function parseMemberActionValue(value: unknown): { action: MemberAction; id: string } | null {
  if (typeof value !== "string" || value.length > 100) return null;
  const colon = value.indexOf(":");
  const action = value.slice(0, colon);
  const id = value.slice(colon + 1);
  if (colon < 1 || !id || !(MEMBER_ACTIONS as readonly string[]).includes(action)) return null;
  return { action: action as MemberAction, id };
}
