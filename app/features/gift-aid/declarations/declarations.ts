import { z } from "zod";
import type { DeclarationOrigin, GiftAidDeclaration, Member } from "../../../kernel/store/records";
import { formatIsoDay } from "../../../kernel/dates/iso-day";

/**
 * A member's own Gift Aid declarations (docs/requirements.md §14, ADR 74; HMRC Chapter 3): the
 * name and address a declaration is given under, which one is in force, how each was given,
 * and the forms of My Account's Gift Aid page and of an accountant's paper declaration. Pure.
 */

/** How a declaration was given, as the pages and "Download my data" say it. */
export const DECLARATION_ORIGIN_LABELS: Readonly<Record<DeclarationOrigin, string>> = {
  "sign-up": "At sign-up",
  "my-account": "On My Account",
  donation: "With a donation",
  paper: "On a paper form",
};

/** The same within a sentence: "Given on 05-03-2026, at sign-up". */
export const DECLARATION_ORIGIN_PHRASES: Readonly<Record<DeclarationOrigin, string>> = {
  "sign-up": "at sign-up",
  "my-account": "on My Account",
  donation: "with a donation",
  paper: "on a paper form",
};

/** The name and home address a declaration is given under: the member's record as it stands ("Other" is no title). */
export function declarationPersonOf(
  member: Pick<Member, "title" | "fullName" | "address" | "city" | "county" | "postcode">,
): Pick<GiftAidDeclaration, "title" | "fullName" | "address" | "postcode"> {
  return {
    title: member.title === "Other" ? "" : member.title,
    fullName: member.fullName.trim(),
    // The address lines joined by "\n" (the declaration's column), the house name or number among them.
    address: [member.address, member.city, member.county]
      .map((line) => line.trim())
      .filter(Boolean)
      .join("\n"),
    postcode: member.postcode.trim().toUpperCase(),
  };
}

/** Not cancelled: a payment made today or later is covered by it (once its day has come). */
export function isOpen(declaration: Pick<GiftAidDeclaration, "withdrawnOn">): boolean {
  return declaration.withdrawnOn === null;
}

/**
 * The declaration My Account shows as in force: the newest given on or before `today` that is not
 * cancelled, or null. A cancelled one still covers the payments up to its day (the claim's rule,
 * rules/declaration-in-force.ts), but the member has cancelled it: the page says so and offers to
 * give one again.
 */
export function currentDeclaration<T extends Pick<GiftAidDeclaration, "givenOn" | "withdrawnOn" | "createdAt">>(declarations: T[], today: string): T | null {
  const open = declarations.filter((d) => isOpen(d) && d.givenOn <= today);
  open.sort((a, b) => (a.givenOn === b.givenOn ? b.createdAt - a.createdAt : a.givenOn < b.givenOn ? 1 : -1));
  return open[0] ?? null;
}

/** A declaration as the pages show it: display strings only. */
export interface DeclarationView {
  id: string;
  givenOn: string;
  how: string;
  /** `how` within a sentence: "on a paper form". */
  phrase: string;
  name: string;
  address: string;
  postcode: string;
  wordingVersion: string;
  /** "Cancelled on 05-03-2027", or null while in force. */
  cancelled: string | null;
  /** The day it was cancelled ("05-03-2027"), or null. */
  cancelledOn: string | null;
}

export function declarationView(declaration: GiftAidDeclaration): DeclarationView {
  return {
    id: declaration.id,
    givenOn: formatIsoDay(declaration.givenOn),
    how: DECLARATION_ORIGIN_LABELS[declaration.origin],
    phrase: DECLARATION_ORIGIN_PHRASES[declaration.origin],
    name: [declaration.title, declaration.fullName].filter(Boolean).join(" "),
    address: declaration.address.split("\n").filter(Boolean).join(", "),
    postcode: declaration.postcode,
    wordingVersion: declaration.wordingVersion,
    cancelled: declaration.withdrawnOn ? `Cancelled on ${formatIsoDay(declaration.withdrawnOn)}` : null,
    cancelledOn: declaration.withdrawnOn ? formatIsoDay(declaration.withdrawnOn) : null,
  };
}

/** My Account's one line about Gift Aid: "In force since 05-03-2026 (at sign-up)" or "None". */
export function declarationStatusLabel(declarations: GiftAidDeclaration[], today: string): string {
  const inForce = currentDeclaration(declarations, today);
  return inForce ? `In force since ${formatIsoDay(inForce.givenOn)} (${DECLARATION_ORIGIN_PHRASES[inForce.origin]})` : "None";
}

// ---- The forms ----------------------------------------------------------------

export const GIVE_INTENT = "give";
export const CANCEL_INTENT = "cancel";

export const DECLARATION_MESSAGES = {
  declare: "Tick the box to give the declaration.",
  givenOn: "Enter the date written on the form.",
  givenOnFuture: "The date cannot be in the future.",
  given: "Thank you: your Gift Aid declaration is recorded.",
  alreadyGiven: "Your Gift Aid declaration is already in force.",
  cancelled: "Your Gift Aid declaration is cancelled. Payments after today will not be claimed.",
  nothingToCancel: "You have no Gift Aid declaration in force.",
  paperRecorded: "The paper Gift Aid declaration is recorded.",
} as const;

/** The question asked before a cancellation (the confirmation set apart, docs/decisions/0028). */
export function cancelQuestion(today: string): string {
  return `Cancel your Gift Aid declaration from today, ${formatIsoDay(today)}? Payments you made up to today can still be claimed; payments after today will not be claimed. You can give a new declaration at any time.`;
}

const ticked = z.literal("on", { error: DECLARATION_MESSAGES.declare });

/** My Account's Gift Aid page posts one of two things: give (with the box ticked) or cancel (asked first). */
export const myDeclarationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(GIVE_INTENT), declare: ticked }),
  z.object({ intent: z.literal(CANCEL_INTENT), confirmed: z.literal("1").optional().catch(undefined) }),
]);

/** A day typed as YYYY-MM-DD that exists (2026-02-30 does not). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === value;
}

/** An accountant's paper declaration: the date written on the form (not in the future) and the box that it was signed. */
export function paperDeclarationSchema(today: string) {
  return z.object({
    givenOn: z
      .string({ error: DECLARATION_MESSAGES.givenOn })
      .trim()
      .refine(isIsoDay, { error: DECLARATION_MESSAGES.givenOn })
      .refine((day) => day <= today, { error: DECLARATION_MESSAGES.givenOnFuture }),
    declare: z.literal("on", { error: "Tick the box to confirm the form is signed and has the declaration's words." }),
  });
}
