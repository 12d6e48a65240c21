import { formatDay } from "../../kernel/dates/dates";
import type { ExportColumn } from "./export-columns";
import { isErasedEmail } from "../data-rights";
import { memberNumberLabel } from "../../kernel/store/member-number";
import type { Member, Membership, Role } from "../../kernel/store/records";
import { MEMBERSHIPS, ROLE_LABELS } from "../../kernel/store/records";
import type { MemberBrowseOrder, MemberBrowseQuery, MemberListQuery, MemberSortKey } from "../../kernel/store/port";

/**
 * The accountant's members tables (/accounts and /deleted-members): what the URL
 * asks for, and what each row shows. The screen, the CSV export and the bench all
 * read the same search params through `readMemberTableParams`, so an export is
 * exactly the table the accountant was looking at, all pages.
 */

/**
 * The columns of the table (docs/requirements.md §6.2, ADR 63): what fits a 1280 px screen
 * beside the row's one action. The rest of the record (mobile, spouse, children, role) is on
 * the member's page and in the download, which keeps all 13 columns (MEMBER_EXPORT).
 * `sort` names the keyset order a column sorts by, where it sorts.
 */
export const MEMBER_COLUMNS = [
  { id: "memberId", header: "Member ID", sort: null },
  { id: "name", header: "Name", sort: "name" },
  { id: "membership", header: "Membership Type", sort: null },
  { id: "status", header: "Status", sort: null },
  { id: "date", header: "Date", sort: "date" },
  { id: "fee", header: "Membership Fee", sort: null },
  { id: "email", header: "Email", sort: null },
  { id: "lastRenewedYear", header: "Last subscription year", sort: null },
] as const;

export type MemberColumnId = (typeof MEMBER_COLUMNS)[number]["id"];
export type SortDirection = "asc" | "desc";
/** The columns a table sorts by: name, or registration date (the default, newest first). */
export type MemberTableSort = "name" | "date";

export const STATUS_FILTERS = ["active", "pending"] as const;
export const FEE_FILTERS = ["paid", "unpaid"] as const;

/** Rows per page: a page reads about this many rows whatever the size of the list (ADR 63). */
export const MEMBERS_PAGE_SIZE = 50;

/** What the URL says, normalised: unknown or broken values fall back to the defaults, never an error. */
export interface MemberTableState {
  q: string;
  status: (typeof STATUS_FILTERS)[number] | "";
  membership: Membership | "";
  fee: (typeof FEE_FILTERS)[number] | "";
  /** A sortable column, or "" for the default (newest registrations first). */
  sort: MemberTableSort | "";
  dir: SortDirection;
  /** The keyset of the page (ADR 63): the rows after this member's, or before this one's; "" for the first page. */
  after: string;
  before: string;
}

export const DEFAULT_TABLE_STATE: MemberTableState = {
  q: "",
  status: "",
  membership: "",
  fee: "",
  sort: "",
  dir: "desc",
  after: "",
  before: "",
};

const MAX_SEARCH_LENGTH = 100;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : "";
}

/** A member id as a page link carries it: anything else is the first page. */
function memberIdParam(value: string | null): string {
  return value !== null && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : "";
}

/** A table's search box, `q`: spaces collapsed, trimmed, at most 100 characters (the members and subscriptions tables). */
export function readSearchParam(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
}

export function readMemberTableParams(params: URLSearchParams): MemberTableState {
  const after = memberIdParam(params.get("after"));
  return {
    q: readSearchParam(params),
    status: oneOf(params.get("status"), STATUS_FILTERS),
    membership: oneOf(params.get("membership"), MEMBERSHIPS),
    fee: oneOf(params.get("fee"), FEE_FILTERS),
    sort: oneOf(params.get("sort"), ["name", "date"] as const),
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    after,
    // One direction at a time: `after` wins.
    before: after ? "" : memberIdParam(params.get("before")),
  };
}

