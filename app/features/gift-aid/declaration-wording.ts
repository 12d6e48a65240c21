import { ASSOCIATION } from "../../kernel/layout/association";

/**
 * The Gift Aid declaration's words (docs/requirements.md §14, ADR 74): HMRC's model enduring
 * declaration (Gift Aid guidance, Chapter 3, "Gift Aid declarations"), covering this payment
 * and future ones until cancelled. Each declaration stores the version it was shown, so a
 * change of wording is a new version here, never an edit of this one.
 */
export const DECLARATION_WORDING_VERSION = "hmrc-model-2026-11";

/** The words shown beside the box, as one paragraph each. */
export function declarationWording(charityName: string = ASSOCIATION.name): string[] {
  return [
    `I want to Gift Aid this payment and any donations I make in the future to ${charityName}, until I cancel this declaration.`,
    "I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.",
  ];
}

/** What the declaration asks the donor to tell the charity (HMRC's model notes). */
export const DECLARATION_NOTES =
  "Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough tax on your income and/or capital gains.";

/** The version given to the sign-up consents made before declarations were records (migration 0031). */
export const LEGACY_SIGN_UP_WORDING_VERSION = "sign-up-2019";
