import { z } from "zod";
import { EMAIL_ADDRESS_MAX_LENGTH, normaliseEmail, type EmailAddress } from "./email-address";

/**
 * The one check of a typed e-mail address (email-address.ts says why it is one type):
 * trimmed, required, at most EMAIL_ADDRESS_MAX_LENGTH characters, an address, then
 * lower-cased. Each form keeps the texts its users see (docs/requirements.md), so the
 * messages are the caller's. Server-only in practice: zod stays out of the browser (ADR 10, 28).
 */

export interface EmailAddressMessages {
  /** Empty, or not text at all. */
  required: string;
  tooLong: string;
  invalid: string;
}

/** A missing field (or a file where text belongs) reads as empty. */
const asText = (value: unknown) => (typeof value === "string" ? value : "");

const address = (messages: EmailAddressMessages, min: number, max = EMAIL_ADDRESS_MAX_LENGTH) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(min, { error: messages.required, abort: true })
    .max(Math.min(max, EMAIL_ADDRESS_MAX_LENGTH), { error: messages.tooLong, abort: true });

const checked = (messages: EmailAddressMessages) => z.email({ error: messages.invalid }).transform((text) => normaliseEmail(text));

/**
 * A required address. `fitsIn` is for an address that must travel somewhere smaller than an
 * address may be (the e-mail change's signed link, ADR 51): it can only lower the limit.
 */
export function emailAddress(messages: EmailAddressMessages, options: { fitsIn?: number } = {}): z.ZodType<EmailAddress, unknown> {
  return z.preprocess(asText, address(messages, 1, options.fitsIn).pipe(checked(messages)));
}

/** An address or nothing: empty (or absent) reads as "". */
export function optionalEmailAddress(messages: Omit<EmailAddressMessages, "required">): z.ZodType<EmailAddress | "", unknown> {
  const isAddress = z.email();
  return z.preprocess(
    asText,
    address({ required: messages.invalid, ...messages }, 0)
      .refine((text) => text === "" || isAddress.safeParse(text).success, { error: messages.invalid })
      .transform((text) => (text === "" ? "" : normaliseEmail(text))),
  );
}
