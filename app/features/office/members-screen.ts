import type { MemberAction } from "./member-actions";
import { memberTableSearch, readMemberTableParams, type MemberRow, type MemberTableState } from "./member-table";

/**
 * What the members screen (/accounts and /deleted-members) is given by its loader and
 * its action: plain data, so the screen imports no server code.
 */

export type MembersList = "current" | "deleted";

export const MEMBERS_LIST_PATH: Record<MembersList, string> = { current: "/accounts", deleted: "/deleted-members" };

/** One page of a members list. */
export interface MembersTableView {
  list: MembersList;
  state: MemberTableState;
  year: number;
  /** The Next and Previous links' searches (ADR 63), null where there is no such page. */
  links: { next: string | null; previous: string | null };
  exportHref: string;
  /** The signed-in accountant: their own row cannot lose its privilege. */
  accountantId: string;
  rows: MemberRow[];
  /** The Dashboard says how to require two-step verification of staff while it is off (docs/decisions/0071). */
  staffTwoStepOff?: boolean;
}

/** What the page shows when a change needs a yes first and the browser did not ask (no JavaScript). */
export interface ConfirmationStep {
  confirm: { intent: MemberAction; id: string; name: string; question: string; search: string };
}

/** Back to the same view (search, filters, page) of the same list: the row forms post to the list's URL with its search. */
export function membersListBack(list: MembersList, url: URL): string {
  return `${MEMBERS_LIST_PATH[list]}${memberTableSearch(readMemberTableParams(url.searchParams))}`;
}