/** The keyset order of a state: newest first unless a column says otherwise. */
export function browseOrder(state: Pick<MemberTableState, "sort" | "dir">): MemberBrowseOrder {
  if (state.sort === "name") return state.dir === "desc" ? "name-desc" : "name";
  if (state.sort === "date" && state.dir === "asc") return "oldest";
  return "newest";
}

function filterQuery(state: MemberTableState) {
  return {
    ...(state.q ? { search: state.q } : {}),
    ...(state.status ? { active: state.status === "active" } : {}),
    ...(state.membership ? { membership: state.membership } : {}),
    ...(state.fee ? { registrationPaid: state.fee === "paid" } : {}),
  };
}

/** The store's keyset page for a state (the table). */
export function memberBrowseQuery(state: MemberTableState, deleted: boolean, pageSize: number = MEMBERS_PAGE_SIZE): MemberBrowseQuery {
  return {
    deleted,
    ...filterQuery(state),
    order: browseOrder(state),
    ...(state.after ? { after: state.after } : {}),
    ...(state.before ? { before: state.before } : {}),
    pageSize,
  };
}

const LIST_SORTS: Record<MemberBrowseOrder, { key: MemberSortKey; direction: SortDirection }> = {
  newest: { key: "createdAt", direction: "desc" },
  oldest: { key: "createdAt", direction: "asc" },
  name: { key: "fullName", direction: "asc" },
  "name-desc": { key: "fullName", direction: "desc" },
};

/**
 * The whole list in the table's order, for the download when there is no search (a search
 * is downloaded page by page through the same keyset as the table, so it holds the same members).
 */
export function memberExportQuery(state: MemberTableState, deleted: boolean): MemberListQuery {
  const { search: _search, ...filters } = filterQuery(state);
  return { deleted, ...filters, sort: LIST_SORTS[browseOrder(state)] };
}

