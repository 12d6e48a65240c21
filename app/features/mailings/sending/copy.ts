import type { MediaRef } from "~/kernel/store/records";
import { pictureSources, scaledHeight } from "~/kernel/media/photo-renditions";

/**
 * A mailing's copies (docs/requirements.md §13, ADR 73). The template is rendered once per
 * batch with two stand-ins, the first name and the unsubscribe address, and each copy is that
 * render with its own values put in (escaped for the HTML as React escapes text), so a batch
 * of 100 costs one render, not a hundred. Pure.
 */

/** Stand-ins the template is rendered with: plain letters, so neither HTML nor the text part changes them. */
export const FIRST_NAME_STAND_IN = "Mmafirstnamestandin";
export const UNSUBSCRIBE_STAND_IN = "https://unsubscribe.invalid/mma-copy-link";

/** As React escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[char]!);
}

export interface RenderedTemplate {
  html: string;
  text: string;
}

export interface MailingCopy {
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** One copy from the batch's render: the member's first name and unsubscribe address put in. */
export function personalise(template: RenderedTemplate, firstName: string, unsubscribeUrl: string, headers: Record<string, string>): MailingCopy {
  const name = firstName.trim() || "member";
  return {
    html: template.html.split(FIRST_NAME_STAND_IN).join(escapeHtml(name)).split(UNSUBSCRIBE_STAND_IN).join(escapeHtml(unsubscribeUrl)),
    text: template.text.split(FIRST_NAME_STAND_IN).join(name).split(UNSUBSCRIBE_STAND_IN).join(unsubscribeUrl),
    headers,
  };
}

/** A site-relative link or image address made absolute (an e-mail has no page to be relative to); others kept. */
export function absoluteUrl(url: string, siteUrl: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${siteUrl.replace(/\/+$/, "")}${url}` : url;
}

/** The body's site-relative href and src attributes made absolute. */
export function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="(\/(?!\/)[^"]*)"/g, (_match, attribute: string, url: string) => `${attribute}="${absoluteUrl(url, siteUrl)}"`);
}

/**
 * The photo as an e-mail shows it: the JPEG rendition made at upload (up to 700 px: e-mail
 * width on a dense screen, and mail clients that cannot show WebP), never the original. A photo
 * without renditions is left out.
 */
export function mailingPhoto(photo: MediaRef | null, siteUrl: string, width: number): { src: string; alt: string; height?: number } | null {
  if (!photo) return null;
  const sources = pictureSources(photo);
  if (!sources) return null;
  const height = scaledHeight(photo, width);
  return { src: absoluteUrl(sources.fallback, siteUrl), alt: photo.alt ?? "", ...(height ? { height } : {}) };
}

/** The Resend batch's idempotency key (ADR 73): the same batch of the same round is one send, however often it is retried. */
export function batchIdempotencyKey(mailingId: string, round: number, batch: number): string {
  return `mailing/${mailingId}/round/${round}/batch/${batch}`;
}
