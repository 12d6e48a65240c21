/**
 * A short, readable name for the browser a session signed in with ("Chrome on Android",
 * "Safari on iPhone"), from its user agent, for the member's signed-in devices
 * (docs/decisions/0070-sessions-as-records.md). Good enough to tell one's own devices apart,
 * not a fingerprint: an unknown one reads "Unknown browser". Pure.
 */

/** Checked in order: browsers that name another in their user agent come first (Edge and Opera say "Chrome", Chrome says "Safari"). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bMSIE |\bTrident\//, "Internet Explorer"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chromebook"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

const first = (table: ReadonlyArray<[RegExp, string]>, text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceName(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? "";
  if (!text) return "Unknown browser";
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `A browser on ${system}` : "Unknown browser";
}

/**
 * The country's name in English from Cloudflare's two-letter code (request.cf.country), or
 * "Unknown" when there is none; "XX" is Cloudflare's "no country" and "T1" the Tor network.
 */
export function countryName(code: string | null | undefined): string {
  if (!code || code === "XX") return "Unknown";
  if (code === "T1") return "Tor network";
  try {
    const name = new Intl.DisplayNames(["en-GB"], { type: "region" }).of(code);
    return name && name !== code ? name : "Unknown";
  } catch {
    return "Unknown";
  }
}
