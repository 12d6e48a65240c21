import { describe, expect, it } from "vitest";
import {
  DEFAULT_TABLE_STATE,
  MEMBER_COLUMNS,
  MEMBER_EXPORT,
  memberExportHref,
  memberListQuery,
  memberRow,
  memberTableSearch,
  readMemberTableParams,
  rowNotes,
  sortSearch,
} from "~/features/office/member-table";
import { exportCsv } from "~/features/office/export-columns";
import { pageCount } from "~/kernel/store/paging";
import type { Member } from "~/kernel/store/records";
import { newMember } from "../../../support/fixtures";

const read = (search: string) => readMemberTableParams(new URLSearchParams(search));

function member(overrides: Partial<Member> = {}): Member {
  return { ...newMember(), id: "m1", memberNumber: 12, createdAt: Date.UTC(2025, 6, 9, 12) / 1000, ...overrides };
}

describe("members table URL state", () => {
  it("defaults to 15 rows, page 1, newest first, no filters", () => {
    expect(read("")).toEqual(DEFAULT_TABLE_STATE);
    expect(memberListQuery(read(""), false)).toEqual({ deleted: false, page: 0, pageSize: 15 });
  });

  it("offers exactly the required page sizes and falls back to 15 for anything else", () => {
    for (const size of [15, 50, 100, 250, 500]) expect(read(`size=${size}`).size).toBe(size);
    for (const size of ["0", "16", "-50", "501", "1e3", "abc", "100000"]) expect(read(`size=${size}`).size).toBe(15);
  });

  it("ignores broken pages, sorts and filters instead of failing", () => {
    const state = read("page=-3&sort=password_hash&dir=sideways&status=deleted&membership=Gold&fee=maybe");
    expect(state).toEqual(DEFAULT_TABLE_STATE);
    expect(read("page=2.5").page).toBe(1);
    expect(read("page=99999999999").page).toBe(1_000_000);
  });

  it("maps filters and sorts to the store query; unsortable columns do not sort", () => {
    const state = read("q=%20Patel%20%20Singh%20&status=pending&membership=Family&fee=unpaid&sort=name&dir=asc&page=3&size=50");
    expect(memberListQuery(state, true)).toEqual({
      deleted: true,
      search: "Patel Singh",
      active: false,
      membership: "Family",
      registrationPaid: false,
      sort: { key: "fullName", direction: "asc" },
      page: 2,
      pageSize: 50,
    });
    expect(memberListQuery(read("sort=children"), false)).not.toHaveProperty("sort");
    expect(memberListQuery(state, false, true)).not.toHaveProperty("pageSize");
  });

  it("caps the search at 100 characters", () => {
    expect(read(`q=${"x".repeat(5000)}`).q).toHaveLength(100);
  });

  it("writes short URLs that read back to the same state", () => {
    expect(memberTableSearch(DEFAULT_TABLE_STATE)).toBe("");
    const state = read("q=MMA2&fee=paid&sort=date&dir=asc&page=2&size=100");
    expect(read(memberTableSearch(state).slice(1))).toEqual(state);
    expect(memberTableSearch(state, { page: 1 })).toBe("?q=MMA2&fee=paid&sort=date&dir=asc&size=100");
  });

  it("sorts a column ascending first, then flips, and goes back to page 1", () => {
    const first = sortSearch(read("page=4"), "name");
    expect(first).toBe("?sort=name&dir=asc");
    expect(sortSearch(read(first.slice(1)), "name")).toBe("?sort=name");
    expect(sortSearch(read("sort=name&dir=desc"), "name")).toBe("?sort=name&dir=asc");
  });

  it("exports the current view, all pages, of the right list", () => {
    const state = read("q=Khan&page=3&size=50&sort=name&dir=asc");
    expect(memberExportHref(state, false)).toBe("/accounts/export.csv?q=Khan&sort=name&dir=asc");
    expect(memberExportHref(DEFAULT_TABLE_STATE, true)).toBe("/accounts/export.csv?list=deleted");
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
    expect(pageCount(10_004, 500)).toBe(21);
  });
});

describe("members table rows", () => {
  it("has the required 13 columns in order", () => {
    expect(MEMBER_COLUMNS.map((c) => c.header)).toEqual([
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
    ]);
    expect(MEMBER_EXPORT.map((column) => column.header)).toEqual([...MEMBER_COLUMNS.map((column) => column.header), "Notes"]);
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
