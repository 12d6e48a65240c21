import { once } from "node:events";
import { crc32, createDeflate, deflateSync } from "node:zlib";

/**
 * Real files, built byte by byte for the upload tests (nothing binary is kept in the repo):
 * a decodable baseline JPEG, a phone-style JPEG with GPS, a PNG, Office files as ZIP and
 * OLE2 containers, and the hostile ones.
 */

const bytes = (...parts: Array<Uint8Array | number[] | string>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p as ArrayLike<number>))));

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const segment = (marker: number, data: Uint8Array | number[]) => bytes([0xff, marker, ...u16(data.length + 2)], data);

/**
 * The image data of an 8×8 grey baseline JPEG: tables, frame, Huffman codes of one bit each, one block.
 * `frame` makes the frame header (SOFn) claim another size or be another SOF marker (2: progressive).
 */
export function jpegImageSegments(frame: { width?: number; height?: number; sof?: number } = {}): Uint8Array {
  const dqt = segment(0xdb, [0x00, ...new Array(64).fill(1)]);
  const sof = segment(frame.sof ?? 0xc0, [8, ...u16(frame.height ?? 8), ...u16(frame.width ?? 8), 1, 1, 0x11, 0]);
  // One code of length 1 for symbol 0: DC "difference 0" and AC "end of block".
  const dht = (tableClass: number) => segment(0xc4, [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0x00]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  return bytes(dqt, sof, dht(0), dht(1), sos, [0x3f]);
}

export const JFIF = segment(0xe0, [...Buffer.from("JFIF\0", "latin1"), 1, 1, 0, ...u16(1), ...u16(1), 0, 0]);
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];

/** A whole, decodable 8×8 JPEG. */
export function plainJpeg(): Uint8Array {
  return bytes(SOI, JFIF, jpegImageSegments(), EOI);
}

/** Latitude 53° 28′ 50″ N, longitude 2° 14′ 40″ W (Manchester), as Exif writes them. */
export const GPS_LATITUDE = [53, 1, 28, 1, 50, 1];
const rationals = (values: number[]) => values.flatMap(u32);

/** An Exif APP1 block as a phone writes it: Orientation 6 (held upright), a camera model, and a GPS IFD. */
export function exifWithGps(orientation = 6): Uint8Array {
  // Big-endian TIFF. IFD0 at 8: three entries; the GPS IFD after it; then the value data.
  const ifd0At = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const modelAt = ifd0At + ifd0Size;
  const model = Buffer.from("PhoneCam X\0", "latin1");
  const gpsAt = modelAt + model.length + (model.length % 2);
  const gpsSize = 2 + 4 * 12 + 4;
  const latAt = gpsAt + gpsSize;
  const lonAt = latAt + 24;
  const tiff = bytes(
    "MM",
    u16(42),
    u32(ifd0At),
    u16(3),
    [...u16(0x0110), ...u16(2), ...u32(model.length), ...u32(modelAt)], // Model
    [...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0], // Orientation
    [...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsAt)], // GPS IFD pointer
    u32(0),
    model,
    model.length % 2 ? [0] : [],
    u16(4),
    [...u16(0x0001), ...u16(2), ...u32(2), ..."N\0\0\0".split("").map((c) => c.charCodeAt(0))], // GPSLatitudeRef
    [...u16(0x0002), ...u16(5), ...u32(3), ...u32(latAt)], // GPSLatitude
    [...u16(0x0003), ...u16(2), ...u32(2), ..."W\0\0\0".split("").map((c) => c.charCodeAt(0))], // GPSLongitudeRef
    [...u16(0x0004), ...u16(5), ...u32(3), ...u32(lonAt)], // GPSLongitude
    u32(0),
    rationals(GPS_LATITUDE),
    rationals([2, 1, 14, 1, 40, 1]),
  );
  return segment(0xe1, bytes("Exif\0\0", tiff));
}

/** XMP as photo editors write it, with the location in exif:GPSLatitude. */
export function xmpWithGps(): Uint8Array {
  const packet =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="53,28.8333N"/></rdf:RDF></x:xmpmeta>';
  return segment(0xe1, bytes("http://ns.adobe.com/xap/1.0/\0", packet));
}

/** A phone photo: JFIF, Exif with GPS and Orientation 6, XMP with GPS, the image, EOI. */
export function phoneJpegWithGps(): Uint8Array {
  return bytes(SOI, JFIF, exifWithGps(), xmpWithGps(), jpegImageSegments(), EOI);
}

