import { describe, expect, it } from "vitest";
import { MEMBER_EXPORT } from "~/features/office/member-table";
import type { Member } from "~/kernel/store/records";
import { csvText, UTF8_BOM } from "~/features/office/csv.server";
import { membersCsvFilename, membersExportFile } from "~/features/office/member-csv.server";

const CSV_HEADER = MEMBER_EXPORT.map((column) => column.header);
const membersCsv = (members: Member[], year: number) => {
  const { header, records } = membersExportFile(members, year, false).csv();
  return csvText(header, records);
};
import { newMember } from "../../../support/fixtures";
import { parseCsv } from "../../../support/csv";

const withoutBom = (text: string) => {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return text.slice(UTF8_BOM.length);
};

describe("csvText", () => {
  it("starts with the UTF-8 BOM and ends every record with CRLF", () => {
    const text = csvText(["A", "B"], [["1", "2"]]);
    expect(text).toBe("\uFEFFA,B\r\n1,2\r\n");
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("quotes only cells with a comma, a double quote or a line break, doubling the quotes", () => {
    const text = csvText(["h"], [["plain"], ["a,b"], ['say "hi"'], ["line 1\nline 2"], ["line 1\r\nline 2"], ["cr\ronly"]]);
    expect(withoutBom(text)).toBe('h\r\nplain\r\n"a,b"\r\n"say ""hi"""\r\n"line 1\nline 2"\r\n"line 1\r\nline 2"\r\n"cr\ronly"\r\n');
  });

  it("neutralises formulas: a text cell starting with = + - @ tab or CR gets a leading quote", () => {
    const cells = ['=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1:A3)", "\tTabbed", "\rReturn", "＝1+1", "a=1"];
    const text = withoutBom(
      csvText(
        ["c"],
        cells.map((cell) => [cell]),
      ),
    );
    expect(text).toBe('c\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n\'+1\r\n\'-2\r\n\'@SUM(A1:A3)\r\n\'\tTabbed\r\n"\'\rReturn"\r\n\'＝1+1\r\na=1\r\n');
    const parsed = parseCsv(text)
      .slice(1)
      .map(([cell]) => cell);
    expect(parsed).toEqual(cells.map((cell) => (cell === "a=1" ? cell : `'${cell}`)));
  });

  it("leaves numbers alone, negative ones included", () => {
    expect(withoutBom(csvText(["n"], [[3], [-2], [0]]))).toBe("n\r\n3\r\n-2\r\n0\r\n");
  });

  it("keeps Unicode as it is (the BOM tells Excel it is UTF-8)", () => {
    const text = withoutBom(csvText(["name"], [["Zoë Ó'Brien"], ["Amara 🎉 Okafor"], ["محمد"]]));
    expect(parseCsv(text)).toEqual([["name"], ["Zoë Ó'Brien"], ["Amara 🎉 Okafor"], ["محمد"]]);
  });

  it("round-trips hostile cells through a strict RFC 4180 reader", () => {
    const row = ['Smith, "Jr"', "12 High St\nFlat 3", "", '=cmd|" /C calc"!A0', "ok"];
    const [header, record] = parseCsv(withoutBom(csvText(["a", "b", "c", "d", "e"], [row])));
    expect(header).toEqual(["a", "b", "c", "d", "e"]);
    expect(record).toEqual(['Smith, "Jr"', "12 High St\nFlat 3", "", '\'=cmd|" /C calc"!A0', "ok"]);
  });

  it("writes just the header row when there are no records", () => {
    expect(csvText(CSV_HEADER, [])).toBe(`\uFEFF${CSV_HEADER.join(",")}\r\n`);
  });
});

describe("membersCsv", () => {
  const member = (overrides: Partial<Member>): Member => ({
    ...newMember(),
    id: "m1",
    memberNumber: 42,
    createdAt: Date.UTC(2026, 2, 5, 12) / 1000,
    ...overrides,
  });

  it("writes the 13 columns and Notes in order, as the table shows them", () => {
    const text = membersCsv(
      [
        member({
          fullName: '=HYPERLINK("http://evil","x")',
          email: "zoe@example.com",
          mobile: "+44 7700 900123",
          membership: "Family",
          active: true,
          registrationPaid: true,
          spouse: { title: "Mrs", name: 'Zoë Ó\'Brien, "Jo"', email: "", mobile: "" },
          children: [
            { name: "Ann", birthYear: 2008 },
            { name: "Ben", birthYear: 2015 },
          ],
          lastRenewedYear: 2025,
          role: "accountant",
        }),
      ],
      2026,
    );
    const [header, row] = parseCsv(withoutBom(text));
    // The literal header names and their order are checked in member-table.test.ts and on the wire in the integration test.
    expect(header).toEqual(CSV_HEADER);
    expect(row).toEqual([
      "MMA42",
      '\'=HYPERLINK("http://evil","x")',
      "Family",
      "Active",
      "05-03-2026",
      "Paid",
      "zoe@example.com",
      "'+44 7700 900123",
      'Zoë Ó\'Brien, "Jo"',
      "2",
      "Ann (18), Ben (11)",
      "2025",
      "Admin",
      "Renewal due; Turns 18 this year: Ann",
    ]);
  });

  it("shows a member without a number as Not Generated", () => {
    const [, row] = parseCsv(withoutBom(membersCsv([member({ memberNumber: null })], 2026)));
    expect(row![0]).toBe("Not Generated");
  });
});

describe("membersCsvFilename", () => {
  it("names the file after the day in UK time, and the list", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const lateJune = new Date(Date.UTC(2026, 5, 30, 23, 30));
    expect(membersCsvFilename(false, lateJune)).toBe("members-2026-07-01.csv");
    expect(membersCsvFilename(true, new Date(Date.UTC(2026, 0, 9, 12)))).toBe("deleted-members-2026-01-09.csv");
  });
});
