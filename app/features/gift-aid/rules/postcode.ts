/**
 * A UK postcode as HMRC's schedule wants it (ADR 74): capital letters with one space before
 * the last three characters ("s19 2bd" → "S19 2BD"). Valid when it has the shape of a UK
 * postcode (the Royal Mail's shapes: outward codes like M1, B33, CR2, DN55, W1A, EC1A, with the
 * letters each place allows; inward code: a digit and two letters), or is the special GIR 0AA.
 * It does not prove the postcode exists. The one check for postcodes of declarations.
 */
const SHAPE = /^(?:[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])\d[ABD-HJLNP-UW-Z]{2}|GIR0AA)$/;

export const BAD_POSTCODE = "The postcode is not a valid UK postcode.";

export function normalisePostcode(postcode: string): string {
  const compact = postcode.toUpperCase().replace(/\s+/g, "");
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isUkPostcode(postcode: string): boolean {
  return SHAPE.test(postcode.toUpperCase().replace(/\s+/g, ""));
}
