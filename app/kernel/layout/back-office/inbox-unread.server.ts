import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_MENU } from "./admin-nav";
import type { Member } from "../../store/records";

/** A back-office screen: a menu entry's path or below it. */
const isBackOffice = (path: string) => ADMIN_MENU.some((link) => path === link.to || path.startsWith(`${link.to}/`));

/**
 * The unread count for the back-office menu's "Messages" (docs/requirements.md §6.13): only for an accountant,
 * only on back-office screens (on Cockpit a count exports the contact form, so other pages
 * do not pay for it). A store that cannot answer must not take the page down: null, logged.
 */
export async function inboxUnreadFor(request: Request, context: AppLoadContext, user: Member | null): Promise<number | null> {
  if (user?.role !== "accountant" || !user.active || !isBackOffice(new URL(request.url).pathname)) return null;
  try {
    return await context.store.contactMessages.countUnread();
  } catch (error) {
    console.error("The unread messages could not be counted:", error);
    return null;
  }
}
