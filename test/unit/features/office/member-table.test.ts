import { describe, expect, it } from "vitest";
import {
  DEFAULT_TABLE_STATE,
  MEMBER_COLUMNS,
  MEMBER_EXPORT,
  memberExportHref,
  MEMBERS_PAGE_SIZE,
  browseOrder,
  memberBrowseQuery,
  memberExportQuery,
  pageLinks,
  memberRow,
  memberTableSearch,
  readMemberTableParams,
  rowNotes,
  sortSearch,
} from "~/features/office/member-table";
import { exportCsv } from "~/features/office/export-columns";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../../support/fixtures";

const read = (search: string) => readMemberTableParams(new URLSearchParams(search));

function member(overrides: Partial<Member> = {}): Member {
  return { ...newMember(), id: "m1", memberNumber: 12, createdAt: Date.UTC(2025, 6, 9, 12) / 1000, ...overrides };
}

describe("members table URL state", () => {
  it("defaults to the first page, newest first, no filters, 50 rows", () => {
    expect(read("")).toEqual(DEFAULT_TABLE_STATE);
    expect(memberBrowseQuery(read(""), false)).toEqual({ deleted: false, order: "newest", pageSize: MEMBERS_PAGE_SIZE });
    expect(MEMBERS_PAGE_SIZE).toBe(50);
  });

  it("ignores broken sorts, filters and page keys instead of failing", () => {
    const state = read("page=-3&size=500&sort=password_hash&dir=sideways&status=deleted&membership=Gold&fee=maybe&after=%27%20OR%201%3D1&before=a%20b");
    expect(state).toEqual(DEFAULT_TABLE_STATE);
    expect(read(`after=${"a".repeat(65)}`).after).toBe("");
  });

  it("reads one direction at a time: after wins over before", () => {
    expect(read("after=abc&before=def")).toMatchObject({ after: "abc", before: "" });
    expect(read("before=def")).toMatchObject({ after: "", before: "def" });
  });

  it("maps filters, the sort and the page key to the store's keyset query", () => {
    const state = read("q=%20Patel%20%20Singh%20&status=pending&membership=Family&fee=unpaid&sort=name&dir=asc&after=m42");
    expect(memberBrowseQuery(state, true)).toEqual({
      deleted: true,
      search: "Patel Singh",
      active: false,
      membership: "Family",
      registrationPaid: false,
      order: "name",
      after: "m42",
      pageSize: 50,
    });
    expect(browseOrder(read("sort=name&dir=desc"))).toBe("name-desc");
    expect(browseOrder(read("sort=date&dir=asc"))).toBe("oldest");
    expect(browseOrder(read("sort=date"))).toBe("newest");
    expect(memberBrowseQuery(read("before=m7"), false)).toMatchObject({ before: "m7" });
  });

  it("downloads the whole list in the table's order (no search, no page)", () => {
    expect(memberExportQuery(read("q=Khan&fee=paid&sort=name&dir=desc&after=m9"), false)).toEqual({
      deleted: false,
      registrationPaid: true,
      sort: { key: "fullName", direction: "desc" },
    });
  });

  it("caps the search at 100 characters", () => {
    expect(read(`q=${"x".repeat(5000)}`).q).toHaveLength(100);
  });

  it("writes short URLs that read back to the same state", () => {
    expect(memberTableSearch(DEFAULT_TABLE_STATE)).toBe("");
    const state = read("q=MMA2&fee=paid&sort=date&dir=asc&after=m3");
    expect(read(memberTableSearch(state).slice(1))).toEqual(state);
    expect(memberTableSearch(state, { after: "" })).toBe("?q=MMA2&fee=paid&sort=date&dir=asc");
  });

  it("sorts a column ascending first, then flips, and goes back to the first page", () => {
    const first = sortSearch(read("after=m4"), "name");
    expect(first).toBe("?sort=name&dir=asc");
    expect(sortSearch(read(first.slice(1)), "name")).toBe("?sort=name");
    expect(sortSearch(read("sort=name&dir=desc&before=m2"), "name")).toBe("?sort=name&dir=asc");
  });

  it("links Next and Previous by the page's last and first member, keeping the search and filters", () => {
    const state = read("q=Thomas&status=active&after=m1");
    expect(pageLinks(state, { next: "m9", previous: "m2" })).toEqual({
      next: "?q=Thomas&status=active&after=m9",
      previous: "?q=Thomas&status=active&before=m2",
    });
    expect(pageLinks(read(""), { next: null, previous: null })).toEqual({ next: null, previous: null });
  });

  it("exports the current view, all pages, of the right list", () => {
    const state = read("q=Khan&after=m3&sort=name&dir=asc");
    expect(memberExportHref(state, false)).toBe("/accounts/export.csv?q=Khan&sort=name&dir=asc");
    expect(memberExportHref(DEFAULT_TABLE_STATE, true)).toBe("/accounts/export.csv?list=deleted");
  });
});

