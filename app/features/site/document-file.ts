/** How a member's document file is named and typed when it is served (/documents/{id}). */

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

export function contentTypeFor(filePath: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filePath)?.[1]?.toLowerCase() ?? "";
  return TYPES[extension] ?? "application/octet-stream";
}

/** The last part of the path, safe inside a quoted Content-Disposition filename. */
export function downloadName(filePath: string): string {
  const name = filePath.split("/").filter(Boolean).pop() ?? "document";
  return name.replace(/[^A-Za-z0-9._-]/g, "_") || "document";
}

/** `Content-Disposition: inline`: the browser shows the file in the tab the link opened. */
export function inlineDisposition(filePath: string): string {
  return `inline; filename="${downloadName(filePath)}"`;
}

/** The types a browser shows by itself without running anything of the file's: PDFs and photos (never SVG, which can hold scripts). */
const SHOWN_INLINE = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * How a document is served, by the type it is served with: PDFs and photos open in the tab
 * the link opened; anything else (Office files, text, whatever a type is not known for) is
 * a download, so no browser renders it as a page of this site.
 */
export function documentDisposition(filePath: string, contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return SHOWN_INLINE.has(type) ? inlineDisposition(filePath) : `attachment; filename="${downloadName(filePath)}"`;
}
