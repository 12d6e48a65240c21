import { isNumeric, isPhpArray, truthy } from "./php";

/**
 * The field types of the old site's collections, as vendor/cockpit-v1/start.sh creates them
 * (the old site named no types; these are the launcher's), and what Cockpit v1's collections
 * `save` does with them (modules/Collections/bootstrap.php): only `text`, `boolean` and
 * `number` fields are coerced (url, email and password fields are not used by the old site's
 * collections), a create fills every field it did not get, and keys outside the schema are
 * stored exactly as sent.
 */

export type FieldType = "text" | "number" | "boolean" | "select" | "wysiwyg" | "textarea" | "image" | "gallery" | "file" | "asset" | "date";

const numbered = (pattern: string, from: number, to: number, type: FieldType): Record<string, FieldType> =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [pattern.replace("#", String(from + i)), type]));

export const SPEC_FIELDS: Record<string, Record<string, FieldType>> = {
  userlist: {
    email: "text",
    password: "text",
    title: "select",
    fullName: "text",
    address: "text",
    city: "text",
    county: "text",
    postcode: "text",
    mobile: "text",
    membership: "select",
    spouseTitle: "text",
    spouseName: "text",
    spouseEmail: "text",
    spouseMobile: "text",
    childCount: "number",
    ...numbered("childName#", 1, 5, "text"),
    ...numbered("childYear#", 1, 5, "number"),
    agreeTerms: "boolean",
    giftAidConcent: "boolean",
    residentConcent: "boolean",
    paymentConcent: "boolean",
    childPhotoConcent: "boolean",
    childPhotoShareConcent: "boolean",
    role: "select",
    memberId: "number",
    status: "boolean",
    paymentStatus: "boolean",
    lastSubscriptionRenewedYear: "number",
    delete: "boolean",
    resetKey: "text",
  },
  membertransactions: {
    userId: "text",
    transactionTitle: "text",
    transactionAmount: "number",
    qty: "number",
    year: "number",
    status: "select",
    striperef: "text",
    membershipType: "select",
    memberName: "text",
    memberEmail: "text",
    paymentType: "select",
  },
  tickets: {
    userId: "text",
    title: "text",
    email: "text",
    membership: "select",
    year: "number",
    ticketPrice: "number",
    paymentStatus: "boolean",
    status: "boolean",
    verificationStatus: "boolean",
    numberOfAdults: "number",
    numberOfParents: "number",
    numberOfChildrenAbove13: "number",
    numberOfChildrenAbove5: "number",
    numberOfChildrenBelow5: "number",
    ...numbered("adultName#", 1, 2, "text"),
    ...numbered("adult#Status", 1, 2, "boolean"),
    ...numbered("parentName#", 1, 4, "text"),
    ...numbered("parent#Status", 1, 4, "boolean"),
    ...numbered("above13Child#", 1, 5, "text"),
    ...numbered("above13Child#Status", 1, 5, "boolean"),
    ...numbered("above5Child#", 1, 5, "text"),
    ...numbered("above5Child#Status", 1, 5, "boolean"),
    ...numbered("below5Child#", 1, 3, "text"),
    ...numbered("below5Child#Status", 1, 3, "boolean"),
  },
  documents: { title: "text", document: "file" },
  officeBearers: { name: "text", role: "text", photo: "image", order: "number" },
  officeBearersHistory: { title: "text", content: "wysiwyg" },
  eventCalender: { Month: "text", Date: "text", Name: "text", url: "text" },
  gallery: { title: "text", featuredImage: "image", images: "gallery", order: "number" },
  news: { title: "text", excerpt: "wysiwyg", content: "wysiwyg", image: "image", published: "boolean" },
  homeBanner: { BannerImage: "image", SmallText: "text", Title: "text", Description: "textarea" },
  // Ours, not the old site's: the activity log (before/after are JSON text).
  activity: {
    at: "text",
    actorId: "text",
    actorName: "text",
    kind: "text",
    subjectId: "text",
    subjectName: "text",
    memberId: "text",
    before: "text",
    after: "text",
    summary: "text",
  },
};

/** PHP 8's TypeError for `strlen(array)`, which Cockpit answers with 412. */
export class FieldTypeError extends Error {
  constructor() {
    super("strlen(): Argument #1 ($string) must be of type string, array given");
  }
}

/** `isset($entry[$name])`: a null counts as not given. */
const given = (entry: Record<string, unknown>, name: string) => entry[name] !== undefined && entry[name] !== null;

/**
 * One entry as `save` leaves it before storing: on a create every schema field is set (its
 * default, which the launcher leaves empty, i.e. null, then coerced); on an update only the
 * fields given are coerced.
 */
export function coerceBySchema(collection: string, entry: Record<string, unknown>, isUpdate: boolean): Record<string, unknown> {
  const fields = SPEC_FIELDS[collection];
  if (!fields) return entry;
  const out = { ...entry };
  for (const [name, type] of Object.entries(fields)) {
    if (isUpdate && !given(entry, name)) continue;
    const value = given(entry, name) ? entry[name] : null;
    out[name] = coerceValue(type, value);
  }
  return out;
}

function coerceValue(type: FieldType, value: unknown): unknown {
  switch (type) {
    case "text": {
      // strlen($value) ? (string) $value : null
      if (isPhpArray(value)) throw new FieldTypeError();
      if (value === null || value === false || value === "") return null;
      if (value === true) return "1";
      return String(value);
    }
    case "boolean":
      if (value === "true" || value === "false") return value === "true";
      return truthy(value);
    case "number":
      // is_numeric keeps "5" a string.
      return isNumeric(value) ? value : null;
    default:
      return value;
  }
}

/** json_encode of what json_decode gave PHP: an empty object is an empty array, `[]`, at any depth. */
export function phpJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(phpJson) as T;
  if (isPhpArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return [] as T;
    return Object.fromEntries(entries.map(([k, v]) => [k, phpJson(v)])) as T;
  }
  return value;
}

/** The collection's fields as `collections/get` and `collections/collection` describe them. */
export function fieldsOf(collection: string): Array<{ name: string; type: string; localize: boolean; options: unknown[] }> {
  return Object.entries(SPEC_FIELDS[collection] ?? {}).map(([name, type]) => ({ name, type, localize: false, options: [] }));
}
