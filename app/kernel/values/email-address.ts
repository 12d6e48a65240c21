/**
 * An e-mail address as the association keeps it: trimmed and lower-cased, at most
 * EMAIL_ADDRESS_MAX_LENGTH characters. One value type, so the address a sign-up stores
 * is exactly the one sign-in, password reset, the e-mail change and the store's look-ups
 * compare with (docs/requirements.md §2.3: "matched in any letter case"; §3.2: "stored
 * lower-case").
 *
 * A kernel, not a feature's rule: the store's adapters and the rate limits clean addresses
 * as well as the features' forms, and kernels never import features (ADR 58,
 * docs/decisions/0058-features-as-folders.md). No zod here, so pages can use the limit in
 * the browser (ADR 10, 28); the form schema is email-address-schema.ts.
 */

/** RFC 5321's limit on a forward path, and the limit docs/requirements.md states for sign-up (§3.2) and contact (§1.10). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

declare const emailAddressBrand: unique symbol;

/** A cleaned-up address (normaliseEmail or the emailAddress schema): trimmed, lower-case. */
export type EmailAddress = string & { readonly [emailAddressBrand]: true };

/**
 * The clean-up every address gets, for code paths without a form (look-ups, stored records,
 * rate-limit counters). It does not check the address is one: the schema does that.
 */
export function normaliseEmail(text: string): EmailAddress {
  return text.trim().toLowerCase() as EmailAddress;
}
