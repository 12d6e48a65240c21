/**
 * Counting D1 rows for the bench (ADR 61): a wrapper around a D1 binding that adds up
 * `meta.rows_read` and `meta.rows_written` of every statement run through it, and the
 * response header that carries the totals to the bench. Bundled into the bench's own
 * worker entry (bench/d1-rows-worker.ts), never into the site's worker: no Node imports.
 */

export interface RowTotals {
  /** Statements run (a batch counts each of its statements). */
  statements: number;
  read: number;
  written: number;
}

export const ROWS_HEADER = "X-Bench-D1-Rows";

export const noRows = (): RowTotals => ({ statements: 0, read: 0, written: 0 });

/** The bench names each request it measures, to ask afterwards for what ran after the answer. */
export const REQUEST_HEADER = "X-Bench-Request";

/** Answered by the bench's entry only: the rows a named request's `waitUntil` work ran after its answer. */
export const LATE_PATH = "/__bench/d1-rows-late";

/** What `after` has on top of `before` (the same totals, later). */
export function rowsSince(after: RowTotals, before: RowTotals): RowTotals {
  return { statements: after.statements - before.statements, read: after.read - before.read, written: after.written - before.written };
}

/** Adds one statement's `meta` to the totals; a missing or odd figure counts 0. */
export function addMeta(totals: RowTotals, meta: unknown): void {
  const figure = (name: string) => {
    const value = meta && typeof meta === "object" ? (meta as Record<string, unknown>)[name] : undefined;
    return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
  };
  totals.statements += 1;
  totals.read += figure("rows_read");
  totals.written += figure("rows_written");
}

/** "read=12; written=3; statements=4" */
export function formatRowsHeader(totals: RowTotals): string {
  return `read=${totals.read}; written=${totals.written}; statements=${totals.statements}`;
}

/** The totals of a header formatRowsHeader wrote, or null when it is missing or malformed. */
export function parseRowsHeader(value: string | null | undefined): RowTotals | null {
  if (!value) return null;
  const fields = new Map<string, number>();
  for (const part of value.split(";")) {
    const match = /^\s*([a-z]+)=(\d+)\s*$/.exec(part);
    if (!match) return null;
    fields.set(match[1]!, Number(match[2]));
  }
  const read = fields.get("read");
  const written = fields.get("written");
  if (read === undefined || written === undefined) return null;
  return { read, written, statements: fields.get("statements") ?? 0 };
}

/** Adds `more` into `into` (a page view made of several requests). */
export function addTotals(into: RowTotals, more: RowTotals): RowTotals {
  into.statements += more.statements;
  into.read += more.read;
  into.written += more.written;
  return into;
}

/**
 * A statement whose runs are counted. `first()` and `raw()` return no `meta`, so they are
 * run as `all()`, which is what D1 does under them too (the whole statement runs; the
 * first row or the rows as arrays are taken from its result): the same rows read.
 */
class CountingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly totals: RowTotals,
  ) {}

  bind(...values: unknown[]): CountingStatement {
    return new CountingStatement(this.inner.bind(...values), this.totals);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    addMeta(this.totals, result.meta);
    return result;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    addMeta(this.totals, result.meta);
    return result;
  }

  async first<T = unknown>(column?: string): Promise<T | null> {
    const { results } = await this.all<Record<string, unknown>>();
    const row = results[0];
    if (row === undefined) return null;
    if (column === undefined) return row as T;
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column] as T;
  }

  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const { results } = await this.all<Record<string, unknown>>();
    const rows = results.map((row) => Object.values(row)) as T[];
    return options?.columnNames ? [Object.keys(results[0] ?? {}) as T, ...rows] : rows;
  }
}

const unwrap = (statement: D1PreparedStatement): D1PreparedStatement => {
  const candidate: unknown = statement;
  return candidate instanceof CountingStatement ? candidate.inner : statement;
};

/** The batch of a database or a session: run on the real statements, each result counted. */
async function countedBatch<T>(totals: RowTotals, run: (statements: D1PreparedStatement[]) => Promise<D1Result<T>[]>, statements: D1PreparedStatement[]) {
  const results = await run(statements.map(unwrap));
  for (const result of results) addMeta(totals, result.meta);
  return results;
}

/**
 * `db` with every statement counted into `totals`. `exec()` returns no rows figures (the
 * store never calls it; ADR 61): it is passed through and counted as a statement only.
 */
export function countingD1(db: D1Database, totals: RowTotals): D1Database {
  const prepare = (target: { prepare(sql: string): D1PreparedStatement }) => (sql: string) =>
    new CountingStatement(target.prepare(sql), totals) as unknown as D1PreparedStatement;
  const counted = {
    prepare: prepare(db),
    batch: <T>(statements: D1PreparedStatement[]) => countedBatch<T>(totals, (real) => db.batch<T>(real), statements),
    exec: async (sql: string) => {
      const result = await db.exec(sql);
      totals.statements += result.count;
      return result;
    },
    dump: () => db.dump(),
    withSession: (constraint?: D1SessionBookmark | D1SessionConstraint) => {
      const session = db.withSession(constraint);
      return {
        prepare: prepare(session),
        batch: <T>(statements: D1PreparedStatement[]) => countedBatch<T>(totals, (real) => session.batch<T>(real), statements),
        getBookmark: () => session.getBookmark(),
      };
    },
  };
  return counted as unknown as D1Database;
}
