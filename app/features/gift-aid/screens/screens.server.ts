import type { AppLoadContext } from "@remix-run/cloudflare";
import { ODS_CONTENT_TYPE, XLSX_SCHEDULE_CONTENT_TYPE, buildClaim, odsBytes, scheduleRows, xlsxScheduleBytes, type ClaimRow } from "../index.server";
import { recordActivity } from "~/kernel/activity/activity.server";
import { formatDay } from "~/kernel/dates/dates";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { privateFileHeaders } from "~/kernel/http/response-headers";
import { ukIsoDay } from "~/kernel/store/received-day";
import { nowSeconds } from "~/kernel/store/ids";
import type { GiftAidClaim, GiftAidDeclaration, GiftAidSettings, Id, Member } from "~/kernel/store/records";
import { formatPence } from "~/kernel/values/money";
import {
  claimPath,
  claimSchedulePath,
  claimedToast,
  declarationPath,
  kindsWords,
  markClaimedQuestion,
  periodWords,
  reopenQuestion,
  schedulePath,
  taxYearOf,
} from "./screens";

/**
 * The I/O of the accountants' Gift Aid screens (docs/requirements.md §14, ADR 74): what each
 * page shows, already as words (the pages format nothing), and the changes they make, each
 * recorded in the activity log after it succeeded. The claim itself is built by
 * `buildClaim` (../claim.server.ts): these screens only show it, download it and record it.
 */

type Period = { from: string; to: string };
type Accountant = Pick<Member, "id" | "fullName">;

export const todayInUk = () => ukIsoDay(nowSeconds());

/** The period the page opens on: the tax year running today. */
export const defaultPeriod = () => taxYearOf(todayInUk());

export interface ClaimLine {
  transactionId: string;
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  date: string;
  amount: string;
}

export interface ProblemLine extends ClaimLine {
  name: string;
  problems: string[];
  fixPath: string;
}

export interface ClaimHistoryLine {
  id: string;
  period: string;
  madeOn: string;
  payments: number;
  total: string;
  giftAid: string;
  status: string;
  /** Still claimed (not reopened): its schedule can be downloaded and its reference entered. */
  open: boolean;
  reference: string;
  ods: string;
  xlsx: string;
  path: string;
}

const line = (row: Pick<ClaimRow, "transactionId" | "title" | "firstName" | "lastName" | "house" | "postcode" | "paidOn" | "amount">): ClaimLine => ({
  transactionId: row.transactionId,
  title: row.title,
  firstName: row.firstName,
  lastName: row.lastName,
  house: row.house,
  postcode: row.postcode,
  date: formatIsoDay(row.paidOn),
  amount: formatPence(row.amount),
});

const statusWords = (claim: GiftAidClaim) =>
  claim.status === "reopened"
    ? `Reopened${claim.reopenReason ? `: ${claim.reopenReason}` : ""}`
    : claim.hmrcReference
      ? "Claimed"
      : "Claimed, waiting for HMRC's reference";

export function historyLine(claim: GiftAidClaim): ClaimHistoryLine {
  return {
    id: claim.id,
    period: periodWords({ from: claim.periodFrom, to: claim.periodTo }),
    madeOn: formatDay(claim.createdAt),
    payments: claim.payments,
    total: formatPence(claim.total),
    giftAid: formatPence(claim.giftAid),
    status: statusWords(claim),
    open: claim.status === "claimed",
    reference: claim.hmrcReference ?? "",
    ods: claimSchedulePath(claim.id, "ods"),
    xlsx: claimSchedulePath(claim.id, "xlsx"),
    path: claimPath(claim.id),
  };
}

/** /accounts/gift-aid for a period: problems first, then what can be claimed, the flags, the history. */
export async function loadClaimPage(context: AppLoadContext, period: Period) {
  const [view, claims, settings] = await Promise.all([
    buildClaim(context, period, todayInUk()),
    context.store.giftAidClaims.list(),
    context.store.giftAidSettings.get(),
  ]);
  return {
    period,
    periodWords: periodWords(period),
    eligible: kindsWords(settings.eligibleKinds),
    rows: view.rows.map(line),
    problems: view.problems.map((row): ProblemLine => ({
      ...line(row),
      name: [row.title, row.firstName, row.lastName].filter(Boolean).join(" "),
      problems: row.problems,
      fixPath: declarationPath(row.declarationId, period),
    })),
    count: view.rows.length,
    totalPence: view.total,
    total: formatPence(view.total),
    giftAid: formatPence(view.giftAid),
    refundedAfterClaiming: view.refundedAfterClaiming.map(({ item, refunded }) => ({
      transactionId: item.transactionId,
      name: [item.title, item.firstName, item.lastName].filter(Boolean).join(" "),
      date: formatIsoDay(item.paidOn),
      claimed: formatPence(item.amount),
      refunded: formatPence(refunded),
      claimPath: claimPath(item.claimId),
    })),
    ods: schedulePath("ods", period),
    xlsx: schedulePath("xlsx", period),
    history: claims.map(historyLine),
  };
}

