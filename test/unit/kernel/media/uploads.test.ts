import { describe, expect, it } from "vitest";
import { checkUpload, sizeRefusal, sniff, storedName, UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_TYPES } from "~/kernel/media/uploads";
import { isCompleteJpeg, jpegOrientation, jpegSegments, stripJpegLocation } from "~/kernel/media/uploads/jpeg";
import { mediaKeyForPath } from "~/kernel/media/uploads/media-key";
import {
  docm,
  docx,
  GPS_LATITUDE,
  HTML_PAGE,
  jpegImageSegments,
  jpegOfSize,
  ole2Of,
  PDF,
  PHP_SCRIPT,
  phoneJpegWithGps,
  plainJpeg,
  pngWithExif,
  webpWithExif,
  SVG_WITH_SCRIPT,
  xlsx,
  zipOf,
} from "../../../support/upload-fixtures";

const text = (value: string) => new TextEncoder().encode(value);
const contains = (haystack: Uint8Array, needle: Uint8Array | string) =>
  Buffer.from(haystack).includes(typeof needle === "string" ? Buffer.from(needle, "latin1") : Buffer.from(needle));
const latitudeBytes = Uint8Array.from(GPS_LATITUDE.flatMap((n) => [0, 0, 0, n]));

describe("the type comes from the bytes only", () => {
  it("recognises each accepted type by its content", () => {
    expect(sniff(plainJpeg())).toEqual({ kind: "type", type: UPLOAD_TYPES.jpeg });
    expect(sniff(pngWithExif())).toEqual({ kind: "type", type: UPLOAD_TYPES.png });
    expect(sniff(text("GIF89a\x01\x00\x01\x00"))).toEqual({ kind: "type", type: UPLOAD_TYPES.gif });
    expect(sniff(text("RIFF\x10\x00\x00\x00WEBPVP8 "))).toEqual({ kind: "type", type: UPLOAD_TYPES.webp });
    expect(sniff(text(PDF))).toEqual({ kind: "type", type: UPLOAD_TYPES.pdf });
    expect(sniff(docx())).toEqual({ kind: "type", type: UPLOAD_TYPES.docx });
    expect(sniff(xlsx())).toEqual({ kind: "type", type: UPLOAD_TYPES.xlsx });
    expect(sniff(ole2Of(["WordDocument", "1Table"]))).toEqual({ kind: "type", type: UPLOAD_TYPES.doc });
    expect(sniff(ole2Of(["Workbook"]))).toEqual({ kind: "type", type: UPLOAD_TYPES.xls });
  });

  it("a ZIP is an Office file only with [Content_Types].xml and the application's folder", () => {
    expect(sniff(zipOf({ "word/document.xml": "<w:document/>" }))).toEqual({ kind: "unknown" });
    expect(sniff(zipOf({ "[Content_Types].xml": "<Types/>", "payload.exe": "MZ" }))).toEqual({ kind: "unknown" });
    expect(sniff(ole2Of(["SummaryInformation"]))).toEqual({ kind: "unknown" });
  });

  it("names markup a browser or a server would run", () => {
    expect(sniff(text(SVG_WITH_SCRIPT)).kind).toBe("svg");
    expect(sniff(text(`\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>`)).kind).toBe("svg");
    expect(sniff(text(HTML_PAGE)).kind).toBe("web-page");
    expect(sniff(text(PHP_SCRIPT)).kind).toBe("web-page");
    expect(sniff(text("#!/bin/sh\nrm -rf /\n")).kind).toBe("web-page");
    expect(sniff(text("just some words")).kind).toBe("unknown");
  });
});

describe("checkUpload refuses hostile files with clear messages", () => {
  it("a PHP script (whatever its name, which checkUpload never sees) is refused", () => {
    expect(checkUpload(text(PHP_SCRIPT), "photo")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.webPage });
    expect(checkUpload(text(PHP_SCRIPT), "document")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.webPage });
  });

  it("an HTML page is refused", () => {
    expect(checkUpload(text(HTML_PAGE), "document")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.webPage });
  });

  it("an SVG with a script is refused as an SVG", () => {
    expect(checkUpload(text(SVG_WITH_SCRIPT), "photo")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.svg });
    expect(UPLOAD_MESSAGES.svg).toBe("SVG images are not accepted. Please upload a JPEG, PNG, WebP or GIF photo.");
  });

  it("a 30 MB photo answers 413 with the size message; 25 MB is the most a photo may be", () => {
    const big = jpegOfSize(30 * 1024 * 1024);
    expect(big.length).toBe(30 * 1024 * 1024);
    expect(isCompleteJpeg(big)).toBe(true);
    expect(checkUpload(big, "photo")).toEqual({ ok: false, status: 413, message: UPLOAD_MESSAGES.photoTooLarge });
    expect(UPLOAD_MESSAGES.photoTooLarge).toBe("This photo is larger than 25 MB. Please choose a smaller photo.");
    expect(checkUpload(jpegOfSize(UPLOAD_LIMITS.photo), "photo").ok).toBe(true);
    expect(sizeRefusal(UPLOAD_LIMITS.photo + 1, "photo")?.ok).toBe(false);
  });

  it("documents stop at 15 MB", () => {
    expect(sizeRefusal(UPLOAD_LIMITS.document, "document")).toBeNull();
    expect(sizeRefusal(UPLOAD_LIMITS.document + 1, "document")).toEqual({ ok: false, status: 413, message: UPLOAD_MESSAGES.documentTooLarge });
  });

  it("a truncated JPEG is refused, wherever it was cut", () => {
    const whole = plainJpeg();
    expect(checkUpload(whole, "photo").ok).toBe(true);
    for (const cut of [whole.length - 2, whole.length - 1, Math.floor(whole.length / 2), 3]) {
      expect(checkUpload(whole.subarray(0, cut), "photo"), `cut at ${cut}`).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.truncatedPhoto });
    }
  });

  it("a photo upload takes only photos; a document upload takes documents and photos", () => {
    expect(checkUpload(text(PDF), "photo")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.notAPhoto });
    expect(checkUpload(text(PDF), "document")).toMatchObject({ ok: true, type: UPLOAD_TYPES.pdf });
    expect(checkUpload(plainJpeg(), "document")).toMatchObject({ ok: true, type: UPLOAD_TYPES.jpeg });
    expect(checkUpload(text("a,b\n1,2\n"), "document")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.notADocument });
    expect(checkUpload(new Uint8Array(0), "document")).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.empty });
  });

  it("Office files with macros are refused, in either container", () => {
    expect(checkUpload(docm(), "document")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.macros });
    expect(checkUpload(ole2Of(["WordDocument", "Macros"]), "document")).toEqual({ ok: false, status: 415, message: UPLOAD_MESSAGES.macros });
  });
});

