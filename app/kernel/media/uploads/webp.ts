/**
 * WebP location data: the extended format (VP8X) may carry an `EXIF` chunk (with GPS) and an
 * `XMP ` chunk. Both are dropped whole, their flags cleared in VP8X and the RIFF size
 * rewritten; the image chunks are copied byte for byte. Null when the chunks do not add up.
 */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

export function stripWebpLocation(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = 8 + view.getUint32(4, true);
  if (end > bytes.length) return null;
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at < end) {
    if (at + 8 > end) return null;
    const fourCC = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const next = at + 8 + size + (size % 2);
    if (next > end) return null;
    if (fourCC !== "EXIF" && fourCC !== "XMP ") {
      const chunk = bytes.slice(at, next);
      if (fourCC === "VP8X" && size >= 1) chunk[8] = chunk[8]! & ~(EXIF_FLAG | XMP_FLAG);
      kept.push(chunk);
    }
    at = next;
  }
  const body = kept.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(12 + body);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body, true);
  let offset = 12;
  for (const chunk of kept) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
