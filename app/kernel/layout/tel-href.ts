/** A tel: link for a number as people write it ("+44 161 496 0000" → "tel:+441614960000"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, "")}`;
}