describe("location data is removed from photos", () => {
  it("a phone JPEG keeps its picture and its orientation, and loses Exif's GPS, the camera and XMP", () => {
    const phone = phoneJpegWithGps();
    expect(contains(phone, latitudeBytes)).toBe(true);
    expect(contains(phone, "GPSLatitude")).toBe(true);
    expect(jpegOrientation(phone)).toBe(6);

    const result = checkUpload(phone, "photo");
    expect(result.ok).toBe(true);
    const clean = result.ok ? result.bytes : new Uint8Array();
    expect(contains(clean, latitudeBytes)).toBe(false);
    expect(contains(clean, "GPSLatitude")).toBe(false);
    expect(contains(clean, "PhoneCam")).toBe(false);
    expect(contains(clean, Uint8Array.from([0x88, 0x25]))).toBe(false); // the GPS IFD pointer tag
    expect(jpegOrientation(clean)).toBe(6);
    expect(isCompleteJpeg(clean)).toBe(true);
    // The image data (tables, frame, scan) is byte for byte the same.
    expect(contains(clean, jpegImageSegments())).toBe(true);
  });

  it("a JPEG without Exif gets none; anything after EOI is dropped", () => {
    const withTrailer = Buffer.concat([plainJpeg(), Buffer.from("trailing second image with GPS")]);
    const clean = stripJpegLocation(withTrailer)!;
    expect(Buffer.from(clean).equals(Buffer.from(plainJpeg()))).toBe(true);
    expect(jpegSegments(clean)?.some((s) => s.marker === 0xe1)).toBe(false);
  });

  it("a PNG loses its eXIf chunk and keeps the rest", () => {
    const png = pngWithExif();
    const result = checkUpload(png, "photo");
    expect(result.ok).toBe(true);
    const clean = result.ok ? result.bytes : new Uint8Array();
    expect(contains(png, "eXIf")).toBe(true);
    expect(contains(clean, "eXIf")).toBe(false);
    expect(contains(clean, latitudeBytes)).toBe(false);
    expect(contains(clean, "IDAT") && contains(clean, "IEND")).toBe(true);
  });
});

describe("WebP location data", () => {
  it("a WebP loses its EXIF and XMP chunks and their flags, and keeps its image chunk", () => {
    const webp = webpWithExif();
    const result = checkUpload(webp, "photo");
    expect(result.ok).toBe(true);
    const clean = result.ok ? result.bytes : new Uint8Array();
    expect(contains(webp, latitudeBytes) && contains(webp, "GPSLatitude")).toBe(true);
    expect(contains(clean, latitudeBytes)).toBe(false);
    expect(contains(clean, "GPSLatitude")).toBe(false);
    expect(contains(clean, "VP8L")).toBe(true);
    const view = new DataView(clean.buffer, clean.byteOffset);
    expect(view.getUint32(4, true)).toBe(clean.length - 8);
    expect(clean[20]! & 0x0c).toBe(0); // VP8X's EXIF and XMP flags
    expect(checkUpload(webp.subarray(0, webp.length - 5), "photo")).toEqual({ ok: false, status: 422, message: UPLOAD_MESSAGES.truncatedPhoto });
  });
});

describe("stored names", () => {
  it("are a random id and the sniffed extension, never the uploaded name", () => {
    expect(storedName("jpg", "0d9e0b5c-6f3a-4c1e-9a7b-2f1d3c4b5a69")).toBe("0d9e0b5c-6f3a-4c1e-9a7b-2f1d3c4b5a69.jpg");
    const a = storedName("pdf");
    const b = storedName("pdf");
    expect(a).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(a).not.toBe(b);
    expect(() => storedName("php.jpg")).toThrow();
    expect(() => storedName("jpg", "../../etc/passwd")).toThrow();
  });
});

describe("media keys", () => {
  it("a record's relative path is its key without the leading slash; URLs and climbing paths have none", () => {
    expect(mediaKeyForPath("/documents/constitution.pdf")).toBe("documents/constitution.pdf");
    expect(mediaKeyForPath("storage/uploads/2025/report.pdf")).toBe("storage/uploads/2025/report.pdf");
    for (const path of [
      "",
      "/",
      "https://cms.example/storage/x.pdf",
      "//cms.example/x.pdf",
      "/documents/../secrets",
      "a\\b.pdf",
      "/documents//x.pdf",
      "javascript:alert(1)",
    ]) {
      expect(mediaKeyForPath(path), path).toBeNull();
    }
  });
});
