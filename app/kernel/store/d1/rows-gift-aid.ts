import {
  DECLARATION_ORIGINS,
  GIFT_AID_KINDS,
  type DeclarationOrigin,
  type Donation,
  type Donor,
  type GiftAidClaim,
  type GiftAidClaimItem,
  type GiftAidDeclaration,
  type GiftAidKind,
  type GiftAidSettings,
  type PersonKind,
} from "../records";

/**
 * Gift Aid and donations (docs/requirements.md §14, ADR 74): rows of migration 0031 ⇄ records,
 * each in one place, like rows.ts.
 */

type Row = Record<string, unknown>;

const str = (value: unknown) => (value == null ? "" : String(value));
const strOrNull = (value: unknown) => (value == null ? null : String(value));
const numOrNull = (value: unknown) => (value == null ? null : Number(value));
const personKind = (value: unknown): PersonKind => (value === "donor" ? "donor" : "member");

export function declarationFromRow(r: Row): GiftAidDeclaration {
  return {
    id: str(r.id),
    personId: str(r.person_id),
    personKind: personKind(r.person_kind),
    origin: (DECLARATION_ORIGINS as readonly string[]).includes(str(r.origin)) ? (str(r.origin) as DeclarationOrigin) : "paper",
    wordingVersion: str(r.wording_version),
    title: str(r.title),
    fullName: str(r.full_name),
    address: str(r.address),
    postcode: str(r.postcode),
    givenOn: str(r.given_on),
    createdAt: Number(r.created_at),
    createdBy: str(r.created_by),
    withdrawnOn: strOrNull(r.withdrawn_on),
    withdrawnAt: numOrNull(r.withdrawn_at),
    withdrawnBy: strOrNull(r.withdrawn_by),
    correctedAt: numOrNull(r.corrected_at),
    correctedBy: strOrNull(r.corrected_by),
    pseudonymisedAt: numOrNull(r.pseudonymised_at),
  };
}

export function declarationToRow(d: GiftAidDeclaration): Row {
  return {
    id: d.id,
    person_id: d.personId,
    person_kind: d.personKind,
    origin: d.origin,
    wording_version: d.wordingVersion,
    title: d.title,
    full_name: d.fullName,
    address: d.address,
    postcode: d.postcode,
    given_on: d.givenOn,
    created_at: d.createdAt,
    created_by: d.createdBy,
    withdrawn_on: d.withdrawnOn,
    withdrawn_at: d.withdrawnAt,
    withdrawn_by: d.withdrawnBy,
    corrected_at: d.correctedAt,
    corrected_by: d.correctedBy,
    pseudonymised_at: d.pseudonymisedAt,
  };
}

export function donorFromRow(r: Row): Donor {
  return {
    id: str(r.id),
    email: str(r.email),
    fullName: str(r.full_name),
    createdAt: Number(r.created_at),
    pseudonymisedAt: numOrNull(r.pseudonymised_at),
  };
}

export function donationFromRow(r: Row): Donation {
  return {
    transactionId: str(r.transaction_id),
    personId: str(r.person_id),
    personKind: personKind(r.person_kind),
    amount: Number(r.amount),
    message: str(r.message),
    giftAid: Number(r.gift_aid) === 1,
    declarationId: strOrNull(r.declaration_id),
    createdAt: Number(r.created_at),
  };
}

export function donationToRow(d: Donation): Row {
  return {
    transaction_id: d.transactionId,
    person_id: d.personId,
    person_kind: d.personKind,
    amount: d.amount,
    message: d.message,
    gift_aid: d.giftAid ? 1 : 0,
    declaration_id: d.declarationId,
    created_at: d.createdAt,
  };
}

/** The eligible kinds as stored (a JSON array): unknown or repeated kinds are dropped, in GIFT_AID_KINDS order. */
export function eligibleKinds(value: unknown): GiftAidKind[] {
  let parsed: unknown = [];
  try {
    parsed = typeof value === "string" ? JSON.parse(value) : [];
  } catch {
    parsed = [];
  }
  const kinds = Array.isArray(parsed) ? parsed : [];
  return GIFT_AID_KINDS.filter((kind) => kinds.includes(kind));
}

export function giftAidSettingsFromRow(r: Row | null): GiftAidSettings {
  // Migration 0031 inserts the one row; its defaults stand in should it ever be missing.
  if (!r) return { eligibleKinds: ["donation"], charityReference: "", charityName: "", updatedAt: null, updatedBy: null };
  return {
    eligibleKinds: eligibleKinds(r.eligible_kinds),
    charityReference: str(r.charity_reference),
    charityName: str(r.charity_name),
    updatedAt: numOrNull(r.updated_at),
    updatedBy: strOrNull(r.updated_by),
  };
}

export function claimFromRow(r: Row): GiftAidClaim {
  return {
    id: str(r.id),
    periodFrom: str(r.period_from),
    periodTo: str(r.period_to),
    payments: Number(r.payments),
    total: Number(r.total),
    giftAid: Number(r.gift_aid),
    status: r.status === "reopened" ? "reopened" : "claimed",
    hmrcReference: strOrNull(r.hmrc_reference),
    createdAt: Number(r.created_at),
    createdBy: str(r.created_by),
    reopenedAt: numOrNull(r.reopened_at),
    reopenedBy: strOrNull(r.reopened_by),
    reopenReason: strOrNull(r.reopen_reason),
  };
}

export function claimItemFromRow(r: Row): GiftAidClaimItem {
  return {
    transactionId: str(r.transaction_id),
    claimId: str(r.claim_id),
    personId: str(r.person_id),
    declarationId: str(r.declaration_id),
    title: str(r.title),
    firstName: str(r.first_name),
    lastName: str(r.last_name),
    house: str(r.house),
    postcode: str(r.postcode),
    paidOn: str(r.paid_on),
    amount: Number(r.amount),
  };
}

/** The columns of gift_aid_claim_items in the order claimItemValues gives them. */
export const CLAIM_ITEM_COLUMNS = [
  "transaction_id",
  "claim_id",
  "person_id",
  "declaration_id",
  "title",
  "first_name",
  "last_name",
  "house",
  "postcode",
  "paid_on",
  "amount",
] as const;

export function claimItemValues(item: GiftAidClaimItem): unknown[] {
  return [
    item.transactionId,
    item.claimId,
    item.personId,
    item.declarationId,
    item.title,
    item.firstName,
    item.lastName,
    item.house,
    item.postcode,
    item.paidOn,
    item.amount,
  ];
}

/**
 * The rows whose `column` is one of `ids`, 90 ids a statement (D1 binds at most 100
 * parameters), read in one batch. `sql` is the statement up to its IN list: "... WHERE column IN".
 */
export async function rowsWhereIn(db: D1Database, sql: string, ids: readonly string[], orderBy = ""): Promise<Row[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < unique.length; start += 90) {
    const chunk = unique.slice(start, start + 90);
    statements.push(db.prepare(`${sql} (${chunk.map(() => "?").join(", ")})${orderBy ? ` ${orderBy}` : ""}`).bind(...chunk));
  }
  const results = await db.batch<Row>(statements);
  return results.flatMap((result) => result.results);
}
