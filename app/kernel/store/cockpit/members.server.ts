import { normaliseEmail } from "../../values/email-address";
import { parseMemberNumber } from "../member-number";
import { resetKeyMatches } from "../../../features/sign-in";
import type { Member, MemberPatch, NewMember } from "../records";
import { DuplicateEmailError } from "../errors";
import type { MemberBrowseOrder, MemberBrowsePage, MemberBrowseQuery, MemberListQuery, MemberSortKey, MembersRepository } from "../port";
import { cockpitSearchFilter, looseWords, searchWords } from "../member-search";
import { pageWindow } from "../paging";
import { isNotFound, MAX_SCAN, pageOf } from "./best-effort.server";
import { findById, isCockpitId } from "./by-id.server";
import type { CockpitClient, CockpitEntry } from "./client.server";
import { memberFromCockpit, memberPatchToCockpit, USERLIST } from "./shapes-members";
import { byMemberId, memberInAudience, recipientOf } from "../../../features/mailings";

const MAX_NUMBER_ATTEMPTS = 20;
const DEFAULT_SORT = { key: "createdAt", direction: "desc" } as const;
const SORT_KEYS = new Set<MemberSortKey>([
  "memberNumber",
  "fullName",
  "membership",
  "active",
  "createdAt",
  "registrationPaid",
  "email",
  "lastRenewedYear",
  "role",
]);

