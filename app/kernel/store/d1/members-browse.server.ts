import { ftsMatch, looseWords, searchWords } from "../member-search";
import { pageWindow } from "../paging";
import type { MemberBrowseOrder, MemberBrowsePage, MemberBrowseQuery } from "../port";
import { memberFromRow } from "./rows";

/**
 * The members tables' keyset pages on D1 (ADR 63). A page reads the rows it shows and one
 * more (is there a next page?), plus the anchor member of the link that was followed, through
 * the indexes of migrations/0025_members_search.sql: `members_list_created` and
 * `members_list_name`, or the `members_search` FTS5 index when searching. No OFFSET, no COUNT.
 */

/** The sort key of each order: its column (with its collation) and its direction. */
const ORDERS: Record<MemberBrowseOrder, { key: string; column: string; desc: boolean }> = {
  newest: { key: "created_at", column: "created_at", desc: true },
  oldest: { key: "created_at", column: "created_at", desc: false },
  name: { key: "full_name", column: "full_name COLLATE NOCASE", desc: false },
  "name-desc": { key: "full_name", column: "full_name COLLATE NOCASE", desc: true },
};

type Row = Record<string, unknown>;

/** The filters every page applies; a rejected applicant is in neither list (ADR 0052). */
function filters(query: MemberBrowseQuery, table: string): { sql: string[]; params: unknown[] } {
  const sql = [`${table}.deleted = ?`, `${table}.rejected IS NULL`];
  const params: unknown[] = [query.deleted ? 1 : 0];
  if (query.active !== undefined) {
    sql.push(`${table}.active = ?`);
    params.push(query.active ? 1 : 0);
  }
  if (query.membership) {
    sql.push(`${table}.membership = ?`);
    params.push(query.membership);
  }
  if (query.registrationPaid !== undefined) {
    sql.push(`${table}.registration_paid = ?`);
    params.push(query.registrationPaid ? 1 : 0);
  }
  return { sql, params };
}

/** The direction a page is read in: forwards after `after` (or from the start), backwards before `before`. */
function direction(query: MemberBrowseQuery): { anchor: string | null; backwards: boolean } {
  if (query.before) return { anchor: query.before, backwards: true };
  return { anchor: query.after ?? null, backwards: false };
}

/** Rows read in either direction back in the order shown, with the ids of the Next and Previous links. */
function pageOf(rows: Row[], limit: number, query: MemberBrowseQuery): MemberBrowsePage {
  const { anchor, backwards } = direction(query);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (backwards) shown.reverse();
  const members = shown.map(memberFromRow);
  const first = members[0]?.id ?? null;
  const last = members.at(-1)?.id ?? null;
  if (backwards) return { rows: members, previous: more ? first : null, next: last ?? anchor };
  return { rows: members, next: more ? last : null, previous: anchor === null ? null : (first ?? anchor) };
}

export async function browseMembers(db: D1Database, query: MemberBrowseQuery): Promise<MemberBrowsePage> {
  const limit = pageWindow({ pageSize: query.pageSize, page: 0 })!.limit;
  if (query.search !== undefined && query.search.trim() !== "") return searchMembers(db, query, limit);

  const order = ORDERS[query.order] ?? ORDERS.newest;
  const { anchor, backwards } = direction(query);
  // Reading backwards flips the order; the rows are put back the right way round afterwards.
  const desc = order.desc !== backwards;
  const where = filters(query, "members");
  if (anchor !== null) {
    // The keyset: rows beyond the anchor's (key, id), written so that SQLite ranges over the index on the key.
    const beyond = desc ? "<" : ">";
    const key = `(SELECT ${order.key} FROM members WHERE id = ?)`;
    where.sql.push(`${order.column} ${beyond}= ${key} AND (${order.column} ${beyond} ${key} OR id ${beyond} ?)`);
    where.params.push(anchor, anchor, anchor);
  }
  const dir = desc ? "DESC" : "ASC";
  const sql = `SELECT * FROM members WHERE ${where.sql.join(" AND ")} ORDER BY ${order.column} ${dir}, id ${dir} LIMIT ?`;
  const { results } = await db
    .prepare(sql)
    .bind(...where.params, limit + 1)
    .all<Row>();
  return pageOf(results, limit, query);
}

/** The matching members in the index's order (its rowid, the member's, latest added first), paged on that rowid. */
async function searchMembers(db: D1Database, query: MemberBrowseQuery, limit: number): Promise<MemberBrowsePage> {
  const words = searchWords(query.search ?? "");
  const exact = ftsMatch(words);
  if (exact === null) return { rows: [], next: null, previous: null };
  const page = await searchPage(db, query, exact, limit);
  if (page.rows.length > 0) return page;
  // Nobody here for the words as typed: when they find nobody at all, try them shortened (ADR 63).
  const loose = looseWords(words);
  if (loose === null) return page;
  if ((query.after || query.before) && (await anyMatch(db, query, exact))) return page;
  return searchPage(db, query, ftsMatch(loose)!, limit);
}

async function anyMatch(db: D1Database, query: MemberBrowseQuery, match: string): Promise<boolean> {
  const where = filters(query, "m");
  const row = await db
    .prepare(`SELECT 1 AS hit FROM members_search s JOIN members m ON m.rowid = s.rowid WHERE members_search MATCH ? AND ${where.sql.join(" AND ")} LIMIT 1`)
    .bind(match, ...where.params)
    .first<Row>();
  return row !== null;
}

async function searchPage(db: D1Database, query: MemberBrowseQuery, match: string, limit: number): Promise<MemberBrowsePage> {
  const { anchor, backwards } = direction(query);
  const where = filters(query, "m");
  const params: unknown[] = [match, ...where.params];
  if (anchor !== null) {
    where.sql.push(`s.rowid ${backwards ? ">" : "<"} (SELECT rowid FROM members WHERE id = ?)`);
    params.push(anchor);
  }
  const dir = backwards ? "ASC" : "DESC";
  const sql = `SELECT m.* FROM members_search s JOIN members m ON m.rowid = s.rowid
    WHERE members_search MATCH ? AND ${where.sql.join(" AND ")} ORDER BY s.rowid ${dir} LIMIT ?`;
  const { results } = await db
    .prepare(sql)
    .bind(...params, limit + 1)
    .all<Row>();
  const page = pageOf(results, limit, query);
  // Previous of a first page of a search: none, even when a loose search follows an empty exact one.
  return anchor === null ? { ...page, previous: null } : page;
}