/** A real JPEG of `size` bytes: comment segments fill it out before the image data. */
export function jpegOfSize(size: number): Uint8Array {
  const image = bytes(SOI, JFIF, jpegImageSegments(), EOI);
  const chunks: Uint8Array[] = [];
  let remaining = size - image.length;
  while (remaining > 0) {
    const dataLength = Math.max(0, Math.min(65533, remaining - 4));
    chunks.push(segment(0xfe, new Uint8Array(dataLength).fill(0x20)));
    remaining -= dataLength + 4;
  }
  return bytes(SOI, JFIF, ...chunks, jpegImageSegments(), EOI);
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array | number[]): Uint8Array {
  const body = bytes(type, data);
  return bytes(u32(body.length - 4), body, u32(crc32(body)));
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A real, decodable PNG of `width` × `height` pixels, one bit each (black): every row is the
 * same zeros, so deflate packs 30000 × 30000 px into about 110 kB, while a browser decoding it
 * needs 3.6 GB. A decompression bomb as it reaches the studio. Streamed, so the test never
 * holds the 112 MB of raw rows.
 */
export async function pngBomb(width: number, height: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const ended = once(deflate, "end");
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then the row's bits
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await once(deflate, "drain");
  deflate.end();
  await ended;
  return bytes(
    PNG_SIGNATURE,
    pngChunk("IHDR", [...u32(width), ...u32(height), 1, 0, 0, 0, 0]),
    pngChunk("IDAT", Buffer.concat(compressed)),
    pngChunk("IEND", []),
  );
}

/** A PNG (1×1, grey) with an eXIf chunk holding GPS, before its image data. */
export function pngWithExif(): Uint8Array {
  const chunk = (type: string, data: Uint8Array | number[]) => {
    const body = bytes(type, data);
    return bytes(u32(body.length - 4), body, u32(crc32(body)));
  };
  const exif = exifWithGps().subarray(10); // the TIFF structure, as eXIf holds it
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    chunk("IHDR", [...u32(1), ...u32(1), 8, 0, 0, 0, 0]),
    chunk("eXIf", exif),
    chunk("IDAT", deflateSync(Buffer.from([0, 0x80]))),
    chunk("IEND", []),
  );
}

/** A ZIP (stored, no compression) of the given entries, as Office writes its files. */
export function zipOf(entries: Record<string, string>): Uint8Array {
  const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const common = [
      ...le16(20),
      ...le16(0),
      ...le16(0),
      ...le16(0),
      ...le16(0),
      ...le32(crc),
      ...le32(data.length),
      ...le32(data.length),
      ...le16(nameBytes.length),
    ];
    const local = bytes([0x50, 0x4b, 0x03, 0x04], common, le16(0), nameBytes, data);
    centrals.push(bytes([0x50, 0x4b, 0x01, 0x02], le16(20), common, le16(0), le16(0), le16(0), le16(0), le32(0), le32(offset), nameBytes));
    locals.push(local);
    offset += local.length;
  }
  const central = bytes(...centrals);
  const count = Object.keys(entries).length;
  const eocd = bytes([0x50, 0x4b, 0x05, 0x06], le16(0), le16(0), le16(count), le16(count), le32(central.length), le32(offset), le16(0));
  return bytes(...locals, central, eocd);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const docx = () => zipOf({ "[Content_Types].xml": CONTENT_TYPES, "_rels/.rels": "<Relationships/>", "word/document.xml": "<w:document/>" });
export const xlsx = () => zipOf({ "[Content_Types].xml": CONTENT_TYPES, "xl/workbook.xml": "<workbook/>" });
export const docm = () => zipOf({ "[Content_Types].xml": CONTENT_TYPES, "word/document.xml": "<w:document/>", "word/vbaProject.bin": "VBA" });

/** A legacy Office compound file (512-byte sectors: header, one FAT sector, one directory sector) with the given streams. */
export function ole2Of(streams: string[]): Uint8Array {
  const file = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector
  file.writeUInt32LE(1, 0x30); // directory at sector 1
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = 512; // sector 0
  file.fill(0xff, fat, fat + 512);
  file.writeUInt32LE(0xfffffffd, fat); // sector 0 is the FAT
  file.writeUInt32LE(0xfffffffe, fat + 4); // sector 1, the directory, ends its chain
  const directory = 1024; // sector 1
  ["Root Entry", ...streams].slice(0, 4).forEach((name, i) => {
    const entry = directory + i * 128;
    file.write(name, entry, "utf16le");
    file.writeUInt16LE((name.length + 1) * 2, entry + 0x40);
    file[entry + 0x42] = i === 0 ? 5 : 2;
  });
  return new Uint8Array(file);
}

export const PHP_SCRIPT = "<?php system($_GET['c']); ?>\n";
export const HTML_PAGE = "<!DOCTYPE html>\n<html><body><script>fetch('/accounts')</script></body></html>\n";
export const SVG_WITH_SCRIPT = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>\n';
export const PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/** An extended WebP (VP8X with the EXIF and XMP flags) with EXIF (GPS) and XMP chunks around its image chunk. */
export function webpWithExif(): Uint8Array {
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  const chunk = (fourCC: string, data: Uint8Array | number[]) => bytes(fourCC, le32(data.length), data, data.length % 2 ? [0] : []);
  const vp8x = chunk("VP8X", [0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const exif = chunk("EXIF", exifWithGps().subarray(10));
  const image = chunk("VP8L", [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const xmp = chunk("XMP ", Buffer.from('<x:xmpmeta exif:GPSLatitude="53,28.8333N"/>'));
  const body = bytes("WEBP", vp8x, exif, image, xmp);
  return bytes("RIFF", le32(body.length), body);
}

/** The first bytes of a file of `mime` (WebP or JPEG): what a stand-in Images binding answers for a rendition. */
export function imageStart(mime: string): Uint8Array<ArrayBuffer> {
  if (mime === "image/webp") return new Uint8Array(bytes("RIFF", [4, 0, 0, 0], "WEBP"));
  if (mime === "image/jpeg") return Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
  throw new Error(`No stand-in rendition for ${mime}`);
}
