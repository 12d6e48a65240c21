import type { Toast } from "../http/toast";
import { VISITOR_LINKS, type NavLink } from "./navigation";

/** What the root loader gives the site shell. */
export interface ShellData {
  contactNumber: string;
  contactEmail: string;
  socialLinks: Array<{ label: string; url: string }>;
  /** The login-state links for who is looking (navigation.ts `accountLinks`), worked out on the server. */
  accountLinks: readonly NavLink[];
  cookieConsent: boolean;
  toast: Toast | null;
  year: number;
  /** Contact inbox (docs/requirements.md §6.13): unread messages for the back-office menu (accountants on back-office pages; otherwise null). */
  inboxUnread?: number | null;
}

export const EMPTY_SHELL: ShellData = {
  contactNumber: "",
  contactEmail: "",
  socialLinks: [],
  accountLinks: VISITOR_LINKS,
  cookieConsent: true,
  toast: null,
  // Only when the root loader gave nothing (an error page): the browser's own year, so the
  // root chunk every page loads does not take the UK-time formatter for one footer line.
  year: new Date().getFullYear(),
};
