import QRCode from "qrcode";

/**
 * A QR code as a PNG image, for e-mail (docs/decisions/0020): e-mail clients block SVG
 * and data: URLs, so the ticket e-mail carries the QR as an inline PNG attachment.
 *
 * Runs in workerd as in Node: no canvas, no Buffer, no zlib. The modules come from the
 * qrcode package's pure-JS encoder (error correction M, as qrSvg), each one drawn as
 * SCALE × SCALE pixels with a QUIET_ZONE-module white border; the image is 1-bit
 * greyscale (black 0, white 1), every scanline with filter type 0 (None), and the IDAT
 * is compressed by the web-standard CompressionStream("deflate"), whose zlib format is
 * exactly what PNG wants. A ticket token (version 4, 33 modules) gives a 328 × 328
 * image of about 0.4 kB.
 */

export const QR_PNG_SCALE = 8;
export const QR_PNG_QUIET_ZONE = 4;

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** The QR modules as rows of booleans (true: dark). */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}

/** The PNG of the QR code for `text`; its side is (modules + 2 × QUIET_ZONE) × SCALE pixels. */
export async function qrPng(text: string, scale = QR_PNG_SCALE): Promise<Uint8Array> {
  const modules = qrModules(text);
  const side = (modules.length + 2 * QR_PNG_QUIET_ZONE) * scale;
  const rowBytes = Math.ceil(side / 8);
  const raw = new Uint8Array((rowBytes + 1) * side);
  for (let y = 0; y < side; y++) {
    const start = y * (rowBytes + 1);
    raw[start] = 0; // filter: None
    const row = modules[Math.floor(y / scale) - QR_PNG_QUIET_ZONE];
    for (let x = 0; x < side; x++) {
      const dark = row?.[Math.floor(x / scale) - QR_PNG_QUIET_ZONE] === true;
      // Padding bits past the last pixel stay 0; a white pixel is a 1 bit.
      if (!dark) raw[start + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return concat([new Uint8Array(SIGNATURE), chunk("IHDR", header), chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array(0))]);
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG and zlib use it), table-driven. */
export function crc32(bytes: Uint8Array): number {
  const table = (crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  }));
  let crc = 0xffffffff;
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
