/**
 * What a link in rich text is (docs/requirements.md §7.11, §11.6): the one rule the studio's
 * link dialog and the server's sanitizer (app/kernel/store/content/sanitize.server.ts) share,
 * so a link the dialog accepts is a link the site keeps. People type addresses as they read
 * them on a leaflet ("www.manchester.gov.uk/bins", "info@example.org", "0161 234 5678"); those
 * become full links. Only what cannot be a link is refused: other schemes (javascript:, data:)
 * and text that is no address at all. Pure.
 */

export const LINK_MESSAGES = {
  notALink: "That is not a web address. Type one like www.example.org/page, an e-mail address like name@example.org, or a phone number.",
  scheme: "Links can only go to web pages (https://…), e-mail addresses or phone numbers.",
} as const;

export type LinkAddress = { ok: true; href: string } | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** A host name with a top-level domain of letters: "www.manchester.gov.uk", "example.org". */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?$/i;
const EMAIL = /^[^\s@/:]+@(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;
/** A phone number as people write it: digits with spaces, dashes, dots or brackets, an optional leading +. */
const PHONE = /^\+?[\d\s().-]{6,}$/;

/** Whether `href` is a web address with a host that has a dot or is localhost. */
function webUrl(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname || (!url.hostname.includes(".") && url.hostname !== "localhost")) return null;
    return href;
  } catch {
    return null;
  }
}

/**
 * What was typed as a link → the href to store, or a message saying why it cannot be one.
 * "www.manchester.gov.uk/bins" → "https://www.manchester.gov.uk/bins"; "name@example.org" →
 * "mailto:name@example.org"; "0161 234 5678" → "tel:01612345678"; "/about" (a page of this
 * site) and "#top" stay as they are; full http(s), mailto: and tel: links stay as they are.
 */
export function linkAddress(typed: string | null | undefined): LinkAddress {
  const value = (typed ?? "").trim();
  if (value === "") return { ok: false, message: LINK_MESSAGES.notALink };
  // A page of this site, or a place on this page (never "//host", which leaves the site without a scheme).
  if ((value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) || /^#[^\s]*$/.test(value)) {
    return /\s/.test(value) ? { ok: false, message: LINK_MESSAGES.notALink } : { ok: true, href: value };
  }
  if (PHONE.test(value) && (value.match(/\d/g) ?? []).length >= 6) return { ok: true, href: `tel:${value.replace(/[\s().-]/g, "")}` };
  if (EMAIL.test(value)) return { ok: true, href: `mailto:${value}` };
  if (/\s/.test(value)) return { ok: false, message: LINK_MESSAGES.notALink };

  const withoutSlashes = value.startsWith("//") ? value.slice(2) : value;
  // "www.example.org/page", "example.org:8080/x": a host first, then a path, query or anchor.
  const host = withoutSlashes.split(/[/?#]/, 1)[0]!;
  if (HOST.test(host))
    return webUrl(`https://${withoutSlashes}`) ? { ok: true, href: `https://${withoutSlashes}` } : { ok: false, message: LINK_MESSAGES.notALink };

  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") return webUrl(value) ? { ok: true, href: value } : { ok: false, message: LINK_MESSAGES.notALink };
  if (scheme === "mailto") return EMAIL.test(value.slice(7).split("?", 1)[0]!) ? { ok: true, href: value } : { ok: false, message: LINK_MESSAGES.notALink };
  if (scheme === "tel") return /^\+?[\d().-]{3,}$/.test(value.slice(4)) ? { ok: true, href: value } : { ok: false, message: LINK_MESSAGES.notALink };
  if (scheme) return { ok: false, message: LINK_MESSAGES.scheme };
  return { ok: false, message: LINK_MESSAGES.notALink };
}
