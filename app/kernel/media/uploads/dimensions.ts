import { jpegSegments } from "./jpeg";

/**
 * A photo's width and height, read from its header bytes, never by decoding it: what a
 * browser will allocate to show it (4 bytes a pixel). A file of a few hundred kB may claim
 * 30000 × 30000 px (a "decompression bomb": 3.6 GB to every visitor's browser), so the size
 * is checked before anything is stored (check-upload.ts). When a format may state a size in
 * more than one place (a WebP's canvas and its frames, a GIF's screen and its frames), the
 * largest is taken: decoders differ in which one they trust. Null when no size can be read,
 * which the caller refuses too. Pure.
 */
export interface Dimensions {
  width: number;
  height: number;
}

export function imageDimensions(bytes: Uint8Array): Dimensions | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngDimensions(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes);
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return webpDimensions(bytes);
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return gifDimensions(bytes);
  return null;
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The largest width and the largest height among those found; null when there is none or one is 0. */
function largest(sizes: Dimensions[]): Dimensions | null {
  if (!sizes.length) return null;
  const width = Math.max(...sizes.map((s) => s.width));
  const height = Math.max(...sizes.map((s) => s.height));
  return width > 0 && height > 0 ? { width, height } : null;
}

// ---- PNG: the IHDR chunk, which must come first (PNG spec 11.2.2) ----

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_MAX_SIDE = 2 ** 31 - 1;

function pngDimensions(bytes: Uint8Array): Dimensions | null {
  // Signature (8), then IHDR: length 13 (4), "IHDR" (4), width (4), height (4), 5 more bytes, CRC (4).
  if (bytes.length < 33) return null;
  const view = viewOf(bytes);
  if (view.getUint32(8) !== 13 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
  // A header whose CRC does not match is a damaged file (decoders refuse it): its size is not to be trusted.
  if (crc32(bytes.subarray(12, 29)) !== view.getUint32(29)) return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width < 1 || height < 1 || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return null;
  return { width, height };
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG uses it). */
function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---- JPEG: the frame headers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC) ----

const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  const segments = jpegSegments(bytes);
  if (!segments) return null;
  const sizes: Dimensions[] = [];
  for (const segment of segments) {
    if (!isFrameHeader(segment.marker)) continue;
    // Past any fill bytes (FF) before the marker: FF, marker, length (2), precision (1), height (2), width (2).
    let at = segment.start;
    while (bytes[at + 1] === 0xff) at++;
    if (at + 9 > segment.end) return null;
    const view = viewOf(bytes);
    // A height of 0 is given later by a DNL marker: no size the header vouches for.
    const size = { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (!size.width || !size.height) return null;
    sizes.push(size);
  }
  return largest(sizes);
}

// ---- WebP: VP8X's canvas, each frame (ANMF), and the VP8 / VP8L bitstreams' own headers ----

function webpDimensions(bytes: Uint8Array): Dimensions | null {
  const view = viewOf(bytes);
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true));
  const sizes: Dimensions[] = [];
  let image = false;
  const readChunks = (from: number, to: number): boolean => {
    let at = from;
    while (at + 8 <= to) {
      const fourCC = String.fromCharCode(...bytes.subarray(at, at + 4));
      const size = view.getUint32(at + 4, true);
      const data = at + 8;
      if (data + size > to) return false;
      const le24 = (offset: number) => bytes[data + offset]! | (bytes[data + offset + 1]! << 8) | (bytes[data + offset + 2]! << 16);
      if (fourCC === "VP8X") {
        if (size < 10) return false;
        sizes.push({ width: le24(4) + 1, height: le24(7) + 1 });
      } else if (fourCC === "ANMF") {
        // Frame X/2, Y/2, width-1, height-1 (24 bits each), duration, flags, then the frame's own chunks.
        if (size < 16) return false;
        sizes.push({ width: le24(0) * 2 + le24(6) + 1, height: le24(3) * 2 + le24(9) + 1 });
        image = true;
        if (!readChunks(data + 16, data + size)) return false;
      } else if (fourCC === "VP8 ") {
        // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 scaling bits above each).
        if (size < 10 || bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return false;
        sizes.push({ width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff });
        image = true;
      } else if (fourCC === "VP8L") {
        // Signature 0x2F, then width-1 and height-1 in 14 bits each.
        if (size < 5 || bytes[data] !== 0x2f) return false;
        const bits = view.getUint32(data + 1, true);
        sizes.push({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
        image = true;
      }
      at = data + size + (size % 2);
    }
    return true;
  };
  // A WebP without an image (a canvas alone, or no chunk we know) has no size to vouch for.
  if (!readChunks(12, end) || !image) return null;
  return largest(sizes);
}

// ---- GIF: the logical screen, and every frame's image descriptor (browsers grow the screen to a larger first frame) ----

function gifDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 13) return null;
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const sizes: Dimensions[] = [{ width: u16(6), height: u16(8) }];
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  /** The offset after a run of data sub-blocks (each a length byte, then that many bytes; 0 ends them), or -1 if cut short. */
  const afterSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length) {
      const length = bytes[at]!;
      at += 1 + length;
      if (length === 0) return at;
    }
    return -1;
  };
  let at = 13 + colourTable(bytes[10]!);
  // Read as far as the file goes: a decoder shows the frames it reached, so a frame after a break is never drawn.
  while (at < bytes.length && bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      at = afterSubBlocks(at + 2);
    } else if (bytes[at] === 0x2c) {
      if (at + 10 > bytes.length) break;
      sizes.push({ width: u16(at + 1) + u16(at + 5), height: u16(at + 3) + u16(at + 7) });
      at = afterSubBlocks(at + 10 + colourTable(bytes[at + 9]!) + 1);
    } else break;
    if (at < 0) break;
  }
  return largest(sizes.filter((s) => s.width > 0 && s.height > 0));
}
