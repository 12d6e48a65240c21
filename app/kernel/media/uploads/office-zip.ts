/**
 * The Office Open XML formats (.docx, .xlsx, .pptx) are ZIP archives holding
 * `[Content_Types].xml` and a folder named for the application (word/, xl/, ppt/). Read from
 * the archive's central directory (what an unzipper trusts), not from the local headers a
 * crafted file could make disagree. A macro project (vbaProject.bin) is reported as such:
 * macro-enabled files are refused.
 */
export type OfficeZipKind = "docx" | "xlsx" | "pptx" | "macros";

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;

export function officeZipType(bytes: Uint8Array): OfficeZipKind | null {
  const names = centralDirectoryNames(bytes);
  if (!names?.includes("[Content_Types].xml")) return null;
  if (names.some((name) => /(^|\/)vbaproject\.bin$/i.test(name))) return "macros";
  if (names.some((name) => name.startsWith("word/"))) return "docx";
  if (names.some((name) => name.startsWith("xl/"))) return "xlsx";
  if (names.some((name) => name.startsWith("ppt/"))) return "pptx";
  return null;
}

/** The entry names of the archive's central directory, or null when it is not a readable ZIP. */
export function centralDirectoryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
