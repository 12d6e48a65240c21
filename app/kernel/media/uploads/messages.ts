import { PHOTO_PIXEL_LIMITS } from "./limits";

/**
 * Every text an upload's refusal shows, in one place (the studio's forms show them next
 * to the file field; a 413 answers with the size ones).
 */
export const UPLOAD_MESSAGES = {
  empty: "The file is empty. Choose the file again.",
  photoTooLarge: "This photo is larger than 25 MB. Please choose a smaller photo.",
  documentTooLarge: "This document is larger than 15 MB. Please choose a smaller file.",
  svg: "SVG images are not accepted. Please upload a JPEG, PNG, WebP or GIF photo.",
  webPage: "Web pages and scripts cannot be uploaded. Please choose a photo or a document.",
  notAPhoto: "This file is not a photo we accept. Please upload a JPEG, PNG, WebP or GIF photo.",
  notADocument: "This file is not a document we accept. Please upload a PDF, Word or Excel file, or a photo.",
  truncatedPhoto: "This photo is incomplete (the file was cut short). Please upload it again.",
  macros: "Office files with macros are not accepted. Please save the document without macros and upload it again.",
  unreadableSize: "We could not read this photo's width and height, so it cannot be used. Please save it again as a JPEG and upload that.",
  notResized: "This photo could not be resized for the website, so it was not added. Please save it again as a JPEG and upload that.",
  resizingUnavailable: "Photos cannot be resized at the moment, so this one was not added. Please try again later.",
} as const;

/** A photo over the pixel limits (limits.ts), with its own size so the editor sees why. */
export function tooManyPixelsMessage(width: number, height: number): string {
  return `This photo is ${width} × ${height} pixels; photos can be at most ${PHOTO_PIXEL_LIMITS.side.toLocaleString("en-GB")} pixels on a side and ${PHOTO_PIXEL_LIMITS.pixels / 1_000_000} megapixels.`;
}

/** Said in the browser before sending (PhotoInput): the photo over UPLOAD_LIMITS.photo, by its name, was not sent. */
export function photoTooLargeToSend(name: string): string {
  return `“${name}” is larger than 25 MB, so it was not sent. Please choose a smaller photo.`;
}

export type UploadMessageKey = keyof typeof UPLOAD_MESSAGES;
