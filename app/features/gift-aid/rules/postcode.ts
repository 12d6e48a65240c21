/**
 * A UK postcode as HMRC's schedule wants it (ADR 74): capital letters with one space before
 * the last three characters ("s19 2bd" → "S19 2BD"). Valid when it has the shape of a UK
 * postcode (outward code: one or two letters, a digit, then a letter or digit; inward code: a
 * digit and two letters), or is the special GIR 0AA. It does not prove the postcode exists.
 */
const SHAPE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}|GIR0AA)$/;

export const BAD_POSTCODE = "The postcode is not a valid UK postcode.";

export function normalisePostcode(postcode: string): string {
  const compact = postcode.toUpperCase().replace(/\s+/g, "");
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isUkPostcode(postcode: string): boolean {
  return SHAPE.test(postcode.toUpperCase().replace(/\s+/g, ""));
}
