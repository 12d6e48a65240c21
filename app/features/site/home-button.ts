import { safeHref } from "../../kernel/http/safe-href";

/**
 * Where the home page's booking button goes (docs/requirements.md §1.4, §7.3): the event's own
 * booking page, unless the association set the button's link to somewhere else (another
 * ticket site, say). Empty, or the site's generic /book-ticket, means the event's own page.
 * No button while the event's booking is not open. Pure.
 */
export function homeButtonHref(setting: string, eventBookHref: string | null): string | null {
  if (eventBookHref === null) return null;
  const link = setting.trim();
  if (link === "" || link === "/book-ticket") return eventBookHref;
  return safeHref(link) ?? eventBookHref;
}
