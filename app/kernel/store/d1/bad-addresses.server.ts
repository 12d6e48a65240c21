import type { BadAddressesRepository } from "../port";
import type { BadAddress } from "../records";
import { pageClause } from "./sql";

/**
 * Addresses that bounced or complained (docs/requirements.md §13, ADR 73), per member, in D1 on
 * both stores. One row per (member, address): a second bounce of the same address keeps the
 * newest reason and time. Correcting the member's e-mail clears it (Edit Member, Edit Account).
 */

interface Row {
  member_id: string;
  email: string;
  reason: "bounced" | "complained";
  mailing_id: string | null;
  at: number;
}

const COLUMNS = "member_id, email, reason, mailing_id, at";
// A complaint outranks a bounce: a later bounce of a complained address leaves it "complained".
const MARK = `INSERT INTO bad_addresses (${COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5)
  ON CONFLICT (member_id, email) DO UPDATE SET
    reason = CASE WHEN bad_addresses.reason = 'complained' THEN 'complained' ELSE excluded.reason END,
    mailing_id = excluded.mailing_id, at = excluded.at`;
const LIST = `SELECT ${COLUMNS} FROM bad_addresses ORDER BY at DESC, member_id`;
const COUNT = "SELECT COUNT(*) AS n FROM bad_addresses";
const FOR_MEMBER = `SELECT ${COLUMNS} FROM bad_addresses WHERE member_id = ?1 ORDER BY at DESC`;
const CLEAR = "DELETE FROM bad_addresses WHERE member_id = ?1 AND email = ?2";
const DELETE_FOR_MEMBER = "DELETE FROM bad_addresses WHERE member_id = ?1";

const fromRow = (row: Row): BadAddress => ({ memberId: row.member_id, email: row.email, reason: row.reason, mailingId: row.mailing_id, at: row.at });

/** Addresses are kept lower-cased, as members' e-mails are. */
const normalise = (email: string) => email.trim().toLowerCase();

export function d1BadAddresses(db: D1Database): BadAddressesRepository {
  return {
    async mark(bad) {
      await db.prepare(MARK).bind(bad.memberId, normalise(bad.email), bad.reason, bad.mailingId, bad.at).run();
    },
    async list(query = {}) {
      const page = pageClause(query);
      const [rows, count] = await db.batch<unknown>([db.prepare(LIST + page.sql).bind(...page.params), db.prepare(COUNT)]);
      return { rows: (rows!.results as Row[]).map(fromRow), total: Number((count!.results[0] as { n: number } | undefined)?.n ?? 0) };
    },
    async forMember(memberId) {
      return (await db.prepare(FOR_MEMBER).bind(memberId).all<Row>()).results.map(fromRow);
    },
    async clear(memberId, email) {
      await db.prepare(CLEAR).bind(memberId, normalise(email)).run();
    },
    async deleteForMember(memberId) {
      return (await db.prepare(DELETE_FOR_MEMBER).bind(memberId).run()).meta.changes ?? 0;
    },
  };
}
