import { z } from "zod";
import { confirmedField } from "~/kernel/forms/confirm-step";
import { formatIsoDay } from "~/kernel/dates/iso-day";
import { formatPence } from "~/kernel/values/money";
import { GIFT_AID_KINDS, type GiftAidKind } from "~/kernel/store/records";
import { TITLE_MAX } from "../rules/limits";
import { isUkPostcode, normalisePostcode } from "../rules/postcode";

/**
 * The accountants' Gift Aid screens (docs/requirements.md §14, ADR 74): their paths, the
 * period a claim covers, the forms' schemas and every sentence they show. Pure (zod only), so
 * the rules are unit-tested and the pages, their actions and the tests share one wording.
 */

export const GIFT_AID_PATH = "/accounts/gift-aid";
export const GIFT_AID_SETTINGS_PATH = "/accounts/gift-aid/settings";

/** `?from=…&to=…`, or nothing for the default period. */
const periodQuery = (period?: { from: string; to: string }) => (period ? `?${new URLSearchParams({ from: period.from, to: period.to })}` : "");

export const claimPagePath = (period?: { from: string; to: string }) => `${GIFT_AID_PATH}${periodQuery(period)}`;
export const schedulePath = (format: "ods" | "xlsx", period: { from: string; to: string }) => `${GIFT_AID_PATH}/schedule.${format}${periodQuery(period)}`;
export const claimPath = (id: string) => `${GIFT_AID_PATH}/claims/${id}`;
export const claimSchedulePath = (id: string, format: "ods" | "xlsx") => `${claimPath(id)}/schedule.${format}`;
export const declarationPath = (id: string, period?: { from: string; to: string }) => `${GIFT_AID_PATH}/declarations/${id}${periodQuery(period)}`;

