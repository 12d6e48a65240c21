import { normaliseEmail } from "../../values/email-address";
import type { Member, MemberPatch, NewMember } from "../records";
import { parseMemberNumber } from "../member-number";
import { DuplicateEmailError } from "../errors";
import { newId, nowSeconds } from "../ids";
import type { MemberListQuery, MemberSortKey, MembersRepository } from "../port";
import { MEMBER_COLUMNS, memberFromRow, memberToRow, memberValue } from "./rows";
import { isUniqueViolation, pageClause } from "./sql";
import { browseMembers } from "./members-browse.server";
import { byMemberId, firstNameOf, type MemberAudience } from "../../../features/mailings";

const SORT_COLUMNS: Record<MemberSortKey, string> = {
  memberNumber: "member_number",
  fullName: "full_name COLLATE NOCASE",
  membership: "membership",
  active: "active",
  createdAt: "created_at",
  registrationPaid: "registration_paid",
  email: "email",
  lastRenewedYear: "last_renewed_year",
  role: "role",
};

/** The members the pending table lists (docs/requirements.md §6.9): live, not rejected, active; literal, as the partial indexes' WHERE. */
const PENDING_RENEWAL = "deleted = 0 AND rejected IS NULL AND active = 1";

const DEFAULT_SORT = { key: "createdAt", direction: "desc" } as const;
const MAX_NUMBER_ATTEMPTS = 5;

function whereClause(query: MemberListQuery): { sql: string; params: unknown[] } {
  // A rejected applicant is in neither list (ADR 0052).
  const clauses = ["deleted = ?", "rejected IS NULL"];
  const params: unknown[] = [query.deleted ? 1 : 0];
  const search = query.search?.trim();
  if (search) {
    const number = parseMemberNumber(search);
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and a search is plain text anyway.
    const needle = search.toLowerCase();
    const parts = ["instr(lower(full_name), ?) > 0", "instr(email, ?) > 0", "instr(lower(replace(postcode, ' ', '')), ?) > 0"];
    params.push(needle, needle, needle.replace(/\s+/g, ""));
    if (number !== null) {
      parts.push("member_number = ?");
      params.push(number);
    }
    clauses.push(`(${parts.join(" OR ")})`);
  }
  if (query.active !== undefined) {
    clauses.push("active = ?");
    params.push(query.active ? 1 : 0);
  }
  if (query.membership) {
    clauses.push("membership = ?");
    params.push(query.membership);
  }
  if (query.registrationPaid !== undefined) {
    clauses.push("registration_paid = ?");
    params.push(query.registrationPaid ? 1 : 0);
  }
  if (query.notRenewedIn !== undefined) {
    clauses.push("(last_renewed_year IS NULL OR last_renewed_year <> ?)");
    params.push(query.notRenewedIn);
  }
  return { sql: clauses.join(" AND "), params };
}

/**
 * A mailing's audience in SQL: the same rule as features/mailings memberInAudience (which the
 * Cockpit store runs), through the partial indexes where one fits (not renewed: the pending
 * renewal index; children born: json_each over each active member's children).
 */
export function audienceWhere(audience: MemberAudience, year: number): { sql: string; params: unknown[] } {
  switch (audience.kind) {
    case "active":
      return { sql: "deleted = 0 AND active = 1", params: [] };
    case "not-renewed":
      return { sql: `${PENDING_RENEWAL} AND (last_renewed_year IS NULL OR last_renewed_year <> ?)`, params: [year] };
    case "family":
      return { sql: "deleted = 0 AND active = 1 AND membership = 'Family'", params: [] };
    case "children-born":
      return {
        sql: "deleted = 0 AND active = 1 AND EXISTS (SELECT 1 FROM json_each(members.children) AS c WHERE json_extract(c.value, '$.birthYear') IN (SELECT value FROM json_each(?)))",
        params: [JSON.stringify(audience.years)],
      };
    case "applicants":
      return { sql: "deleted = 0 AND active = 0 AND registration_paid = 0 AND rejected IS NULL", params: [] };
  }
}

/** `col = ?, ...` and its values for the fields a patch gives (none: empty). */
export function memberSetClause(patch: MemberPatch): { sql: string; params: unknown[] } {
  const entries = (Object.keys(patch) as Array<keyof MemberPatch>).filter((key) => patch[key] !== undefined && Object.hasOwn(MEMBER_COLUMNS, key));
  return {
    sql: entries.map((key) => `${MEMBER_COLUMNS[key]} = ?`).join(", "),
    params: entries.map((key) => memberValue(key, patch[key] as never)),
  };
}

