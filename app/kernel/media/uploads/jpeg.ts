/**
 * JPEG structure: a complete file, and a copy without location data.
 *
 * A JPEG is a run of marker segments (FF xx, a 2-byte length, the data) up to the start of
 * scan (FF DA), then entropy-coded data (in which FF is followed by 00 or a restart marker)
 * and, for progressive files, further tables and scans, ending with EOI (FF D9). A file cut
 * short has no EOI: its missing rows show grey, or it fails in the image service.
 *
 * Location: phones write GPS into the Exif block (APP1 "Exif"), and editors into XMP (APP1
 * "http://ns.adobe.com/xap/1.0/") and Photoshop's IRB (APP13). All three are dropped whole,
 * not edited: a rewrite of Exif's nested offsets is where the bugs live, and nothing the
 * site shows needs them. The one Exif field that changes what a photo looks like, its
 * Orientation (a phone held upright stores the pixels sideways), is kept by writing a new
 * minimal Exif block holding only that field, so browsers and the image service still turn
 * the photo the right way up (docs/decisions/0040-uploads-and-renditions.md).
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const APP13 = 0xed;

export interface JpegSegment {
  marker: number;
  /** Offset of the FF of the marker. */
  start: number;
  /** Offset just after the segment (for SOS: after its entropy-coded data). */
  end: number;
}

/** The segments after SOI up to and including EOI; null when the file is cut short or malformed. */
export function jpegSegments(bytes: Uint8Array): JpegSegment[] | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of FF before a marker.
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) return null;
    if (marker === EOI) {
      segments.push({ marker, start: at, end: markerAt + 2 });
      return segments;
    }
    if (markerAt + 4 > bytes.length) return null;
    const length = (bytes[markerAt + 2]! << 8) | bytes[markerAt + 3]!;
    let end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) {
      end = endOfScan(bytes, end);
      if (end < 0) return null;
    }
    segments.push({ marker, start: at, end });
    at = end;
  }
  return null;
}

/** Where the entropy-coded data after a scan header ends: the next marker other than a stuffed 00 or a restart. */
function endOfScan(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1]!;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return at;
  }
  return -1;
}

/** Whether the file is a whole JPEG: well-formed segments, a scan, and EOI. */
export function isCompleteJpeg(bytes: Uint8Array): boolean {
  const segments = jpegSegments(bytes);
  return Boolean(segments?.some((s) => s.marker === SOS) && segments.at(-1)?.marker === EOI);
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const XMP_HEADER = "http://ns.adobe.com/xap/1.0/";

function isExif(bytes: Uint8Array, segment: JpegSegment): boolean {
  return segment.marker === APP1 && EXIF_HEADER.every((b, i) => bytes[segment.start + 4 + i] === b);
}

function isXmp(bytes: Uint8Array, segment: JpegSegment): boolean {
  if (segment.marker !== APP1) return false;
  const header = new TextDecoder().decode(bytes.subarray(segment.start + 4, segment.start + 4 + XMP_HEADER.length));
  return header === XMP_HEADER;
}

/** The Exif Orientation (1–8) of the file, or null when there is none. */
export function jpegOrientation(bytes: Uint8Array): number | null {
  const segments = jpegSegments(bytes) ?? [];
  const exif = segments.find((s) => isExif(bytes, s));
  if (!exif) return null;
  const tiff = exif.start + 10;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tiff + 8 > exif.end) return null;
  const little = bytes[tiff] === 0x49; // "II" little-endian, "MM" big-endian
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > exif.end) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > exif.end) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** A minimal APP1 Exif segment holding only the Orientation (big-endian TIFF, one IFD entry). */
export function orientationOnlyExif(orientation: number): Uint8Array {
  // prettier-ignore
  return Uint8Array.from([
    0xff, APP1, 0x00, 0x22, // marker, length 34
    ...EXIF_HEADER,
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1, value
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]);
}

/**
 * The same JPEG without Exif, XMP and Photoshop blocks (so without GPS), with the
 * Orientation kept; the image data is copied byte for byte. Bytes after EOI (some phones
 * append a second image there, with its own Exif) are dropped too. Null when the file is
 * not a complete JPEG.
 */
export function stripJpegLocation(bytes: Uint8Array): Uint8Array | null {
  const segments = jpegSegments(bytes);
  if (!segments || !isCompleteJpeg(bytes)) return null;
  const orientation = jpegOrientation(bytes);
  const kept = segments.filter((s) => !isExif(bytes, s) && !isXmp(bytes, s) && s.marker !== APP13);
  const parts: Uint8Array[] = [Uint8Array.from([0xff, SOI])];
  // The new Exif goes right after SOI, or after JFIF's APP0 (which must come first).
  const app0 = kept[0]?.marker === 0xe0 ? 1 : 0;
  kept.forEach((segment, index) => {
    if (index === app0 && orientation && orientation !== 1) parts.push(orientationOnlyExif(orientation));
    parts.push(bytes.subarray(segment.start, segment.end));
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
