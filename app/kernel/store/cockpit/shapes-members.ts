import { normaliseEmail } from "../../values/email-address";
import { MAX_CHILDREN, MEMBERSHIPS, ROLES, TITLES, type Child, type Consents, type Member, type MemberPatch, type Spouse } from "../records";
import type { CockpitEntry } from "./client.server";
import { numOrNull, oneOf, type CockpitFields } from "./shapes-values";
import { bool, seconds, text } from "./shapes-loose";

/**
 * A member ⇄ a `userlist` entry, with the old site's field names (docs/requirements.md §12.2, ADR 22):
 * flattened spouse and children (childName1..5, childYear1..5, childCount), consents
 * under their *Concent names, `status` (active), `paymentStatus` (registration paid),
 * `lastSubscriptionRenewedYear`, `delete`, `memberId` (missing on legacy records) and
 * `password` (the hash string as stored: PBKDF2, or a legacy keyed hash upgraded at
 * the next sign-in). Fields the old site did not have are our own camelCase keys:
 * `resetKeyExpiresAt`, `passwordChangedAt` (ADR 21).
 */

export const USERLIST = "userlist";

const CONSENT_KEYS = {
  agreeTerms: "agreeTerms",
  giftAid: "giftAidConcent",
  resident: "residentConcent",
  payment: "paymentConcent",
  childPhoto: "childPhotoConcent",
  childPhotoShare: "childPhotoShareConcent",
} as const satisfies Record<keyof Consents, string>;

const childNameKey = (n: number) => `childName${n}`;
const childYearKey = (n: number) => `childYear${n}`;

function spouseFrom(entry: CockpitFields): Spouse | null {
  const spouse = {
    title: oneOf(entry.spouseTitle, TITLES, "Other"),
    name: text(entry.spouseName).trim(),
    email: text(entry.spouseEmail).trim(),
    mobile: text(entry.spouseMobile).trim(),
  };
  return spouse.name || spouse.email || spouse.mobile ? spouse : null;
}

function childrenFrom(entry: CockpitFields): Child[] {
  const children: Child[] = [];
  for (let n = 1; n <= MAX_CHILDREN; n++) {
    const name = text(entry[childNameKey(n)]).trim();
    if (name) children.push({ name, birthYear: numOrNull(entry[childYearKey(n)]) ?? 0 });
  }
  return children;
}

/** A rejected applicant's reason and time (ADR 0052), or null. */
function rejectionFrom(entry: CockpitEntry): Member["rejected"] {
  const at = numOrNull(entry.rejectedAt);
  return at === null ? null : { reason: text(entry.rejectedReason), at };
}

/** A `userlist` entry as a member; legacy gaps become the domain's defaults (no member number, not deleted...). */
export function memberFromCockpit(entry: CockpitEntry): Member {
  const memberId = numOrNull(entry.memberId);
  return {
    id: entry._id,
    memberNumber: memberId !== null && memberId > 0 ? Math.trunc(memberId) : null,
    email: normaliseEmail(text(entry.email)),
    passwordHash: text(entry.password),
    title: oneOf(entry.title, TITLES, "Other"),
    fullName: text(entry.fullName),
    address: text(entry.address),
    city: text(entry.city),
    county: text(entry.county),
    postcode: text(entry.postcode),
    mobile: text(entry.mobile),
    membership: oneOf(entry.membership, MEMBERSHIPS, "Single"),
    spouse: spouseFrom(entry),
    children: childrenFrom(entry),
    consents: Object.fromEntries(Object.entries(CONSENT_KEYS).map(([field, key]) => [field, bool(entry[key])])) as unknown as Consents,
    role: oneOf(entry.role, ROLES, "member"),
    active: bool(entry.status),
    registrationPaid: bool(entry.paymentStatus),
    lastRenewedYear: numOrNull(entry.lastSubscriptionRenewedYear),
    deleted: bool(entry.delete),
    resetKey: entry.resetKey == null || entry.resetKey === "" ? null : text(entry.resetKey),
    resetKeyExpiresAt: numOrNull(entry.resetKeyExpiresAt),
    passwordChangedAt: numOrNull(entry.passwordChangedAt),
    // Absent (not null) unless rejected, as records made before it existed have it.
    rejected: rejectionFrom(entry) ?? undefined,
    createdAt: seconds(entry._created),
  };
}

/**
 * The `userlist` keys of the fields a patch names, and only those (a Cockpit save
 * merges top-level keys). Spouse, children and consents are flattened, so changing one
 * writes all of its keys, blanking what was removed (Cockpit cannot delete a key: null).
 */
export function memberPatchToCockpit(patch: MemberPatch): CockpitFields {
  const out: CockpitFields = {};
  const set = <K extends keyof MemberPatch>(key: K, write: (value: NonNullable<MemberPatch[K]> | null) => void) => {
    if (Object.hasOwn(patch, key) && patch[key] !== undefined) write(patch[key] as NonNullable<MemberPatch[K]> | null);
  };
  set("email", (v) => (out.email = normaliseEmail(String(v))));
  set("passwordHash", (v) => (out.password = v));
  for (const key of ["title", "fullName", "address", "city", "county", "postcode", "mobile", "membership", "role", "resetKey"] as const) {
    set(key, (v) => (out[key] = v));
  }
  set("spouse", (spouse) => {
    out.spouseTitle = spouse?.title ?? null;
    out.spouseName = spouse?.name ?? null;
    out.spouseEmail = spouse?.email ?? null;
    out.spouseMobile = spouse?.mobile ?? null;
  });
  set("children", (children) => {
    const list = (children ?? []).slice(0, MAX_CHILDREN);
    out.childCount = list.length;
    for (let n = 1; n <= MAX_CHILDREN; n++) {
      out[childNameKey(n)] = list[n - 1]?.name ?? null;
      out[childYearKey(n)] = list[n - 1]?.birthYear ?? null;
    }
  });
  set("consents", (consents) => {
    for (const [field, key] of Object.entries(CONSENT_KEYS)) out[key] = Boolean(consents?.[field as keyof Consents]);
  });
  set("active", (v) => (out.status = Boolean(v)));
  set("registrationPaid", (v) => (out.paymentStatus = Boolean(v)));
  set("lastRenewedYear", (v) => (out.lastSubscriptionRenewedYear = v));
  set("deleted", (v) => (out.delete = Boolean(v)));
  set("resetKeyExpiresAt", (v) => (out.resetKeyExpiresAt = v));
  set("passwordChangedAt", (v) => (out.passwordChangedAt = v));
  // Two flat keys outside the collection's schema: the real v1 stores them as sent (ADR 0052).
  set("rejected", (v) => {
    out.rejectedReason = v?.reason ?? null;
    out.rejectedAt = v?.at ?? null;
  });
  return out;
}

/**
 * A whole member as a `userlist` entry (the demo data and tests): every field, with
 * `_id` and `_created` so a fake Cockpit can be loaded with known records.
 */
export function memberToCockpit(member: Member): CockpitEntry {
  const { id, memberNumber, createdAt, ...fields } = member;
  return {
    _id: id,
    _created: createdAt,
    _modified: createdAt,
    ...memberPatchToCockpit({ passwordChangedAt: null, ...fields }),
    memberId: memberNumber,
  };
}