/** `$regex` is wrapped as /p/iu by Cockpit: an escaped, anchored e-mail matches it whatever its case. */
export function exactCaseInsensitive(text: string): string {
  return `^${text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The port's member sorts: names case-insensitively, missing values last in either direction. */
function sortValue(m: Member, key: MemberSortKey): string | number | boolean | null {
  switch (key) {
    case "fullName":
      return m.fullName.toLowerCase();
    case "memberNumber":
      return m.memberNumber;
    case "lastRenewedYear":
      return m.lastRenewedYear;
    default:
      return m[key];
  }
}

export function sortMembers(members: Member[], sort: { key: MemberSortKey; direction: "asc" | "desc" }): Member[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...members].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return sign * (typeof x === "string" ? compareText(x, String(y)) : Number(x) - Number(y));
    }
    return sign * compareText(a.id, b.id);
  });
}

export function matchesQuery(m: Member, query: MemberListQuery): boolean {
  if (m.deleted !== query.deleted) return false;
  // A rejected applicant is in neither list (ADR 0052).
  if (m.rejected) return false;
  if (query.active !== undefined && m.active !== query.active) return false;
  if (query.membership && m.membership !== query.membership) return false;
  if (query.registrationPaid !== undefined && m.registrationPaid !== query.registrationPaid) return false;
  if (query.notRenewedIn !== undefined && m.lastRenewedYear === query.notRenewedIn) return false;
  const search = query.search?.trim();
  if (search) {
    const needle = search.toLowerCase();
    const number = parseMemberNumber(search);
    const hit =
      m.fullName.toLowerCase().includes(needle) ||
      m.email.includes(needle) ||
      m.postcode.toLowerCase().replace(/\s+/g, "").includes(needle.replace(/\s+/g, "")) ||
      (number !== null && m.memberNumber === number);
    if (!hit) return false;
  }
  return true;
}

const BROWSE_SORTS: Record<MemberBrowseOrder, { key: MemberSortKey; direction: "asc" | "desc" }> = {
  newest: { key: "createdAt", direction: "desc" },
  oldest: { key: "createdAt", direction: "asc" },
  name: { key: "fullName", direction: "asc" },
  "name-desc": { key: "fullName", direction: "desc" },
};

/**
 * A keyset page of members already filtered and sorted in the worker: the rows after (or
 * before) the anchor's place, as D1 pages them (ADR 63). An anchor no longer in the list
 * (restored, erased meanwhile) starts again at the first page.
 */
export function keysetPage(sorted: Member[], query: Pick<MemberBrowseQuery, "after" | "before" | "pageSize">): MemberBrowsePage {
  const limit = pageWindow({ pageSize: query.pageSize, page: 0 })!.limit;
  const anchorId = query.before ?? query.after;
  const at = anchorId === undefined ? -1 : sorted.findIndex((m) => m.id === anchorId);
  if (query.before && at >= 0) {
    const start = Math.max(0, at - limit);
    const rows = sorted.slice(start, at);
    return { rows, previous: start > 0 ? (rows[0]?.id ?? null) : null, next: rows.at(-1)?.id ?? anchorId ?? null };
  }
  const start = at + 1;
  const rows = sorted.slice(start, start + limit);
  return { rows, next: start + limit < sorted.length ? (rows.at(-1)?.id ?? null) : null, previous: start > 0 ? (rows[0]?.id ?? anchorId ?? null) : null };
}

/** One entry's place in the queue of member numbers: its id and the number it holds. */
export interface NumberedEntry {
  id: string;
  number: number | null;
}

/**
 * Who holds which member number, read from every entry with a number in Cockpit's natural
 * (insertion) order (ADR 21, ADR 33): the first entry with a number holds it; a later entry
 * with the same number is waiting for one. Each waiting entry, oldest first, is owed the
 * first number above the one it clashes on that is neither held nor owed to an older one.
 * Every entry that reads the same queue works out the same numbers, all different, so one
 * retry each settles a burst of sign-ups that all read the same highest number, without gaps.
 * What is owed does not change as the queue moves on: an entry that takes the number it was
 * owed leaves the queue and turns "owed" into "held" for the same number, and holders never
 * change (a retry is a new entry, the newest, so it can never come before a holder).
 */
export function numberQueue(entries: NumberedEntry[]): { highest: number; holder: Map<number, string>; owed: Map<string, number> } {
  const holder = new Map<number, string>();
  const waiting: NumberedEntry[] = [];
  for (const entry of entries) {
    if (entry.number === null) continue;
    if (holder.has(entry.number)) waiting.push(entry);
    else holder.set(entry.number, entry.id);
  }
  const highest = Math.max(0, ...holder.keys());
  const owed = new Map<string, number>();
  const taken = new Set(holder.keys());
  for (const entry of waiting) {
    let next = entry.number!;
    do next++;
    while (taken.has(next));
    taken.add(next);
    owed.set(entry.id, next);
  }
  return { highest, holder, owed };
}

/**
 * Members over Cockpit's `userlist`. Cockpit cannot keep e-mails or member numbers
 * unique; register() makes them unique as far as the API allows (ADR 21): after its
 * create it re-reads the entries sharing its e-mail, and every entry's number, in Cockpit's
 * natural (insertion) order; when an earlier entry holds them, it removes its own entry and
 * either refuses the e-mail or creates it again with the number the queue owes it (ADR 33).
 */
export function cockpitMembers(client: CockpitClient): MembersRepository {
  const getById = async (id: string) => {
    const entry = await findById(client, USERLIST, id);
    return entry ? memberFromCockpit(entry) : null;
  };

  const byEmail = async (email: string) =>
    (await client.find(USERLIST, { filter: { email: { $regex: exactCaseInsensitive(normaliseEmail(email)) } } })).entries;

  /**
   * Every entry's number in insertion order (no sort; read in the worker: legacy numbers may
   * be numeric strings, which Cockpit sorts as text).
   */
  const readQueue = async () => {
    const { entries } = await client.find(USERLIST, { filter: { memberId: { $exists: true } }, fields: { memberId: 1 }, limit: MAX_SCAN });
    return numberQueue(entries.map((e) => ({ id: e._id, number: memberFromCockpit(e).memberNumber })));
  };

  return {
    getById,

    async findByEmail(email) {
      const entries = await byEmail(email);
      return entries[0] ? memberFromCockpit(entries[0]) : null;
    },

    async register(input: NewMember): Promise<Member> {
      if ((await byEmail(input.email)).length > 0) throw new DuplicateEmailError();
      const fields = memberPatchToCockpit({ passwordChangedAt: null, ...input });
      let memberId = (await readQueue()).highest + 1;
      for (let attempt = 1; ; attempt++) {
        const created = await client.save(USERLIST, { ...fields, memberId });
        const mine = created._id;
        // Natural order is insertion order: an earlier entry keeps the e-mail and the number.
        const sameEmail = await byEmail(input.email);
        if (sameEmail.length > 0 && sameEmail[0]!._id !== mine) {
          await client.remove(USERLIST, { _id: mine });
          throw new DuplicateEmailError();
        }
        const queue = await readQueue();
        const holder = queue.holder.get(memberId);
        if (holder === undefined || holder === mine) {
          return (await getById(mine)) ?? memberFromCockpit({ ...(created as CockpitEntry), memberId });
        }
        // Someone took this number first: give the entry up and join the back of the queue
        // with the number it owes this entry (a re-created entry is the newest, so it can never
        // take a number from an entry that already kept one).
        await client.remove(USERLIST, { _id: mine });
        if (attempt >= MAX_NUMBER_ATTEMPTS) throw new Error("Could not find a free member number");
        memberId = queue.owed.get(mine) ?? queue.highest + 1;
      }
    },

    async update(id: string, patch: MemberPatch) {
      const fields = memberPatchToCockpit(patch);
      if (!isCockpitId(id)) return null;
      if (Object.keys(fields).length === 0) return getById(id);
      if (typeof fields.email === "string") {
        const others = (await byEmail(fields.email)).filter((e) => e._id !== id);
        if (others.length > 0) throw new DuplicateEmailError();
      }
      try {
        await client.save(USERLIST, { _id: id, ...fields });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      // A save answers with the fields sent only: read the merged entry back.
      return getById(id);
    },

    async claimResetKey(id: string, key: string, now: number) {
      const member = await getById(id);
      if (!member || !resetKeyMatches(member, key, now)) return false;
      await client.save(USERLIST, { _id: id, ...memberPatchToCockpit({ resetKey: null, resetKeyExpiresAt: null }) });
      return true;
    },

    async audience(audience, year) {
      // Cockpit's filters cannot say this (children are flattened into childYear1..5): every
      // member is read once and the pure rule decides, as the D1 store's SQL does (ADR 73).
      const { entries } = await client.find(USERLIST, { limit: MAX_SCAN });
      return byMemberId(
        entries
          .map(memberFromCockpit)
          .filter((m) => memberInAudience(m, audience, year))
          .map(recipientOf),
      );
    },

    async recipientsByIds(ids) {
      // An event's ticket holders as a mailing's recipients (ADR 73): one filtered read, not one per holder.
      if (ids.length === 0) return [];
      const { entries } = await client.find(USERLIST, { filter: { _id: { $in: ids } }, limit: MAX_SCAN });
      return byMemberId(
        entries
          .map(memberFromCockpit)
          .filter((m) => !m.deleted)
          .map(recipientOf),
      );
    },

    async list(query: MemberListQuery) {
      // Cockpit can neither search several fields case-insensitively in one filter nor sort
      // case-insensitively with missing values last: read the live (or deleted) set and
      // do the rest in the worker (ADR 21).
      const filter = query.deleted ? { delete: true } : { $or: [{ delete: false }, { delete: null }] };
      const { entries } = await client.find(USERLIST, { filter, limit: MAX_SCAN });
      const members = entries.map(memberFromCockpit).filter((m) => matchesQuery(m, query));
      const sort = query.sort && SORT_KEYS.has(query.sort.key) ? query.sort : DEFAULT_SORT;
      const sorted = sortMembers(members, sort);
      return { rows: pageOf(sorted, query), total: sorted.length };
    },

    // The subscriptions report's pending table (ADR 64): Cockpit reads are not D1 rows, so the
    // count is exact here.
    async listPendingRenewal(query, _countUpTo) {
      const page = await this.list({ deleted: false, active: true, notRenewedIn: query.notRenewedIn, page: query.page, pageSize: query.pageSize });
      return { ...page, atLeast: false };
    },

    async browse(query: MemberBrowseQuery) {
      // The search is a Cockpit filter (each word beginning a word of a household name, an
      // e-mail, a phone or the postcode, or the member number: ADR 63), so only matches come
      // back; the other filters, the order and the keyset are applied in the worker (ADR 21).
      const listed = query.deleted ? { delete: true } : { $or: [{ delete: false }, { delete: null }] };
      const read = async (words: string[] | null) => {
        const filter = words ? { $and: [listed, cockpitSearchFilter(words)] } : listed;
        const { entries } = await client.find(USERLIST, { filter, limit: MAX_SCAN });
        const { search: _search, order: _order, after: _after, before: _before, pageSize: _size, ...rest } = query;
        return entries.map(memberFromCockpit).filter((m) => matchesQuery(m, rest));
      };
      const searching = query.search !== undefined && query.search.trim() !== "";
      const words = searching ? searchWords(query.search!) : null;
      if (words !== null && words.length === 0) return { rows: [], next: null, previous: null };
      let members = await read(words);
      const loose = words ? looseWords(words) : null;
      if (members.length === 0 && loose) members = await read(loose);
      // A search lists the latest added first, as D1's index does.
      const sort = searching ? BROWSE_SORTS.newest : (BROWSE_SORTS[query.order] ?? BROWSE_SORTS.newest);
      return keysetPage(sortMembers(members, sort), query);
    },
  };
}
