import { memberSettlementApplied, memberSettlementPatch } from "../../../features/payments";
import type { RenewalTotals, Transaction } from "../records";
import { dayMoment, receivedDay, totalsMonth } from "../received-day";
import { parseMemberNumber } from "../member-number";
import { renewalMatches } from "../../../features/office";
import type { SettledQuery, TransactionsRepository } from "../port";
import { cockpitPage, DEFAULT_VERIFY_DELAY_MS, isNotFound, MAX_SCAN, newClaim, pageOf, pause, type BestEffortOptions } from "./best-effort.server";
import { findById } from "./by-id.server";
import type { CockpitClient } from "./client.server";
import { cockpitMembers } from "./members.server";
import { MEMBERTRANSACTIONS, newTransactionToCockpit, transactionFromCockpit } from "./shapes-transactions";

/** The renewals table's order: newest received first (ADR 64), then by id descending (as on D1). */
function settledOrder(a: Transaction, b: Transaction): number {
  const [dayA, dayB] = [receivedDay(a), receivedDay(b)];
  if (dayA !== dayB) return dayA < dayB ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A year's paid renewals as totals (ADR 64): Cockpit's entries are counted (they are not D1 rows). */
function renewalTotalsOf(year: number, rows: Transaction[]): RenewalTotals {
  const perMonth = Array<number>(12).fill(0);
  for (const t of rows) {
    const month = totalsMonth(year, receivedDay(t));
    if (month > 0) perMonth[month - 1]! += 1;
  }
  return { count: rows.length, amount: rows.reduce((sum, t) => sum + t.unitAmount * t.qty, 0), perMonth };
}

/**
 * Transactions over Cockpit's `membertransactions`. settle() cannot be one conditional
 * write: it reads, decides, writes the new status with a claim, waits for concurrent
 * writers and re-reads; it returns true only when its claim is the one that stands
 * (ADR 21).
 */
export function cockpitTransactions(client: CockpitClient, options: BestEffortOptions = {}): Omit<TransactionsRepository, "ticketPaymentMethods"> {
  const verifyDelayMs = options.verifyDelayMs ?? DEFAULT_VERIFY_DELAY_MS;
  const getById = async (id: string) => {
    const entry = await findById(client, MEMBERTRANSACTIONS, id);
    return entry ? transactionFromCockpit(entry) : null;
  };
  const members = cockpitMembers(client);
  const settledFilter = (query: SettledQuery) => ({ year: query.year, paymentType: query.paymentType, status: "success" });
  /** The ids of the members, deleted or not, holding the number the search reads as (none when it is not a number). */
  const numbered = async (search: string): Promise<Set<string>> => {
    const number = parseMemberNumber(search);
    if (number === null) return new Set();
    const found = await Promise.all([false, true].map((deleted) => members.list({ deleted, search: String(number) })));
    return new Set(
      found
        .flatMap((page) => page.rows)
        .filter((member) => member.memberNumber === number)
        .map((member) => member.id),
    );
  };
  // Cockpit cannot search several fields case-insensitively in one filter: the search is applied here.
  const readSettled = async (query: SettledQuery) => {
    const [{ entries }, ids] = await Promise.all([
      client.find(MEMBERTRANSACTIONS, { filter: settledFilter(query), limit: MAX_SCAN }),
      numbered(query.search ?? ""),
    ]);
    const search = query.search ?? "";
    return entries.map(transactionFromCockpit).filter((t) => renewalMatches(t, search, ids));
  };

  return {
    async create(input) {
      const created = await client.save(MEMBERTRANSACTIONS, newTransactionToCockpit(input));
      return transactionFromCockpit(created);
    },

    getById,

    async listByUser(userId, status) {
      const filter = status ? { userId, status } : { userId };
      const { entries } = await client.find(MEMBERTRANSACTIONS, { filter, sort: { _created: -1, _id: -1 } });
      // Filters compare loosely (PHP ==): keep the exact member's only.
      return entries.map(transactionFromCockpit).filter((t) => t.userId === userId);
    },

    async setCheckoutSession(id, checkoutSessionId) {
      try {
        await client.save(MEMBERTRANSACTIONS, { _id: id, checkoutSessionId });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async listPending(query = {}) {
      const result = await client.find(MEMBERTRANSACTIONS, { filter: { status: "pending" }, sort: { _created: 1, _id: 1 }, ...cockpitPage(query) });
      return { rows: result.entries.map(transactionFromCockpit), total: result.total };
    },

    async settlePaid(id, at, change) {
      // Cockpit has no transaction across collections: check, settle (claimed), then the member.
      const member = change && (await members.getById(change.memberId));
      if (change && member && memberSettlementApplied(member, change.settlement)) return false;
      if (!(await this.settle(id, "success", at))) return false;
      if (change) await members.update(change.memberId, memberSettlementPatch(change.settlement));
      return true;
    },

    async settle(id, status, at) {
      const before = await getById(id);
      if (!before) return false;
      const allowed = status === "success" ? before.status === "pending" || before.status === "failed" : before.status === "pending";
      if (!allowed) return false;
      const claim = newClaim();
      try {
        await client.save(MEMBERTRANSACTIONS, { _id: id, status, settledAt: at, settleClaim: claim });
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      await pause(verifyDelayMs);
      const after = await findById(client, MEMBERTRANSACTIONS, id);
      return after?.settleClaim === claim && after.status === status;
    },

    async listSettled(query) {
      const rows = (await readSettled(query)).sort(settledOrder);
      return { rows: pageOf(rows, query), total: rows.length };
    },

    async summarizeSettled(query, periods) {
      const rows = await readSettled(query);
      return {
        count: rows.length,
        amount: rows.reduce((sum, t) => sum + t.unitAmount * t.qty, 0),
        perPeriod: periods.map((p) => rows.filter((t) => dayMoment(receivedDay(t)) >= p.from && dayMoment(receivedDay(t)) < p.to).length),
      };
    },

    async pageSettled(query) {
      return pageOf((await readSettled(query)).sort(settledOrder), query);
    },

    async listReceived({ types, from, to }) {
      // Cockpit cannot filter on the received day (it is computed, ADR 64): each type's paid
      // entries are read and the period applied here, oldest received first, then by id (as on D1).
      const found = await Promise.all(
        [...new Set(types)].map((paymentType) => client.find(MEMBERTRANSACTIONS, { filter: { paymentType, status: "success" }, limit: MAX_SCAN })),
      );
      return found
        .flatMap(({ entries }) => entries.map(transactionFromCockpit))
        .filter((t) => t.status === "success" && types.includes(t.paymentType))
        .map((t) => ({ t, day: receivedDay(t) }))
        .filter(({ day }) => day >= from && day <= to)
        .sort((a, b) => (a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.t.id < b.t.id ? -1 : a.t.id > b.t.id ? 1 : 0))
        .map(({ t }) => t);
    },

    async renewalTotals(year) {
      return renewalTotalsOf(year, await readSettled({ year, paymentType: "renew" }));
    },

    async recountRenewalTotals(year) {
      return renewalTotalsOf(year, await readSettled({ year, paymentType: "renew" }));
    },
  };
}
