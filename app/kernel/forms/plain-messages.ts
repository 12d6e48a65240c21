import { z } from "zod";

/**
 * The site's one zod error map (docs/requirements.md §1.1, ADR 68): what a person reads when a
 * field's schema has no message of its own for what went wrong. zod's own wording ("Invalid
 * input: expected string, received undefined") is for developers; it reached people whenever a
 * field was missing from a post, since conform hands an empty field to zod as `undefined`.
 *
 * A schema's own message always wins (zod asks the schema first, then this map). A missing or
 * empty field whose schema says what to write when it is empty (`.min(1, "Please write the
 * reason")`) gets that message; any other missing field gets `required`.
 */
export const PLAIN_MESSAGES = {
  required: "Please fill in this field.",
  number: "Please enter a number, e.g. 12.",
  wholeNumber: "Please enter a whole number, e.g. 12.",
  date: "Please enter a date.",
  choose: "Please choose one of the options.",
  email: "Please enter an e-mail address, e.g. name@example.com.",
  url: "Please enter a web address, e.g. https://example.org.",
  check: "Please check what you entered here.",
  tooLong: (maximum: number) => `Please enter at most ${maximum.toLocaleString("en-GB")} characters.`,
  tooShort: (minimum: number) => `Please enter at least ${minimum.toLocaleString("en-GB")} characters.`,
  tooBig: (maximum: number) => `Please enter ${maximum.toLocaleString("en-GB")} or less.`,
  tooSmall: (minimum: number) => `Please enter ${minimum.toLocaleString("en-GB")} or more.`,
  tooMany: (maximum: number) => `Please choose at most ${maximum.toLocaleString("en-GB")}.`,
  tooFew: (minimum: number) => `Please choose at least ${minimum.toLocaleString("en-GB")}.`,
} as const;

type Issue = z.core.$ZodRawIssue;

const isEmpty = (input: unknown) => input === undefined || input === null || (typeof input === "string" && input.trim() === "");

/** The message a string schema gives for being empty (its `.min(1, …)` or `.nonempty(…)`), if it has one. */
function ownEmptyMessage(issue: Issue): string | undefined {
  const checks = (issue.inst as { _zod?: { def?: { checks?: z.core.$ZodCheck[] } } } | undefined)?._zod?.def?.checks ?? [];
  for (const check of checks) {
    const def = check._zod.def as { check?: string; minimum?: number; error?: z.core.$ZodErrorMap };
    if (def.check !== "min_length" || !def.error) continue;
    const own = def.error({ code: "too_small", origin: "string", minimum: def.minimum ?? 1, inclusive: true, input: "", inst: check } as Issue);
    const message = typeof own === "string" ? own : own?.message;
    if (message) return message;
  }
  return undefined;
}

/** Plain words for a zod issue that its schema left without a message. Pure. */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (isEmpty(issue.input)) return ownEmptyMessage(issue) ?? PLAIN_MESSAGES.required;
      if (issue.expected === "number") return PLAIN_MESSAGES.number;
      if (issue.expected === "int" || issue.expected === "bigint") return PLAIN_MESSAGES.wholeNumber;
      if (issue.expected === "date") return PLAIN_MESSAGES.date;
      return PLAIN_MESSAGES.check;
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? PLAIN_MESSAGES.required : PLAIN_MESSAGES.tooShort(minimum);
      if (issue.origin === "array" || issue.origin === "set") return minimum <= 1 ? PLAIN_MESSAGES.choose : PLAIN_MESSAGES.tooFew(minimum);
      if (issue.origin === "date") return PLAIN_MESSAGES.date;
      return PLAIN_MESSAGES.tooSmall(minimum);
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return PLAIN_MESSAGES.tooLong(maximum);
      if (issue.origin === "array" || issue.origin === "set") return PLAIN_MESSAGES.tooMany(maximum);
      if (issue.origin === "date") return PLAIN_MESSAGES.date;
      return PLAIN_MESSAGES.tooBig(maximum);
    }
    case "invalid_format":
      if (issue.format === "email") return PLAIN_MESSAGES.email;
      if (issue.format === "url") return PLAIN_MESSAGES.url;
      if (issue.format === "date" || issue.format === "datetime") return PLAIN_MESSAGES.date;
      return PLAIN_MESSAGES.check;
    case "invalid_value":
      return isEmpty(issue.input) ? PLAIN_MESSAGES.required : PLAIN_MESSAGES.choose;
    case "not_multiple_of":
      return PLAIN_MESSAGES.wholeNumber;
    default:
      return PLAIN_MESSAGES.check;
  }
}

/**
 * Makes `plainMessage` zod's map for every parse in this JavaScript realm. Called once where a
 * realm starts: the worker (app/entry.server.tsx) and the browser's lazily loaded sign-up check.
 */
export function installPlainMessages(): void {
  z.config({ customError: plainMessage });
}
