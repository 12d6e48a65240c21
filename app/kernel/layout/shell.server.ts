import type { AppLoadContext } from "@remix-run/cloudflare";
import { currentYear } from "../dates/dates";
import type { ShellData } from "./shell-data";
import { accountLinks, viewerOf } from "./navigation";
import { safeHref } from "../http/safe-href";
import { getUser } from "../auth/auth.server";
import { requestCookies } from "../http/request-cookies.server";
import { readToast } from "../http/toast.server";
import { inboxUnreadFor } from "./back-office/inbox-unread.server";

export const COOKIE_CONSENT_NAME = "agreeCookie";

/** Whether the visitor accepted the cookie notice; the page cache keys on the same answer. */
export function hasCookieConsent(request: Request): boolean {
  return requestCookies(request)[COOKIE_CONSENT_NAME] === "true";
}

/** Everything the site shell shows, read once per request. */
export async function loadShell(request: Request, context: AppLoadContext): Promise<{ shell: ShellData; headers: Headers }> {
  const [settings, user, { toast, headers }] = await Promise.all([context.content.getSiteSettings(), getUser(request, context), readToast(request, context)]);
  return {
    shell: {
      contactNumber: settings.primaryContactNumber,
      contactEmail: settings.primaryContactEmail,
      socialLinks: settings.socialLinks.flatMap((link) => {
        const url = safeHref(link.url);
        return url ? [{ label: link.label, url }] : [];
      }),
      accountLinks: accountLinks(viewerOf(user)),
      cookieConsent: hasCookieConsent(request),
      toast,
      year: currentYear(),
      inboxUnread: await inboxUnreadFor(request, context, user),
    },
    headers,
  };
}
