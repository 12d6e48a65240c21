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
