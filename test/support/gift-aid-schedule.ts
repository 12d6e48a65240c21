import { strFromU8, unzipSync } from "fflate";
import { DomUtils, parseDocument } from "htmlparser2";
import type { AnyNode, Document, Element } from "domhandler";

/**
 * HMRC's Gift Aid schedule files (ADR 74) read back for the tests: unzipped with fflate and their
 * XML parsed with htmlparser2 in XML mode, so each cell is looked at by its type and value,
 * never by matching strings in the markup.
 */
export interface ReadCell {
  /** ODS: office:value-type ("string", "float"); XLSX: the cell's t ("s", "inlineStr", "n"); null for a blank cell. */
  type: string | null;
  /** ODS: office:value; XLSX: the stored value. */
  value: string | null;
  /** What the cell shows (a shared string resolved). */
  text: string;
  /** ODS: the cell's style name; XLSX: its number format code. */
  style: string | null;
}

const BLANK: ReadCell = { type: null, value: null, text: "", style: null };

/** A zip's files by name. */
export function unzipped(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

export function xml(bytes: Uint8Array | undefined): Document {
  if (!bytes) throw new Error("The file is missing from the zip");
  return parseDocument(strFromU8(bytes), { xmlMode: true });
}

export function byTag(tag: string, scope: AnyNode | AnyNode[] | undefined): Element[] {
  return scope ? DomUtils.getElementsByTagName(tag, scope, true) : [];
}

/** An .ods's first table as rows of cells (a repeated cell counted once per repeat). */
export function odsCells(bytes: Uint8Array): ReadCell[][] {
  const [table] = byTag("table:table", xml(unzipped(bytes)["content.xml"]));
  return byTag("table:table-row", table).map((row) =>
    row.children
      .filter((c): c is Element => c.type === "tag" && c.name === "table:table-cell")
      .flatMap((cell) =>
        Array.from({ length: Number(cell.attribs["table:number-columns-repeated"] ?? 1) }, () => ({
          type: cell.attribs["office:value-type"] ?? null,
          value: cell.attribs["office:value"] ?? null,
          text: byTag("text:p", cell)
            .map((p) => DomUtils.textContent(p))
            .join("\n"),
          style: cell.attribs["table:style-name"] ?? null,
        })),
      ),
  );
}

const columnIndex = (ref: string) => [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/** An .xlsx's first sheet as rows of cells by column, shared strings resolved, number formats named. */
export function xlsxCells(bytes: Uint8Array): ReadCell[][] {
  const files = unzipped(bytes);
  const shared = files["xl/sharedStrings.xml"] ? byTag("si", xml(files["xl/sharedStrings.xml"])).map((si) => DomUtils.textContent(si)) : [];
  const styles = xml(files["xl/styles.xml"]);
  const formats = new Map(byTag("numFmt", styles).map((f) => [f.attribs.numFmtId, f.attribs.formatCode ?? null]));
  const xfs = byTag("xf", byTag("cellXfs", styles)[0]).map((xf) => formats.get(xf.attribs.numFmtId) ?? null);
  const sheetPath = Object.keys(files).find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  return byTag("row", xml(sheetPath ? files[sheetPath] : undefined)).map((row) => {
    const cells: ReadCell[] = [];
    for (const c of byTag("c", row)) {
      const raw = byTag("v", c)[0];
      const value = raw ? DomUtils.textContent(raw) : null;
      const type = c.attribs.t ?? "n";
      const text = type === "s" ? (shared[Number(value)] ?? "") : type === "inlineStr" ? DomUtils.textContent(byTag("is", c)) : (value ?? "");
      cells[columnIndex(c.attribs.r ?? "A1")] = { type, value, text, style: c.attribs.s ? (xfs[Number(c.attribs.s)] ?? null) : null };
    }
    return Array.from({ length: cells.length }, (_, i) => cells[i] ?? BLANK);
  });
}
