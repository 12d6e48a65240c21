import type { Consents, Member, MemberPatch } from "./records";

/**
 * Erasure (UK GDPR art. 17, issue 19, ADR 0056): what an accountant's "Erase" does to a
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
  "Their sign-in: password, reset links and every session",
  "Copies of e-mails sent to them and messages they sent through the contact form",
] as const;

export const ERASURE_KEEPS = [
  "Payments and tickets, for the accounts (HMRC asks for six years): amounts, dates and types, under the name shown below",
  "The member number, membership type and the years paid",
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
