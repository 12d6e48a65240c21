/**
 * Money typed in pounds (the studio's fee fields) ⇄ the pence the app keeps. Pure; the
 * messages are the form's.
 */

export const POUNDS_MESSAGES = {
  required: "Enter an amount in pounds, like 25.00.",
  notPounds: "Enter an amount in pounds, like 25.00 (numbers only, no “p”).",
  negative: "The amount cannot be less than £0.00.",
  tooManyDecimals: "Use at most two figures after the point, like 25.50.",
  tooLarge: "The amount cannot be more than £10,000.00.",
} as const;

/** The largest amount the studio accepts: far above any fee, far below anything a typo could charge. */
export const MAX_PENCE = 1_000_000;

export type PoundsResult = { ok: true; pence: number } | { ok: false; message: string };

/** "25", "25.5", "25.50", "£1,025.00" → pence; anything else (e.g. "25.5p", "-3", "25.505") a message. */
export function parsePounds(input: string | null | undefined): PoundsResult {
  const raw = (input ?? "").trim().replace(/^£\s*/, "");
  if (raw === "") return { ok: false, message: POUNDS_MESSAGES.required };
  if (/^-/.test(raw)) return { ok: false, message: POUNDS_MESSAGES.negative };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(raw);
  if (!match) return { ok: false, message: POUNDS_MESSAGES.notPounds };
  const decimals = match[2] ?? "";
  if (decimals.length > 2) return { ok: false, message: POUNDS_MESSAGES.tooManyDecimals };
  const pence = Number(match[1]!.replace(/,/g, "")) * 100 + Number(decimals.padEnd(2, "0"));
  if (pence > MAX_PENCE) return { ok: false, message: POUNDS_MESSAGES.tooLarge };
  return { ok: true, pence };
}

/** 2550 → "25.50": how a fee field shows what is stored. */
export function penceToPounds(pence: number): string {
  const whole = Math.max(0, Math.round(pence));
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}
