import { describe, expect, it } from "vitest";
import { addMeta, countingD1, formatRowsHeader, noRows, parseRowsHeader, rowsSince } from "../../../bench/d1-rows-count";
import { doorPeople, rowsVerdict, ROWS_BUDGETS } from "../../../bench/d1-rows";
import { parseOptions } from "../../../bench/options";

/** A D1 stand-in: every statement answers `rows` and the meta given for its SQL. */
function fakeD1(metaOf: (sql: string) => Record<string, unknown>, rows: Array<Record<string, unknown>> = [{ id: "a", n: 1 }]) {
  const ran: string[] = [];
  const statement = (sql: string, bound: unknown[] = []) => {
    const result = async () => {
      ran.push(sql);
      return { success: true, results: rows, meta: metaOf(sql) };
    };
    return {
      sql,
      bound,
      bind: (...values: unknown[]) => statement(sql, values),
      all: result,
      run: result,
      first: async () => {
        throw new Error("the wrapper runs first() as all()");
      },
      raw: async () => {
        throw new Error("the wrapper runs raw() as all()");
      },
    };
  };
  type Fake = ReturnType<typeof statement>;
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: Fake[]) => {
      // The real batch takes only its own statements: the wrapper must hand them over unwrapped.
      for (const one of statements) if (typeof one.sql !== "string") throw new Error("not a real statement");
      return Promise.all(statements.map((one) => one.all()));
    },
    exec: async () => ({ count: 2, duration: 0 }),
    withSession: () => ({ prepare: (sql: string) => statement(sql), batch: db.batch, getBookmark: () => "bookmark" }),
    dump: async () => new ArrayBuffer(0),
  };
  return { db: db as unknown as D1Database, ran };
}

describe("the bench's D1 rows count (ADR 60)", () => {
  it("adds up rows_read and rows_written of each meta; a missing or odd figure counts 0", () => {
    const totals = noRows();
    addMeta(totals, { rows_read: 12, rows_written: 0 });
    addMeta(totals, { rows_read: 3, rows_written: 2, duration: 1 });
    addMeta(totals, undefined);
    addMeta(totals, { rows_read: "7", rows_written: -1 });
    expect(totals).toEqual({ statements: 4, read: 15, written: 2 });
  });

  it("tells what ran after the answer: the totals since the header's", () => {
    expect(rowsSince({ statements: 7, read: 40, written: 5 }, { statements: 4, read: 31, written: 2 })).toEqual({ statements: 3, read: 9, written: 3 });
    expect(rowsSince({ statements: 4, read: 31, written: 2 }, { statements: 4, read: 31, written: 2 })).toEqual(noRows());
  });

  it("writes and reads the header, and refuses a malformed one", () => {
    const header = formatRowsHeader({ statements: 4, read: 67_012, written: 3 });
    expect(header).toBe("read=67012; written=3; statements=4");
    expect(parseRowsHeader(header)).toEqual({ statements: 4, read: 67_012, written: 3 });
    expect(parseRowsHeader("read=5;written=0")).toEqual({ statements: 0, read: 5, written: 0 });
    expect(parseRowsHeader(null)).toBeNull();
    expect(parseRowsHeader("")).toBeNull();
    expect(parseRowsHeader("read=5")).toBeNull();
    expect(parseRowsHeader("read=five; written=0")).toBeNull();
  });

  it("counts all(), run(), first(), raw() and every statement of a batch, through bind()", async () => {
    const { db, ran } = fakeD1((sql) => ({ rows_read: sql.startsWith("SELECT") ? 10 : 1, rows_written: sql.startsWith("SELECT") ? 0 : 1 }));
    const totals = noRows();
    const counted = countingD1(db, totals);
    await counted.prepare("SELECT * FROM members WHERE id = ?").bind("a").all();
    expect(await counted.prepare("SELECT * FROM members").first()).toEqual({ id: "a", n: 1 });
    expect(await counted.prepare("SELECT n FROM members").first("n")).toBe(1);
    expect(await counted.prepare("SELECT * FROM members").raw()).toEqual([["a", 1]]);
    expect(await counted.prepare("SELECT * FROM members").raw({ columnNames: true })).toEqual([
      ["id", "n"],
      ["a", 1],
    ]);
    await counted.prepare("UPDATE tickets SET paid = 1").run();
    await counted.batch([counted.prepare("INSERT INTO a VALUES (?)").bind(1), counted.prepare("SELECT 1")]);
    expect(ran).toHaveLength(8);
    expect(totals).toEqual({ statements: 8, read: 5 * 10 + 1 + 1 + 10, written: 2 });
  });

  it("first(column) of a column the row lacks fails as D1 does; no row is null", async () => {
    const counted = countingD1(fakeD1(() => ({ rows_read: 1 })).db, noRows());
    await expect(counted.prepare("SELECT id FROM members").first("missing")).rejects.toThrow(/D1_COLUMN_NOTFOUND/);
    const empty = countingD1(fakeD1(() => ({ rows_read: 1 }), []).db, noRows());
    expect(await empty.prepare("SELECT id FROM members").first()).toBeNull();
  });

  it("counts a session's statements too", async () => {
    const totals = noRows();
    const session = countingD1(fakeD1(() => ({ rows_read: 4, rows_written: 0 })).db, totals).withSession("first-primary");
    await session.prepare("SELECT 1").all();
    await session.batch([session.prepare("SELECT 2")]);
    expect(session.getBookmark()).toBe("bookmark");
    expect(totals).toEqual({ statements: 2, read: 8, written: 0 });
  });

  it("passes a view within its budget of rows read, and fails one over it, without the header or with a wrong status", () => {
    expect(rowsVerdict({ statements: 3, read: 50, written: 9 }, ROWS_BUDGETS.publicCold, true)).toBe("PASS");
    expect(rowsVerdict({ statements: 3, read: 51, written: 0 }, ROWS_BUDGETS.publicCold, true)).toBe("FAIL");
    expect(rowsVerdict({ statements: 3, read: 67_000, written: 0 }, ROWS_BUDGETS.signedInPage, true)).toBe("FAIL");
    expect(rowsVerdict(null, ROWS_BUDGETS.eventReport, true)).toBe("FAIL");
    expect(rowsVerdict({ statements: 1, read: 1, written: 0 }, ROWS_BUDGETS.write, false)).toBe("FAIL");
  });

  it("finds the door card's people not yet admitted", () => {
    const html =
      '<form><input type="hidden" name="code" value="X"/><input type="checkbox" name="person" value="adult-1"/>' +
      '<input type="checkbox" name="person" value="adult-2" checked="" disabled=""/><input type="checkbox" name="person" value="below5-1"/></form>';
    expect(doorPeople(html)).toEqual(["adult-1", "below5-1"]);
  });

  it("runs the rows part by default; --no-rows skips it, --only-rows runs only it, --rows-members sizes it", () => {
    expect(parseOptions([])).toMatchObject({ rows: true, rowsMembers: 10_000 });
    expect(parseOptions(["--no-rows"])!.rows).toBe(false);
    expect(parseOptions(["--only-rows", "--rows-members", "500"])).toMatchObject({
      rows: true,
      rowsMembers: 500,
      public: false,
      admin: false,
      cockpit: false,
      load: false,
      lighthouse: false,
      photos: false,
    });
    expect(() => parseOptions(["--only-rows", "--no-rows"])).toThrow(/nothing to run/);
  });
});
