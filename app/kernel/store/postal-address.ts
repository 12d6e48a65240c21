/**
 * The association's postal address (docs/requirements.md §1.10, ADR 67): a site setting, typed in the
 * studio as lines. The default is the address the site has always shown, so a site whose settings
 * predate the setting (and the demo) keeps it. Pure.
 */
export const DEFAULT_POSTAL_ADDRESS = ["Mosaic Community School", "Education Village", "1 Example Road", "Manchester M1 1AA"].join("\n");

/** The address's lines, as typed: blank lines and spaces at either end dropped. */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