describe("members table rows", () => {
  it("shows the columns that fit and downloads all 13 of docs/requirements.md §6.2", () => {
    expect(MEMBER_COLUMNS.map((c) => c.header)).toEqual([
      "Member ID",
      "Name",
      "Membership Type",
      "Status",
      "Date",
      "Membership Fee",
      "Email",
      "Last subscription year",
    ]);
    expect(MEMBER_EXPORT.map((column) => column.header)).toEqual([
      "Member ID",
      "Name",
      "Membership Type",
      "Status",
      "Date",
      "Membership Fee",
      "Email",
      "Mobile",
      "Spouse Name",
      "Children Count",
      "Children",
      "Last subscription year",
      "Role",
      "Notes",
    ]);
  });

  it("shows an erased record as Erased, never Pending, with nothing due", () => {
    const row = memberRow(member({ email: "erased-abc@erased.invalid", active: false, deleted: true, lastRenewedYear: null }), 2026);
    expect(row).toMatchObject({ status: "Erased", erased: true, renewalDue: false });
    expect(memberRow(member({ active: false }), 2026)).toMatchObject({ status: "Pending", erased: false });
  });

  it("shows MMA numbers, or Not Generated for records without one", () => {
    expect(memberRow(member(), 2026).memberId).toBe("MMA12");
    expect(memberRow(member({ memberNumber: null }), 2026).memberId).toBe("Not Generated");
  });

  it("words each field as required", () => {
    const row = memberRow(
      member({
        active: true,
        registrationPaid: true,
        role: "accountant",
        membership: "Family",
        spouse: { title: "Mrs", name: "Meera", email: "", mobile: "" },
        children: [
          { name: "Anna", birthYear: 2011 },
          { name: "Ben", birthYear: 2017 },
        ],
      }),
      2026,
    );
    expect(row).toMatchObject({
      status: "Active",
      fee: "Paid",
      role: "Admin",
      date: "09-07-2025",
      spouseName: "Meera",
      childrenCount: 2,
      children: "Anna (15), Ben (9)",
      lastRenewedYear: "2026",
    });
    const pending = memberRow(member({ active: false, registrationPaid: false, lastRenewedYear: null }), 2026);
    expect(pending).toMatchObject({ status: "Pending", fee: "Not Paid", role: "Member", lastRenewedYear: "" });
    expect(memberRow(member({ role: "editor" }), 2026)).toMatchObject({ role: "Website editor", roleKey: "editor" });
  });

  it("colours inactive rows pink and rows not renewed this year amber, and says so in words", () => {
    const inactive = memberRow(member({ active: false, lastRenewedYear: 2026 }), 2026);
    expect(inactive).toMatchObject({ inactive: true, renewalDue: false });
    expect(rowNotes(inactive)).toEqual(["Not active"]);
    const due = memberRow(member({ active: true, lastRenewedYear: 2025 }), 2026);
    expect(due).toMatchObject({ inactive: false, renewalDue: true });
    expect(rowNotes(due)).toEqual(["Renewal due"]);
    expect(memberRow(member({ active: true, lastRenewedYear: null }), 2026).renewalDue).toBe(true);
    expect(rowNotes(memberRow(member({ active: true, lastRenewedYear: 2026 }), 2026))).toEqual([]);
  });

  it("flags a Family whose child turns 18 this year, not one turning 17 or 19", () => {
    const children = [
      { name: "Turning18", birthYear: 2008 },
      { name: "Seventeen", birthYear: 2009 },
      { name: "Nineteen", birthYear: 2007 },
    ];
    const family = memberRow(member({ membership: "Family", children, active: true }), 2026);
    expect(family.ageingOut).toEqual(["Turning18"]);
    expect(rowNotes(family)).toContain("Turns 18 this year: Turning18");
    expect(memberRow(member({ membership: "Family", children, active: true }), 2027).ageingOut).toEqual(["Seventeen"]);
    expect(memberRow(member({ membership: "Single", children }), 2026).ageingOut).toEqual([]);
  });

  it("gives the CSV the same words as the table, plus the notes", () => {
    const row = memberRow(member({ active: false }), 2026);
    const record = exportCsv({ columns: MEMBER_EXPORT, rows: [row] }).records[0]!;
    expect(record).toHaveLength(MEMBER_EXPORT.length);
    expect(record.slice(0, 4)).toEqual(["MMA12", row.name, "Single", "Pending"]);
    expect(record.at(-1)).toBe("Not active");
  });
});
