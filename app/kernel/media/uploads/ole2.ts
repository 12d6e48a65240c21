/**
 * Legacy Office files (.doc, .xls) are OLE2 compound files (`D0 CF 11 E0 A1 B1 1A E1`): a
 * small file system whose directory names the streams. A Word document has a
 * "WordDocument" stream, an Excel workbook a "Workbook" (or, before Excel 97, "Book") one.
 * The directory is read by following its sector chain through the allocation table, with
 * every step bounded by the file's size, so a crafted file cannot loop or read outside it.
 * Macro storages ("Macros" in Word, "_VBA_PROJECT_CUR" in Excel) are reported: refused.
 */
export type OleKind = "doc" | "xls" | "macros";

const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT_ENTRIES = 109;

export function oleDocumentType(bytes: Uint8Array): OleKind | null {
  const names = oleDirectoryNames(bytes);
  if (!names) return null;
  if (names.includes("Macros") || names.includes("_VBA_PROJECT_CUR")) return "macros";
  if (names.includes("WordDocument")) return "doc";
  if (names.includes("Workbook") || names.includes("Book")) return "xls";
  return null;
}

/** The names in the compound file's directory, or null when it cannot be read. */
export function oleDirectoryNames(bytes: Uint8Array): string[] | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor(bytes.length / sectorSize);
  const offsetOf = (sector: number) => (sector + 1) * sectorSize;
  const inFile = (sector: number) => sector < sectorCount && offsetOf(sector) + sectorSize <= bytes.length;

  // The allocation table's own sectors: the first 109 are listed in the header (enough for
  // files of ~7 MB with 512-byte sectors); the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = view.getUint32(0x44, true);
  for (let hops = 0; difat !== END_OF_CHAIN && inFile(difat) && hops < sectorCount; hops++) {
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector; i++) fatSectors.push(view.getUint32(offsetOf(difat) + i * 4, true));
    difat = view.getUint32(offsetOf(difat) + perSector * 4, true);
  }
  const entriesPerFat = sectorSize / 4;
  const next = (sector: number): number | null => {
    const fat = fatSectors[Math.floor(sector / entriesPerFat)];
    if (fat === undefined || !inFile(fat)) return null;
    return view.getUint32(offsetOf(fat) + (sector % entriesPerFat) * 4, true);
  };

  const names: string[] = [];
  let sector = view.getUint32(0x30, true);
  for (let hops = 0; sector !== END_OF_CHAIN; hops++) {
    if (!inFile(sector) || hops >= sectorCount) return null;
    for (let entry = offsetOf(sector); entry < offsetOf(sector) + sectorSize; entry += 128) {
      const nameBytes = view.getUint16(entry + 0x40, true);
      if (nameBytes < 2 || nameBytes > 64) continue;
      let name = "";
      for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(view.getUint16(entry + i, true));
      names.push(name);
    }
    const following = next(sector);
    if (following === null) return null;
    sector = following;
  }
  return names;
}