export type MarkOutcome =
  | { kind: "nothing" }
  | { kind: "confirm"; question: string; payments: number; total: number }
  | { kind: "changed"; question: string; payments: number; total: number }
  | { kind: "already-claimed" }
  | { kind: "done"; toast: string };

/**
 * "Mark as claimed": asks first with the count and the total; on Yes builds the claim again and
 * records exactly what was asked about. Two posts at once (a double click, two treasurers) make
 * one claim: a payment is in one claim at most, so the store refuses the second whole.
 */
export async function markClaimed(
  context: AppLoadContext,
  accountant: Accountant,
  asked: Period & { hmrcReference: string; payments?: number; total?: number; confirmed?: "1" },
): Promise<MarkOutcome> {
  const period = { from: asked.from, to: asked.to };
  const view = await buildClaim(context, period, todayInUk());
  // Yes posted again (a double click, a second tab) after the first recorded the claim: nothing is left, and nothing is wrong.
  if (view.rows.length === 0) return asked.confirmed ? { kind: "already-claimed" } : { kind: "nothing" };
  const question = markClaimedQuestion({ ...period, payments: view.rows.length, total: view.total, giftAid: view.giftAid, hmrcReference: asked.hmrcReference });
  const shown = { question, payments: view.rows.length, total: view.total };
  if (!asked.confirmed) return { kind: "confirm", ...shown };
  if (asked.payments !== view.rows.length || asked.total !== view.total) return { kind: "changed", ...shown };
  const at = nowSeconds();
  const created = await context.store.giftAidClaims.create(
    { periodFrom: period.from, periodTo: period.to, total: view.total, giftAid: view.giftAid, createdBy: accountant.id },
    view.rows.map((row) => ({
      transactionId: row.transactionId,
      personId: row.personId,
      declarationId: row.declarationId,
      title: row.title,
      firstName: row.firstName,
      lastName: row.lastName,
      house: row.house,
      postcode: row.postcode,
      paidOn: row.paidOn,
      amount: row.amount,
    })),
    at,
  );
  if (created.kind === "already-claimed") return { kind: "already-claimed" };
  let claim = created.claim;
  if (asked.hmrcReference && (await context.store.giftAidClaims.setReference(claim.id, asked.hmrcReference)))
    claim = { ...claim, hmrcReference: asked.hmrcReference };
  await recordActivity(context, accountant, { kind: "gift-aid-claimed", claim: activityClaim(claim) });
  return { kind: "done", toast: claimedToast(view.rows.length, view.total) };
}

const activityClaim = (claim: GiftAidClaim) => ({
  id: claim.id,
  period: periodWords({ from: claim.periodFrom, to: claim.periodTo }),
  payments: claim.payments,
  total: claim.total,
  reference: claim.hmrcReference ?? "",
});

/** One past claim: its details, its payments and what can still be done to it. */
export async function loadClaim(context: AppLoadContext, id: Id) {
  const claim = await context.store.giftAidClaims.get(id);
  if (!claim) return null;
  const items = claim.status === "claimed" ? await context.store.giftAidClaims.items(id) : [];
  return {
    claim: historyLine(claim),
    open: claim.status === "claimed",
    mayReopen: claim.status === "claimed" && !claim.hmrcReference,
    items: items.map(line),
    reopenQuestion: reopenQuestion(claim),
    periodPath: `/accounts/gift-aid?${new URLSearchParams({ from: claim.periodFrom, to: claim.periodTo })}`,
  };
}

export async function setClaimReference(context: AppLoadContext, accountant: Accountant, id: Id, reference: string): Promise<"not-found" | "locked" | "done"> {
  const claim = await context.store.giftAidClaims.get(id);
  if (!claim) return "not-found";
  if (claim.status !== "claimed" || !(await context.store.giftAidClaims.setReference(id, reference))) return "locked";
  await recordActivity(context, accountant, { kind: "gift-aid-reference-entered", claim: activityClaim({ ...claim, hmrcReference: reference }) });
  return "done";
}

