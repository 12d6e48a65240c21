/**
 * A redirect target taken from user input (redirectTo, return URLs) is used only
 * if it is a path on this site; anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes can turn a path into another origin in some browsers.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  return to;
}
