/**
 * PNG location data: an `eXIf` chunk (Exif, with GPS when a phone wrote it) or XMP in an
 * `iTXt` chunk keyed "XML:com.adobe.xmp". Both are dropped whole; every other chunk is
 * copied byte for byte (each chunk carries its own CRC, so nothing else changes).
 */
const SIGNATURE_LENGTH = 8;

export function stripPngLocation(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, SIGNATURE_LENGTH)];
  let at = SIGNATURE_LENGTH;
  let ended = false;
  while (at + 12 <= bytes.length && !ended) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const xmp = type === "iTXt" && new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + 17)) === "XML:com.adobe.xmp";
    if (type !== "eXIf" && !xmp) parts.push(bytes.subarray(at, end));
    ended = type === "IEND";
    at = end;
  }
  if (!ended) return null;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
