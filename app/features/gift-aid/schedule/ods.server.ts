import { strToU8, zipSync } from "fflate";
import type { ScheduleCell, ScheduleSheet } from "./sheet";

/**
 * The schedule as an OpenDocument spreadsheet (.ods), the format of HMRC's Charities Online
 * schedule (ADR 74), written here rather than with a library: one sheet of typed cells is a few
 * lines of XML in a zip. What makes it a valid package (OpenDocument 1.2, part 3, §3): the
 * `mimetype` file first, stored uncompressed and without extra fields, so a program can tell
 * the format from the file's first bytes; `META-INF/manifest.xml` listing the parts;
 * `content.xml` with the table. Text cells are strings (a postcode keeps its space, a date
 * "05/04/26" stays as HMRC wants it); amounts are floats shown with two decimals.
 */

export const ODS_CONTENT_TYPE = "application/vnd.oasis.opendocument.spreadsheet";

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
].join(" ");

/** Text safe inside XML: the five special characters escaped, characters XML 1.0 forbids dropped. */
export function xmlText(value: string): string {
  return [...value]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;
    })
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function cellXml(cell: ScheduleCell): string {
  if (cell === null) return "<table:table-cell/>";
  if (cell.kind === "text") return `<table:table-cell office:value-type="string"><text:p>${xmlText(cell.value)}</text:p></table:table-cell>`;
  const value = (cell.pence / 100).toFixed(2);
  return `<table:table-cell table:style-name="amount" office:value-type="float" office:value="${value}"><text:p>${cell.text}</text:p></table:table-cell>`;
}

function contentXml(sheet: ScheduleSheet): string {
  const heading = `<table:table-row>${sheet.headings
    .map((h) => `<table:table-cell table:style-name="heading" office:value-type="string"><text:p>${xmlText(h)}</text:p></table:table-cell>`)
    .join("")}</table:table-row>`;
  const rows = sheet.rows.map((row) => `<table:table-row>${row.map(cellXml).join("")}</table:table-row>`).join("");
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<office:document-content ${NS} office:version="1.2">` +
    "<office:automatic-styles>" +
    '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>' +
    '<style:style style:name="amount" style:family="table-cell" style:data-style-name="N2"/>' +
    '<style:style style:name="heading" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>' +
    "</office:automatic-styles>" +
    '<office:body><office:spreadsheet><table:table table:name="Gift Aid schedule">' +
    `<table:table-column table:number-columns-repeated="${sheet.headings.length}"/>` +
    heading +
    rows +
    "</table:table></office:spreadsheet></office:body></office:document-content>"
  );
}

const MANIFEST =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
  `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${ODS_CONTENT_TYPE}"/>` +
  '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
  '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>' +
  "</manifest:manifest>";

const STYLES = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${NS} office:version="1.2"/>`;

/** A fixed time for the zip's entries: the same claim gives the same bytes. */
const MTIME = new Date(Date.UTC(2026, 0, 1));

/** The bytes of the .ods file. */
export function odsBytes(sheet: ScheduleSheet): Uint8Array {
  // Object order is zip order: `mimetype` first, stored (level 0).
  return zipSync(
    {
      mimetype: [strToU8(ODS_CONTENT_TYPE), { level: 0 }],
      "META-INF/manifest.xml": strToU8(MANIFEST),
      "content.xml": strToU8(contentXml(sheet)),
      "styles.xml": strToU8(STYLES),
    },
    { level: 6, mtime: MTIME },
  );
}
