/**
 * Number fields (docs/requirements.md §7.3, §7.11): a count typed in a form ("300", "1,000").
 * A field that takes a number says so to the phone (`inputmode`, `pattern`: the digits
 * keyboard) and, when something else is typed ("300 people", "ten"), answers with the
 * field's own example ("Enter a number of people, e.g. 300"), never a length limit. Words
 * around the number are refused rather than guessed: "300 people" is clear, "3 or 400" is not.
 * Pure.
 */

/** Spread into a Field that takes a whole number: the digits keyboard and the digits-only pattern. */
export const WHOLE_NUMBER_INPUT = { inputMode: "numeric", pattern: "[0-9]*", autoComplete: "off" } as const;

/** Spread into a Field that takes an amount in pounds ("12.50"). */
export const POUNDS_INPUT = { inputMode: "decimal", pattern: "[0-9.,£ ]*", autoComplete: "off" } as const;

export type WholeNumber = { ok: true; value: number } | { ok: false; problem: "notANumber" | "tooSmall" | "tooLarge" };

/**
 * "300", " 1,000 " → the number; "" → `empty` when given (an optional field), else notANumber;
 * "300 people", "ten", "3.5", "-2" → notANumber; outside min..max → tooSmall / tooLarge.
 */
export function parseWholeNumber(typed: string | null | undefined, limits: { min?: number; max: number; empty?: number }): WholeNumber {
  const value = (typed ?? "").trim();
  if (value === "") return limits.empty === undefined ? { ok: false, problem: "notANumber" } : { ok: true, value: limits.empty };
  if (!/^(\d{1,3}(,\d{3})+|\d+)$/.test(value)) return { ok: false, problem: "notANumber" };
  const number = Number(value.replace(/,/g, ""));
  if (!Number.isSafeInteger(number) || number > limits.max) return { ok: false, problem: "tooLarge" };
  if (number < (limits.min ?? 0)) return { ok: false, problem: "tooSmall" };
  return { ok: true, value: number };
}