/** The search string for a state, leaving out defaults so URLs stay short and shareable. */
export function memberTableSearch(state: MemberTableState, changes: Partial<MemberTableState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  for (const key of ["q", "status", "membership", "fee", "sort", "dir", "after", "before"] as const) {
    const value = next[key];
    if (value === DEFAULT_TABLE_STATE[key] || value === "") continue;
    if (key === "dir" && !next.sort) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The link of a column header: sort by it, or flip the direction when it is already the sort; back to the first page. */
export function sortSearch(state: MemberTableState, column: MemberTableSort): string {
  const dir: SortDirection = state.sort === column && state.dir === "asc" ? "desc" : "asc";
  return memberTableSearch(state, { sort: column, dir, after: "", before: "" });
}

/** The Next and Previous links of a keyset page (null: no such page), keeping the view's search and filters. */
export function pageLinks(state: MemberTableState, page: { next: string | null; previous: string | null }): { next: string | null; previous: string | null } {
  return {
    next: page.next ? memberTableSearch(state, { after: page.next, before: "" }) : null,
    previous: page.previous ? memberTableSearch(state, { before: page.previous, after: "" }) : null,
  };
}

// ---- Rows -------------------------------------------------------------------

/** Children reach adulthood at 18: a Family membership with such a child needs a review. */
export const ADULT_AGE = 18;

export interface MemberRow {
  id: string;
  memberId: string;
  name: string;
  membership: Membership;
  /** "Erased" for a record whose personal fields were erased (ADR 0056): never "Pending". */
  status: "Active" | "Pending" | "Erased";
  date: string;
  /** When the member registered (Unix seconds): the downloads' date. */
  createdAt: number;
  fee: "Paid" | "Not Paid";
  email: string;
  mobile: string;
  spouseName: string;
  childrenCount: number;
  children: string;
  lastRenewedYear: string;
  /** The role as people read it (ROLE_LABELS): Member, Website editor or Admin. */
  role: (typeof ROLE_LABELS)[Role];
  /** Pink: not active. */
  inactive: boolean;
  /** Amber: last renewed before this year (or never). */
  renewalDue: boolean;
  /** Names of children who turn 18 this year (a Family to review). */
  ageingOut: string[];
  registrationPaid: boolean;
  /** The role itself. */
  roleKey: Role;
  /** Erased (docs/requirements.md §8.3): the row offers nothing. */
  erased: boolean;
}

/** A child's age this year, from the year of birth (the record keeps years, not birthdays: docs/requirements.md §3.6). */
export function ageThisYear(birthYear: number, year: number): number {
  return year - birthYear;
}

export function memberRow(member: Member, year: number): MemberRow {
  const children = member.children;
  const erased = isErasedEmail(member.email);
  return {
    id: member.id,
    memberId: memberNumberLabel(member.memberNumber),
    name: member.fullName,
    membership: member.membership,
    status: erased ? "Erased" : member.active ? "Active" : "Pending",
    date: formatDay(member.createdAt),
    createdAt: member.createdAt,
    fee: member.registrationPaid ? "Paid" : "Not Paid",
    email: member.email,
    mobile: member.mobile,
    spouseName: member.spouse?.name ?? "",
    childrenCount: children.length,
    children: children.map((child) => `${child.name} (${ageThisYear(child.birthYear, year)})`).join(", "),
    lastRenewedYear: member.lastRenewedYear === null ? "" : String(member.lastRenewedYear),
    role: ROLE_LABELS[member.role],
    inactive: !member.active,
    renewalDue: !erased && (member.lastRenewedYear === null || member.lastRenewedYear < year),
    ageingOut: member.membership === "Family" ? children.filter((child) => ageThisYear(child.birthYear, year) === ADULT_AGE).map((child) => child.name) : [],
    registrationPaid: member.registrationPaid,
    roleKey: member.role,
    erased,
  };
}

/** The words that say what the row colours say, for people who cannot see colour. */
export function rowNotes(row: Pick<MemberRow, "inactive" | "renewalDue" | "ageingOut">): string[] {
  const notes: string[] = [];
  if (row.inactive) notes.push("Not active");
  if (row.renewalDue) notes.push("Renewal due");
  if (row.ageingOut.length > 0) notes.push(`Turns 18 this year: ${row.ageingOut.join(", ")}`);
  return notes;
}

/**
 * The members download (CSV and Excel): the 13 columns as the table shows them, plus
 * what the colours say. The date is the registration's, the member number and the
 * mobile stay text, the children count is a number.
 */
export const MEMBER_EXPORT: ReadonlyArray<ExportColumn<MemberRow>> = [
  { header: "Member ID", kind: "text", value: (row) => row.memberId },
  { header: "Name", kind: "text", value: (row) => row.name },
  { header: "Membership Type", kind: "text", value: (row) => row.membership },
  { header: "Status", kind: "text", value: (row) => row.status },
  { header: "Date", kind: "date", value: (row) => row.createdAt },
  { header: "Membership Fee", kind: "text", value: (row) => row.fee },
  { header: "Email", kind: "text", value: (row) => row.email },
  { header: "Mobile", kind: "text", value: (row) => row.mobile },
  { header: "Spouse Name", kind: "text", value: (row) => row.spouseName },
  { header: "Children Count", kind: "number", value: (row) => row.childrenCount },
  { header: "Children", kind: "text", value: (row) => row.children },
  { header: "Last subscription year", kind: "text", value: (row) => row.lastRenewedYear },
  { header: "Role", kind: "text", value: (row) => row.role },
  { header: "Notes", kind: "text", value: (row) => rowNotes(row).join("; ") },
];

/** The CSV of the current table (its filter and sort, every page): /accounts/export.csv?… */
export function memberExportHref(state: MemberTableState, deleted: boolean): string {
  const params = new URLSearchParams(memberTableSearch(state, { after: "", before: "" }));
  if (deleted) params.set("list", "deleted");
  const text = params.toString();
  return `/accounts/export.csv${text ? `?${text}` : ""}`;
}