export function d1Members(db: D1Database): MembersRepository {
  const byId = async (id: string) => {
    const row = await db.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>();
    return row ? memberFromRow(row) : null;
  };

  return {
    getById: byId,

    async findByEmail(email) {
      const row = await db.prepare("SELECT * FROM members WHERE email = ?").bind(normaliseEmail(email)).first<Record<string, unknown>>();
      return row ? memberFromRow(row) : null;
    },

    async register(input: NewMember): Promise<Member> {
      const now = nowSeconds();
      const row = memberToRow({ ...input, id: newId(), memberNumber: null, createdAt: now }, now);
      delete row.member_number;
      const columns = Object.keys(row);
      // The next number is computed inside the INSERT itself; D1 runs one write at a
      // time, and the UNIQUE index plus a retry covers any other writer.
      const sql = `INSERT INTO members (member_number, ${columns.join(", ")})
        VALUES ((SELECT COALESCE(MAX(member_number), 0) + 1 FROM members), ${columns.map(() => "?").join(", ")})
        RETURNING *`;
      for (let attempt = 1; ; attempt++) {
        try {
          const created = await db
            .prepare(sql)
            .bind(...columns.map((c) => row[c] ?? null))
            .first<Record<string, unknown>>();
          return memberFromRow(created!);
        } catch (error) {
          if (isUniqueViolation(error, "members.email")) throw new DuplicateEmailError();
          if (isUniqueViolation(error, "members.member_number") && attempt < MAX_NUMBER_ATTEMPTS) continue;
          throw error;
        }
      }
    },

    async update(id: string, patch: MemberPatch) {
      const set = memberSetClause(patch);
      if (set.params.length === 0) return byId(id);
      try {
        const row = await db
          .prepare(`UPDATE members SET ${set.sql}, updated_at = ? WHERE id = ? RETURNING *`)
          .bind(...set.params, nowSeconds(), id)
          .first<Record<string, unknown>>();
        return row ? memberFromRow(row) : null;
      } catch (error) {
        if (isUniqueViolation(error, "members.email")) throw new DuplicateEmailError();
        throw error;
      }
    },

    async claimResetKey(id: string, key: string, now: number) {
      const result = await db
        .prepare("UPDATE members SET reset_key = NULL, reset_key_expires_at = NULL, updated_at = ? WHERE id = ? AND reset_key = ? AND reset_key_expires_at > ?")
        .bind(nowSeconds(), id, key, now)
        .run();
      return result.meta.changes === 1;
    },

    async audience(audience, year) {
      const where = audienceWhere(audience, year);
      const { results } = await db
        .prepare(`SELECT id, email, full_name FROM members WHERE ${where.sql} ORDER BY id`)
        .bind(...where.params)
        .all<{ id: string; email: string; full_name: string }>();
      return byMemberId(results.map((r) => ({ memberId: r.id, email: r.email, firstName: firstNameOf(r.full_name) })));
    },

    async recipientsByIds(ids) {
      // An event's ticket holders as a mailing's recipients (ADR 73): one query, not one per holder.
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare("SELECT id, email, full_name FROM members WHERE id IN (SELECT value FROM json_each(?)) AND deleted = 0 ORDER BY id")
        .bind(JSON.stringify(ids))
        .all<{ id: string; email: string; full_name: string }>();
      return byMemberId(results.map((r) => ({ memberId: r.id, email: r.email, firstName: firstNameOf(r.full_name) })));
    },

    async list(query: MemberListQuery) {
      const where = whereClause(query);
      const sort = query.sort && Object.hasOwn(SORT_COLUMNS, query.sort.key) ? query.sort : DEFAULT_SORT;
      const direction = sort.direction === "asc" ? "ASC" : "DESC";
      const limit = pageClause(query);
      const sql = `SELECT * FROM members WHERE ${where.sql} ORDER BY ${SORT_COLUMNS[sort.key]} ${direction} NULLS LAST, id ${direction}${limit.sql}`;
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db.prepare(sql).bind(...where.params, ...limit.params),
        db.prepare(`SELECT COUNT(*) AS total FROM members WHERE ${where.sql}`).bind(...where.params),
      ]);
      return {
        rows: rows!.results.map(memberFromRow),
        total: Number(count!.results[0]?.total ?? 0),
      };
    },

    async listPendingRenewal(query, countUpTo) {
      // ADR 64: the literal conditions are those of the partial indexes members_pending_renewal
      // (the page, newest first, skipping those renewed as it reads) and members_pending_count
      // (the count, over ranges of the last renewed year, stopped at countUpTo).
      const limit = pageClause(query);
      const cap = Math.max(0, Math.trunc(countUpTo));
      const [rows, count] = await db.batch<Record<string, unknown>>([
        db
          .prepare(
            `SELECT * FROM members INDEXED BY members_pending_renewal WHERE ${PENDING_RENEWAL} AND (last_renewed_year IS NULL OR last_renewed_year <> ?)
             ORDER BY created_at DESC, id DESC${limit.sql}`,
          )
          .bind(query.notRenewedIn, ...limit.params),
        db
          .prepare(
            // Three ranges of the index (one OR would scan it whole, past this year's renewed).
            `SELECT COUNT(*) AS total FROM (${["IS NULL", "< ?1", "> ?1"]
              .map((range) => `SELECT 1 FROM members INDEXED BY members_pending_count WHERE ${PENDING_RENEWAL} AND last_renewed_year ${range}`)
              .join(" UNION ALL ")} LIMIT ?2)`,
          )
          .bind(query.notRenewedIn, cap),
      ]);
      const total = Number(count!.results[0]?.total ?? 0);
      return { rows: rows!.results.map(memberFromRow), total, atLeast: total >= cap };
    },
    browse: (query) => browseMembers(db, query),
  };
}
