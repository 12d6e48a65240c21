import { formatDay } from "../../kernel/dates/dates";
import type { ExportColumn } from "./export-columns";
import { memberNumberLabel } from "../../kernel/store/member-number";
import type { Member, Membership, Role } from "../../kernel/store/records";
import { MEMBERSHIPS, ROLE_LABELS } from "../../kernel/store/records";
import { DEFAULT_PAGE_SIZE, readPageParam, readPageSizeParam, storePage, type PageSize } from "../../kernel/store/paging";

/**
 * The accountant's members tables (/accounts and /deleted-members): what the URL
 * asks for, and what each row shows. The screen, the CSV export and the bench all
 * read the same search params through `readMemberTableParams`, so an export is
 * exactly the table the accountant was looking at, all pages.
 */

/** The 13 columns of docs/requirements.md §6.2, in order; `sort` names the store's sort key where the column sorts. */
export const MEMBER_COLUMNS = [
  { id: "memberId", header: "Member ID", sort: "memberNumber" },
  { id: "name", header: "Name", sort: "fullName" },
  { id: "membership", header: "Membership Type", sort: "membership" },
  { id: "status", header: "Status", sort: "active" },
  { id: "date", header: "Date", sort: "createdAt" },
  { id: "fee", header: "Membership Fee", sort: "registrationPaid" },
  { id: "email", header: "Email", sort: "email" },
  { id: "mobile", header: "Mobile", sort: null },
  { id: "spouseName", header: "Spouse Name", sort: null },
  { id: "childrenCount", header: "Children Count", sort: null },
  { id: "children", header: "Children", sort: null },
  { id: "lastRenewedYear", header: "Last subscription year", sort: "lastRenewedYear" },
  { id: "role", header: "Role", sort: "role" },
] as const;

export type MemberColumnId = (typeof MEMBER_COLUMNS)[number]["id"];
export type MemberSortKey = NonNullable<(typeof MEMBER_COLUMNS)[number]["sort"]>;
export type SortDirection = "asc" | "desc";

const SORTABLE = new Map<string, MemberSortKey>(MEMBER_COLUMNS.flatMap((column) => (column.sort ? [[column.id, column.sort] as const] : [])));

export const STATUS_FILTERS = ["active", "pending"] as const;
export const FEE_FILTERS = ["paid", "unpaid"] as const;

/** What the URL says, normalised: unknown or broken values fall back to the defaults, never an error. */
export interface MemberTableState {
  q: string;
  status: (typeof STATUS_FILTERS)[number] | "";
  membership: Membership | "";
  fee: (typeof FEE_FILTERS)[number] | "";
  /** A sortable column id, or "" for the default (newest registrations first). */
  sort: MemberColumnId | "";
  dir: SortDirection;
  /** 1-based, as people count pages. */
  page: number;
  size: PageSize;
}

export const DEFAULT_TABLE_STATE: MemberTableState = {
  q: "",
  status: "",
  membership: "",
  fee: "",
  sort: "",
  dir: "desc",
  page: 1,
  size: DEFAULT_PAGE_SIZE,
};

const MAX_SEARCH_LENGTH = 100;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : "";
}

/** A table's search box, `q`: spaces collapsed, trimmed, at most 100 characters (the members and subscriptions tables). */
export function readSearchParam(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
}

export function readMemberTableParams(params: URLSearchParams): MemberTableState {
  const sort = params.get("sort") ?? "";
  return {
    q: readSearchParam(params),
    status: oneOf(params.get("status"), STATUS_FILTERS),
    membership: oneOf(params.get("membership"), MEMBERSHIPS),
    fee: oneOf(params.get("fee"), FEE_FILTERS),
    sort: SORTABLE.has(sort) ? (sort as MemberColumnId) : "",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: readPageParam(params.get("page")),
    size: readPageSizeParam(params.get("size")),
  };
}

/** The store query for a state; `all` drops paging (the CSV export). */
export function memberListQuery(state: MemberTableState, deleted: boolean, all = false) {
  const sortKey = state.sort ? SORTABLE.get(state.sort) : undefined;
  return {
    deleted,
    ...(state.q ? { search: state.q } : {}),
    ...(state.status ? { active: state.status === "active" } : {}),
    ...(state.membership ? { membership: state.membership } : {}),
    ...(state.fee ? { registrationPaid: state.fee === "paid" } : {}),
    ...(sortKey ? { sort: { key: sortKey, direction: state.dir } } : {}),
    ...(all ? {} : storePage(state)),
  };
}

/** The search string for a state, leaving out defaults so URLs stay short and shareable. */
export function memberTableSearch(state: MemberTableState, changes: Partial<MemberTableState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  for (const key of ["q", "status", "membership", "fee", "sort", "dir", "page", "size"] as const) {
    const value = next[key];
    if (value === DEFAULT_TABLE_STATE[key] || value === "") continue;
    if (key === "dir" && !next.sort) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The link of a column header: sort by it, or flip the direction when it is already the sort. */
export function sortSearch(state: MemberTableState, column: MemberColumnId): string {
  const dir: SortDirection = state.sort === column && state.dir === "asc" ? "desc" : "asc";
  return memberTableSearch(state, { sort: column, dir, page: 1 });
}

// ---- Rows -------------------------------------------------------------------

/** Children reach adulthood at 18: a Family membership with such a child needs a review. */
export const ADULT_AGE = 18;

export interface MemberRow {
  id: string;
  memberId: string;
  name: string;
  membership: Membership;
  status: "Active" | "Pending";
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
  /** The role itself, for the row's privilege buttons. */
  roleKey: Role;
}

/** A child's age this year, from the year of birth (the record keeps years, not birthdays: docs/requirements.md §3.6). */
export function ageThisYear(birthYear: number, year: number): number {
  return year - birthYear;
}

export function memberRow(member: Member, year: number): MemberRow {
  const children = member.children;
  return {
    id: member.id,
    memberId: memberNumberLabel(member.memberNumber),
    name: member.fullName,
    membership: member.membership,
    status: member.active ? "Active" : "Pending",
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
    renewalDue: member.lastRenewedYear === null || member.lastRenewedYear < year,
    ageingOut: member.membership === "Family" ? children.filter((child) => ageThisYear(child.birthYear, year) === ADULT_AGE).map((child) => child.name) : [],
    registrationPaid: member.registrationPaid,
    roleKey: member.role,
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
  const params = new URLSearchParams(memberTableSearch(state, { page: 1, size: DEFAULT_PAGE_SIZE }));
  if (deleted) params.set("list", "deleted");
  const text = params.toString();
  return `/accounts/export.csv${text ? `?${text}` : ""}`;
}
