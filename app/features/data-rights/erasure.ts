import type { ActivityEntry, JsonValue } from "../../kernel/activity/activity";
import type { Consents, Id, Member, MemberPatch } from "../../kernel/store/records";

/**
 * Erasure (UK GDPR art. 17, docs/requirements.md §8.3, ADR 0056): what an accountant's "Erase" does to a
 * member's record, and when it is refused. Pure, so the rule is unit-tested in one place.
 * Payments and tickets stay for the accounts (HMRC: six years) under a pseudonym.
 */

/** Where erased addresses live: `.invalid` is reserved (RFC 2606), so no mail is ever delivered and no real address matches it. */
export const ERASED_EMAIL_DOMAIN = "erased.invalid";

/** The stored password of an erased member: no hash scheme reads it, so nothing signs in with it. */
export const ERASED_PASSWORD = "erased";

/** A short, stable tag for the member: the first 8 letters and digits of their id (ids are random, 24 hex). */
export function erasedTag(memberId: string): string {
  return (
    memberId
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 8)
      .toLowerCase() || "unknown"
  );
}

/** The name an erased member is shown by everywhere their payments and tickets are kept. */
export function erasedName(memberId: string): string {
  return `Erased member #${erasedTag(memberId)}`;
}

/** Unique per member (ids are), so the members' unique e-mail index still holds; lower case, as the store keeps addresses. */
export function erasedEmail(memberId: string): string {
  return `erased-${memberId.replace(/[^a-z0-9]/gi, "").toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;
}

export function isErasedEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

const NO_CONSENTS: Consents = { agreeTerms: false, giftAid: false, resident: false, payment: false, childPhoto: false, childPhotoShare: false };

/**
 * The change that erases a member's personal fields. Kept: id, member number, membership,
 * registration and renewal year (the accounts refer to them) and when they joined. The
 * member is marked deleted and inactive and loses any role, so nothing lists them as a
 * current member and no reminder goes out; `now` ends every session signed in before it.
 */
export function erasurePatch(memberId: string, now: number): MemberPatch {
  return {
    email: erasedEmail(memberId),
    passwordHash: ERASED_PASSWORD,
    title: "Other",
    fullName: erasedName(memberId),
    address: "",
    city: "",
    county: "",
    postcode: "",
    mobile: "",
    spouse: null,
    children: [],
    consents: NO_CONSENTS,
    role: "member",
    active: false,
    deleted: true,
    resetKey: null,
    resetKeyExpiresAt: null,
    passwordChangedAt: now,
  };
}

/**
 * Why an erasure is refused, or null. Nobody erases themselves: only an accountant can
 * erase, so refusing their own account also means the last accountant is never erased
 * (the one erasing is another), and nothing anyone does locks everyone out.
 */
export function erasureRefusal(member: Pick<Member, "id" | "email">, actorId: string): string | null {
  if (isErasedEmail(member.email)) return "This member has already been erased.";
  if (member.id === actorId) return "You cannot erase your own account.";
  return null;
}

/** What the confirmation page says goes and what stays (plain words for volunteers). */
export const ERASURE_REMOVES = [
  "Name, address, phone and e-mail address",
  "Spouse's details, children's names and birth years",
  "Consents (terms, Gift Aid, photos)",
  "Their sign-in: password, reset links, and every session with the devices and countries it was seen from",
  "Copies of e-mails sent to them (at every address they had) and messages they sent through the contact form",
  "Their newsletter and notice choices with every change of them, the record of mailings sent to them, and addresses that bounced",
  "In the activity log: their name, and what a correction of their record changed it from and to",
  "The reasons typed for their refunds, the messages written with their donations, and the references of their bank transfers and cheques",
] as const;

export const ERASURE_KEEPS = [
  "Payments, refunds and tickets, for the accounts (HMRC asks for six years): amounts, dates, types and methods, under the name shown below",
  "The member number, membership type and the years paid",
  "The activity log's entries about them, under that name: what was done and when, and which fields a correction changed",
  "Their Gift Aid declarations and the payments claimed on them, which HMRC may check for six years after the tax year of the last claim: the name and address on them are replaced by the name shown below once those six years are over (at once if nothing was ever claimed)",
] as const;

/**
 * A text of the activity log with every one of `names` replaced by the pseudonym: longest
 * first, so "Sara Thomas" goes before "Sara" would split it. Names under 3 letters are left
 * alone, since they would match inside other words.
 */
export function pseudonymiseText(text: string, names: string[], pseudonym: string): string {
  const wanted = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 3))].sort((a, b) => b.length - a.length);
  return wanted.reduce((result, name) => result.split(name).join(pseudonym), text);
}

/**
 * What stands in the activity log, a refund's reason and a payment's reference where an
 * erased member's data was: the entry still shows that something was there and was erased.
 */
export const ERASED_VALUE = "(erased)";

/**
 * A before or after value of a log entry about an erased member. An object (a correction's
 * fields by label) keeps its keys, so the log still says which fields changed, and every
 * value becomes ERASED_VALUE; any other value becomes ERASED_VALUE; null (nothing) stays.
 */
export function erasedActivityValue(value: JsonValue): JsonValue {
  if (value === null) return null;
  if (typeof value === "object" && !Array.isArray(value)) return Object.fromEntries(Object.keys(value).map((key) => [key, ERASED_VALUE]));
  return ERASED_VALUE;
}

/** The labels a correction logs the member's name and e-mail by (features/office/member-correction.ts): names she had before. */
const NAME_LABELS = ["Full name", "E-mail"];

export interface ActivityErasure {
  /** The member's id and the ids of their records (contact messages, payments, tickets). */
  ids: Id[];
  /** The names and addresses to replace in the texts (pseudonymiseText). */
  names: string[];
  pseudonym: string;
}

export type ErasedActivity = Pick<ActivityEntry, "id" | "actorName" | "subjectName" | "summary" | "before" | "after">;

/**
 * The log entries an erasure changes, and how: each entry about (subject) or by (actor) one
 * of `ids` has every name in its texts replaced by the pseudonym, and the names a correction
 * of the member logged as "before" are replaced too (the texts written before the name was
 * corrected carry the old one). An entry about one of `ids` also has its before and after
 * erased (erasedActivityValue); one only by the member (a setting an accountant changed)
 * keeps them: they are not the member's data. The records are found by id, never by
 * searching the texts. Only the entries that change are returned.
 */
export function erasedActivity(entries: ActivityEntry[], erasure: ActivityErasure): ErasedActivity[] {
  const ids = new Set(erasure.ids);
  // About the member: its member id says so (every entry written since it was kept), or its subject is one of `ids`.
  const isAbout = (entry: ActivityEntry) => ids.has(entry.subjectId) || (entry.memberId !== null && ids.has(entry.memberId));
  const about = entries.filter(isAbout);
  const logged = about.flatMap((entry) =>
    [entry.before, entry.after].flatMap((value) =>
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? NAME_LABELS.map((label) => value[label]).filter((name): name is string => typeof name === "string" && name !== ERASED_VALUE)
        : [],
    ),
  );
  const names = [...erasure.names, ...logged];
  const text = (value: string) => pseudonymiseText(value, names, erasure.pseudonym);
  return entries
    .filter((entry) => isAbout(entry) || ids.has(entry.actorId))
    .flatMap((entry) => {
      const erase = isAbout(entry);
      const values = {
        ...(entry.before === undefined ? {} : { before: erase ? erasedActivityValue(entry.before) : entry.before }),
        ...(entry.after === undefined ? {} : { after: erase ? erasedActivityValue(entry.after) : entry.after }),
      };
      const next: ErasedActivity = {
        id: entry.id,
        actorName: text(entry.actorName),
        subjectName: text(entry.subjectName),
        summary: text(entry.summary),
        ...values,
      };
      const same =
        next.actorName === entry.actorName &&
        next.subjectName === entry.subjectName &&
        next.summary === entry.summary &&
        JSON.stringify(next.before) === JSON.stringify(entry.before) &&
        JSON.stringify(next.after) === JSON.stringify(entry.after);
      return same ? [] : [next];
    });
}