export async function reopenClaim(context: AppLoadContext, accountant: Accountant, id: Id, reason: string): Promise<"not-found" | "locked" | "done"> {
  const claim = await context.store.giftAidClaims.get(id);
  if (!claim) return "not-found";
  if (!(await context.store.giftAidClaims.reopen(id, reason, accountant.id, nowSeconds()))) return "locked";
  await recordActivity(context, accountant, { kind: "gift-aid-claim-reopened", claim: activityClaim(claim), reason });
  return "done";
}

/** The schedule of a period (what the page lists) or of a recorded claim, as a download. */
export async function scheduleDownload(rows: Parameters<typeof scheduleRows>[0], format: "ods" | "xlsx", name: string): Promise<Response> {
  const sheet = scheduleRows(rows);
  const body = format === "ods" ? new Uint8Array(odsBytes(sheet)) : await xlsxScheduleBytes(sheet);
  const type = format === "ods" ? ODS_CONTENT_TYPE : XLSX_SCHEDULE_CONTENT_TYPE;
  return new Response(body, { headers: privateFileHeaders(type, `attachment; filename="${name}.${format}"`) });
}

export async function periodSchedule(context: AppLoadContext, period: Period, format: "ods" | "xlsx"): Promise<Response> {
  const view = await buildClaim(context, period, todayInUk());
  return scheduleDownload(view.rows, format, `gift-aid-schedule-${period.from}-to-${period.to}`);
}

/** A recorded claim's schedule: its items as claimed (a reopened claim has none left: null). */
export async function claimSchedule(context: AppLoadContext, id: Id, format: "ods" | "xlsx"): Promise<Response | null> {
  const claim = await context.store.giftAidClaims.get(id);
  if (!claim || claim.status !== "claimed") return null;
  const items = await context.store.giftAidClaims.items(id);
  return scheduleDownload(items, format, `gift-aid-claim-${claim.periodFrom}-to-${claim.periodTo}`);
}

// ---- Settings ---------------------------------------------------------------------------------

export async function saveSettings(
  context: AppLoadContext,
  accountant: Accountant,
  settings: Pick<GiftAidSettings, "eligibleKinds" | "charityReference" | "charityName">,
): Promise<void> {
  const before = await context.store.giftAidSettings.get();
  await context.store.giftAidSettings.save(settings, accountant.id, nowSeconds());
  await recordActivity(context, accountant, {
    kind: "gift-aid-settings-changed",
    before: { eligible: kindsWords(before.eligibleKinds), charityReference: before.charityReference, charityName: before.charityName },
    after: { eligible: kindsWords(settings.eligibleKinds), charityReference: settings.charityReference, charityName: settings.charityName },
  });
}

// ---- A declaration's correction ------------------------------------------------------------------

/** Whose declaration it is, in words: a member by name and number, a donor by name. */
export async function loadDeclaration(context: AppLoadContext, id: Id) {
  const declaration = await context.store.giftAidDeclarations.get(id);
  if (!declaration) return null;
  return { declaration, whose: declarationWhose(declaration), given: formatIsoDay(declaration.givenOn) };
}

const ORIGIN_WORDS: Record<GiftAidDeclaration["origin"], string> = {
  "sign-up": "at sign-up",
  "my-account": "on My Account",
  donation: "with a donation",
  paper: "on a paper form",
};

const declarationWhose = (declaration: GiftAidDeclaration) =>
  `${declaration.personKind === "member" ? "Member" : "Donor"} ${declaration.fullName}, given ${ORIGIN_WORDS[declaration.origin]}`;

export async function correctDeclaration(
  context: AppLoadContext,
  accountant: Accountant,
  declaration: GiftAidDeclaration,
  fields: Pick<GiftAidDeclaration, "title" | "fullName" | "address" | "postcode">,
): Promise<void> {
  await context.store.giftAidDeclarations.correct(declaration.id, fields, accountant.id, nowSeconds());
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const key of ["title", "fullName", "address", "postcode"] as const) {
    if (declaration[key] === fields[key]) continue;
    before[key] = declaration[key];
    after[key] = fields[key];
  }
  await recordActivity(context, accountant, {
    kind: "gift-aid-declaration-corrected",
    declaration: { id: declaration.id, personId: declaration.personId, personKind: declaration.personKind, name: fields.fullName },
    before,
    after,
  });
}