// ---- The period ------------------------------------------------------------------------

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what a date input sends). */
export function isCalendarDay(day: string): boolean {
  const match = ISO_DAY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/**
 * The UK tax year a day is in: 6 April to the next 5 April (HMRC's window is counted from the
 * end of the tax year, ADR 74), so the claim page opens on the one running today.
 */
export function taxYearOf(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const start = today.slice(5) >= "04-06" ? year : year - 1;
  return { from: `${start}-04-06`, to: `${start + 1}-04-05` };
}

/** The same day `years` later (29 February becomes 1 March). */
function yearsLater(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** A claim covers at most four years: HMRC takes no gift older than that (ADR 74). */
export const MAX_PERIOD_YEARS = 4;

export const PERIOD_MESSAGES = {
  from: "Enter the first day of the period, like 06/04/2026.",
  to: "Enter the last day of the period, like 05/04/2027.",
  order: "The last day cannot be before the first day.",
  tooLong: `A claim can cover at most ${MAX_PERIOD_YEARS} years: HMRC does not accept gifts older than that.`,
} as const;

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, { message });

const periodFields = { from: day(PERIOD_MESSAGES.from), to: day(PERIOD_MESSAGES.to) };

/** The period's own rules: in order, and at most four years. */
function periodRules(period: { from: string; to: string }, context: z.RefinementCtx) {
  // A day that is no day has its own message already.
  if (!isCalendarDay(period.from) || !isCalendarDay(period.to)) return;
  if (period.to < period.from) context.addIssue({ code: "custom", path: ["to"], message: PERIOD_MESSAGES.order });
  else if (period.to >= yearsLater(period.from, MAX_PERIOD_YEARS)) context.addIssue({ code: "custom", path: ["to"], message: PERIOD_MESSAGES.tooLong });
}

/** The period of a claim (the page's chooser, the downloads). */
export const periodSchema = z.object(periodFields).superRefine(periodRules);

/** "6-04-2026 to 5-04-2027", as the back office shows days. */
export const periodWords = (period: { from: string; to: string }) => `${formatIsoDay(period.from)} to ${formatIsoDay(period.to)}`;

// ---- Marking a claim, its reference, reopening it -----------------------------------------

/** HMRC's reference for a submitted claim, as the treasurer copies it from Charities Online. */
const REFERENCE_NEEDED = "Enter HMRC's reference for this claim.";
const hmrcReference = z
  .string({ error: REFERENCE_NEEDED })
  .trim()
  .max(40, { message: "HMRC's reference is at most 40 characters." })
  .regex(/^[A-Za-z0-9 /-]*$/, { message: "Use only the letters, numbers, spaces, / and - of HMRC's reference." });

/** "Mark as claimed": the period, the optional reference, and (on Yes) what the question showed. */
export const markClaimedSchema = z
  .object({
    ...periodFields,
    hmrcReference: hmrcReference.optional().transform((value) => value ?? ""),
    /** What the question showed: Yes is refused if the claim changed meanwhile (a payment arrived). */
    payments: z.coerce.number().int().optional(),
    total: z.coerce.number().int().optional(),
    confirmed: confirmedField,
  })
  .superRefine(periodRules);

export const referenceSchema = z.object({
  intent: z.literal("reference"),
  hmrcReference: hmrcReference.min(1, { message: REFERENCE_NEEDED }),
});

export const reopenSchema = z.object({
  intent: z.literal("reopen"),
  reason: z
    .string({ error: "Say why the claim is reopened." })
    .trim()
    .min(1, { message: "Say why the claim is reopened." })
    .max(500, { message: "The reason is at most 500 characters." }),
  confirmed: confirmedField,
});

export const claimActionSchema = z.discriminatedUnion("intent", [referenceSchema, reopenSchema]);

export const CLAIM_MESSAGES = {
  nothing: "There is nothing to claim in this period.",
  changed: "The claim changed while you were confirming (a payment arrived, was refunded or was fixed). Please check it and confirm again.",
  alreadyClaimed: "These payments have just been marked as claimed (by you in another tab, or by another accountant). Nothing was recorded twice.",
  referenceSet: "HMRC's reference is saved.",
  referenceLocked: "This claim already has HMRC's reference: it cannot be changed.",
  reopened: "The claim is reopened: its payments can be claimed again.",
  reopenLocked: "A claim with HMRC's reference cannot be reopened: adjust the next claim instead.",
} as const;

/** "Mark 3 payments, £75.00 (Gift Aid £18.75), for 6-04-2026 to 5-04-2027 as claimed?" */
export function markClaimedQuestion(claim: { from: string; to: string; payments: number; total: number; giftAid: number; hmrcReference: string }): string {
  const reference = claim.hmrcReference ? ` with HMRC's reference ${claim.hmrcReference}` : " without HMRC's reference yet (you can add it later)";
  return `Mark ${payments(claim.payments)}, ${formatPence(claim.total)} (Gift Aid ${formatPence(claim.giftAid)}), for ${periodWords(claim)} as claimed${reference}? They will not be offered again.`;
}

export const reopenQuestion = (claim: { periodFrom: string; periodTo: string; payments: number }) =>
  `Reopen the claim for ${periodWords({ from: claim.periodFrom, to: claim.periodTo })}? Its ${payments(claim.payments)} can then be claimed again.`;

export const claimedToast = (count: number, total: number) => `Marked ${payments(count)}, ${formatPence(total)}, as claimed.`;

export const payments = (n: number) => `${n} ${n === 1 ? "payment" : "payments"}`;

// ---- Settings -------------------------------------------------------------------------------

/** The kinds an accountant may make eligible, as the settings page names them (tickets never are). */
export const KIND_LABELS: Record<GiftAidKind, string> = {
  registration: "Registration fee",
  renew: "Annual subscription",
  donation: "Donations",
};

export const SUBSCRIPTION_HELP =
  "A subscription qualifies only when it buys membership and nothing more: no personal use of facilities or services, and no benefits beyond HMRC's small limits. Tick it only if that is true of ours.";
export const TICKETS_HELP = "Ticket payments never qualify: they buy entry to an event.";

export const SETTINGS_SAVED = "The Gift Aid settings are saved.";

export const settingsSchema = z.object({
  registration: z.literal("on").optional(),
  renew: z.literal("on").optional(),
  donation: z.literal("on").optional(),
  charityReference: z
    .string()
    .trim()
    .max(20, { message: "HMRC's charity reference is at most 20 characters." })
    .regex(/^[A-Za-z0-9]*$/, { message: "Use only the letters and numbers of HMRC's charity reference, like AB12345." })
    .optional()
    .transform((value) => (value ?? "").toUpperCase()),
  charityName: z
    .string()
    .trim()
    .max(160, { message: "The charity's name is at most 160 characters." })
    .optional()
    .transform((value) => value ?? ""),
});

export const eligibleKindsOf = (value: z.output<typeof settingsSchema>): GiftAidKind[] => GIFT_AID_KINDS.filter((kind) => value[kind] === "on");

/** "Registration fee, Donations", or "none". */
export const kindsWords = (kinds: readonly GiftAidKind[]) => (kinds.length > 0 ? kinds.map((kind) => KIND_LABELS[kind]).join(", ") : "none");

// ---- A declaration's correction -----------------------------------------------------------------

const POSTCODE_MESSAGE = "Enter a UK postcode, like SW1A 1AA.";

export const correctionSchema = z.object({
  title: z
    .string()
    .trim()
    .max(TITLE_MAX, { message: `HMRC takes a title of at most ${TITLE_MAX} characters, like Mr, Mrs, Ms, Dr.` })
    .optional()
    .transform((value) => value ?? ""),
  fullName: z
    .string({ error: "Enter the full name." })
    .trim()
    .min(1, { message: "Enter the full name." })
    .max(120, { message: "The name is at most 120 characters." }),
  address: z
    .string({ error: "Enter the home address, starting with the house name or number." })
    .trim()
    .min(1, { message: "Enter the home address, starting with the house name or number." })
    .max(400, { message: "The address is at most 400 characters." })
    .transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join("\n"),
    ),
  // HMRC refuses a postcode that is not a UK one (the claim's problem): a correction must give one, kept as HMRC writes it.
  postcode: z.string({ error: POSTCODE_MESSAGE }).trim().refine(isUkPostcode, { message: POSTCODE_MESSAGE }).transform(normalisePostcode),
});

export const CORRECTION_SAVED = "The declaration is corrected.";
