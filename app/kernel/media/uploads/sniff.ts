import { officeZipType } from "./office-zip";
import { oleDocumentType } from "./ole2";

/**
 * What a file is, read from its bytes only: never from its name nor from the type the
 * browser sent, both of which the uploader chooses. Only the types the site accepts are
 * recognised; everything else is "unknown", and the markup a browser would run (SVG, HTML,
 * PHP and other scripts) is named so that its refusal can say why.
 */

export interface FileType {
  /** The Content-Type the file is served with. */
  mime: string;
  /** The extension of its stored name. */
  extension: string;
  /** Photos may be shown on pages; documents are only ever downloaded by members. */
  family: "photo" | "document";
}

export type Sniffed = { kind: "type"; type: FileType } | { kind: "svg" } | { kind: "web-page" } | { kind: "macros" } | { kind: "unknown" };

export const TYPES = {
  jpeg: { mime: "image/jpeg", extension: "jpg", family: "photo" },
  png: { mime: "image/png", extension: "png", family: "photo" },
  webp: { mime: "image/webp", extension: "webp", family: "photo" },
  gif: { mime: "image/gif", extension: "gif", family: "photo" },
  pdf: { mime: "application/pdf", extension: "pdf", family: "document" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx", family: "document" },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx", family: "document" },
  pptx: { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extension: "pptx", family: "document" },
  doc: { mime: "application/msword", extension: "doc", family: "document" },
  xls: { mime: "application/vnd.ms-excel", extension: "xls", family: "document" },
} as const satisfies Record<string, FileType>;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = ascii("PK\x03\x04");

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, JPEG)) return { kind: "type", type: TYPES.jpeg };
  if (startsWith(bytes, PNG)) return { kind: "type", type: TYPES.png };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { kind: "type", type: TYPES.gif };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { kind: "type", type: TYPES.webp };
  if (startsWith(bytes, ascii("%PDF-"))) return { kind: "type", type: TYPES.pdf };
  if (startsWith(bytes, ZIP)) {
    const office = officeZipType(bytes);
    if (office === "macros") return { kind: "macros" };
    return office ? { kind: "type", type: TYPES[office] } : { kind: "unknown" };
  }
  if (startsWith(bytes, OLE2)) {
    const legacy = oleDocumentType(bytes);
    if (legacy === "macros") return { kind: "macros" };
    return legacy ? { kind: "type", type: TYPES[legacy] } : { kind: "unknown" };
  }
  return markup(bytes);
}

/**
 * Text a browser or a server would interpret: an SVG (which may carry script), an HTML page,
 * or a PHP or other script. Looked for in the first 4 kB, case-insensitively, after any BOM.
 */
function markup(bytes: Uint8Array): Sniffed {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .toLowerCase();
  if (/<svg[\s>/]/.test(head)) return { kind: "svg" };
  if (/<\?php|<\?=|<%|<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>]|<meta[\s>]/.test(head) || head.trimStart().startsWith("#!"))
    return { kind: "web-page" };
  return { kind: "unknown" };
}
