/** Member numbers are shown with the association's prefix: MMA + number. */
export const MEMBER_NUMBER_PREFIX = "MMA";

export function formatMemberNumber(memberNumber: number | null | undefined): string | null {
  return memberNumber ? `${MEMBER_NUMBER_PREFIX}${memberNumber}` : null;
}

/** Reads "MMA42", "mma 42" or "42" as 42; anything else is not a member number. */
export function parseMemberNumber(text: string): number | null {
  const match = /^\s*(?:mma)?\s*0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value > 0 ? value : null;
}

/** What the back office shows for a record without a number (legacy Cockpit records). */
export const MEMBER_NUMBER_NOT_GENERATED = "Not Generated";

/** "MMA42", or 'Not Generated'. */
export function memberNumberLabel(memberNumber: number | null | undefined): string {
  return formatMemberNumber(memberNumber) ?? MEMBER_NUMBER_NOT_GENERATED;
}
