import { z } from "zod";
import { emailAddress } from "../../kernel/values/email-address-schema";
import { parsePounds } from "../../kernel/values/pounds";
import type { GiftAidDeclaration, Member, Pence } from "../../kernel/store/records";
import {
  DECLARATION_TITLES,
  DONATION_LIMITS as LIMITS,
  DONATION_MESSAGES as M,
  MAX_DONATION,
  MIN_DONATION,
  OTHER_AMOUNT,
  PRESET_AMOUNTS,
} from "./donation-form";

/**
 * The donation form's checks (docs/requirements.md §14, ADR 74) and the small rules around it:
 * the amount in pence, a UK postcode, the home address, the declaration in force. Pure; the
 * route's action is the only reader of the schema (no zod in a public page's JavaScript).
 */

/** What a valid form gives. `email` is "" for a signed-in member (their record has it). */
export interface DonationInput {
  amount: Pence;
  message: string;
  email: string;
  fullName: string;
  giftAid: boolean;
  /** "" when none. */
  title: string;
  /** Lines joined by "\n". */
  address: string;
  /** Normalised: capitals, one space before the inward code ("SW1A 1AA"). */
  postcode: string;
}

/** The amount chosen: a preset's pence, or another amount typed in pounds (£1–£1,000), or a message. */
export function donationAmount(choice: string, other: string): { ok: true; pence: Pence } | { ok: false; field: "amount" | "otherAmount"; message: string } {
  const preset = PRESET_AMOUNTS.find((pence) => String(pence) === choice);
  if (preset) return { ok: true, pence: preset };
  // Another amount: the radio, or (without it) an amount typed in its box.
  if (choice === OTHER_AMOUNT || (choice === "" && other.trim() !== "")) {
    if (other.trim() === "") return { ok: false, field: "otherAmount", message: M.otherRange };
    const parsed = parsePounds(other);
    if (!parsed.ok) return { ok: false, field: "otherAmount", message: /more than|less than/.test(parsed.message) ? M.otherRange : M.otherAmount };
    if (parsed.pence < MIN_DONATION || parsed.pence > MAX_DONATION) return { ok: false, field: "otherAmount", message: M.otherRange };
    return { ok: true, pence: parsed.pence };
  }
  return { ok: false, field: "amount", message: M.amount };
}

/**
 * A UK postcode (the Royal Mail's shapes, including GIR 0AA and the London districts like
 * SW1A or EC1V), normalised to capitals with one space before the last three; null when it is not one.
 */
export function ukPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (compact === "GIR0AA") return "GIR 0AA";
  const match = /^([A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]))(\d[ABD-HJLNP-UW-Z]{2})$/.exec(compact);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** Address lines as typed: spaces at either end and blank lines dropped, "\n" between. */
export function addressText(input: string): string {
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

/** A member's home address as a declaration keeps it: the address, then the town and county. */
export function memberHomeAddress(member: Pick<Member, "address" | "city" | "county">): string {
  return addressText([member.address, member.city, member.county ?? ""].join("\n"));
}

/** The declaration's title for a member's: "Other" (or anything off the list) is none. */
export function declarationTitle(title: string | null | undefined): string {
  return (DECLARATION_TITLES as readonly string[]).includes(title ?? "") ? (title as string) : "";
}

/**
 * The declaration that covers a payment on `day` (UK, YYYY-MM-DD): the newest given on or before
 * it and not cancelled before it (HMRC Chapter 3; a cancellation covers payments up to its day). Null: none.
 */
export function declarationInForce(declarations: readonly GiftAidDeclaration[], day: string): GiftAidDeclaration | null {
  const covering = declarations.filter((d) => d.givenOn <= day && (d.withdrawnOn === null || day <= d.withdrawnOn));
  covering.sort((a, b) => (a.givenOn === b.givenOn ? b.createdAt - a.createdAt : a.givenOn < b.givenOn ? 1 : -1));
  return covering[0] ?? null;
}

const ALWAYS = { when: () => true };
/** A visitor's address: the receipt goes there, and the donor's record keeps it. */
const visitorEmail = emailAddress({ required: M.email, tooLong: M.tooLong(LIMITS.email), invalid: M.emailFormat });
const asText = (value: unknown) => (typeof value === "string" ? value : "");
const text = (max: number) =>
  z.preprocess(
    asText,
    z
      .string()
      .trim()
      .max(max, { error: M.tooLong(max) }),
  );

/**
 * The form's schema for who is giving: a visitor gives their name and e-mail (the receipt's
 * address, and the donor's record); a member is known. Ticked, the Gift Aid box asks the name
 * and home address, unless the member's declaration in force is reused (`declarationInForce`).
 */
export function donationSchema(who: { visitor: boolean; declarationInForce: boolean }) {
  return (
    z
      .object({
        amount: z.preprocess(asText, z.string()),
        otherAmount: z.preprocess(asText, z.string().max(LIMITS.otherAmount, { error: M.otherAmount })),
        message: z.preprocess(asText, z.string().trim().max(LIMITS.message, { error: M.message })),
        // Checked below with the others (the address check stops at its first problem, which would hide the rest).
        email: z.preprocess(asText, z.string()),
        fullName: text(LIMITS.fullName),
        giftAid: z.preprocess(asText, z.string()).transform((value) => value === "on"),
        title: z.preprocess(asText, z.string()),
        address: text(LIMITS.address),
        postcode: text(LIMITS.postcode),
      })
      // Run even when a field is wrong, so every message shows at once (the values may then be missing).
      .superRefine((form, ctx) => {
        const value = (name: keyof typeof form) => (typeof form[name] === "string" ? (form[name] as string) : "");
        const amount = donationAmount(value("amount"), value("otherAmount"));
        if (!amount.ok) ctx.addIssue({ code: "custom", path: [amount.field], message: amount.message });
        if (who.visitor) {
          const email = visitorEmail.safeParse(value("email"));
          if (!email.success) ctx.addIssue({ code: "custom", path: ["email"], message: email.error.issues[0]?.message ?? M.email });
        }
        const asksDetails = form.giftAid === true && !who.declarationInForce;
        if ((who.visitor || asksDetails) && !value("fullName")) ctx.addIssue({ code: "custom", path: ["fullName"], message: M.fullName });
        if (!asksDetails) return;
        if (value("title") !== "" && !(DECLARATION_TITLES as readonly string[]).includes(value("title"))) {
          ctx.addIssue({ code: "custom", path: ["title"], message: M.title });
        }
        if (!addressText(value("address"))) ctx.addIssue({ code: "custom", path: ["address"], message: M.address });
        if (!value("postcode")) ctx.addIssue({ code: "custom", path: ["postcode"], message: M.postcode });
        else if (!ukPostcode(value("postcode"))) ctx.addIssue({ code: "custom", path: ["postcode"], message: M.postcodeFormat });
      }, ALWAYS)
      .transform((form): DonationInput => {
        const amount = donationAmount(form.amount, form.otherAmount);
        const asksDetails = form.giftAid && !who.declarationInForce;
        return {
          amount: amount.ok ? amount.pence : 0,
          message: form.message,
          email: who.visitor ? visitorEmail.parse(form.email) : "",
          fullName: form.fullName,
          giftAid: form.giftAid,
          title: asksDetails ? form.title : "",
          address: asksDetails ? addressText(form.address) : "",
          postcode: asksDetails ? (ukPostcode(form.postcode) ?? "") : "",
        };
      })
  );
}
