import type { NavLink } from "../navigation";

/**
 * The back office's own menu: every back-office screen has its entry here, and only
 * screens that exist do, so the menu never links to a 404.
 */
/** The accountant's inbox, whose menu entry shows the unread count. */
export const INBOX_PATH = "/accounts/messages";

/** "Messages (3)" while some are unread. */
export function messagesLabel(unread: number): string {
  return unread > 0 ? `Messages (${unread})` : "Messages";
}

export const ADMIN_MENU: readonly NavLink[] = [
  { label: "Members", to: "/accounts" },
  { label: "Deleted Members", to: "/deleted-members" },
  { label: "Subscriptions", to: "/mem-renewals" },
  { label: "Pending payments", to: "/accounts/payments" },
  { label: "Event Payments", to: "/mem-events-pay" },
  // Gift Aid claims from HMRC (docs/requirements.md §14)
  { label: "Gift Aid", to: "/accounts/gift-aid" },
  // Donations received, with Gift Aid and refunds (docs/requirements.md §14)
  { label: "Donations", to: "/accounts/donations" },
  { label: "Scan tickets", to: "/scan-qr-code" },
  { label: "E-mails", to: "/accounts/emails" },
  // Addresses that bounced or complained (docs/requirements.md §13)
  { label: "Bad addresses", to: "/accounts/bad-addresses" },
  { label: "Activity", to: "/accounts/activity" },
  { label: "Messages", to: INBOX_PATH },
  { label: "Tickets at the desk", to: "/accounts/desk" },
  // The accountant's own signed-in devices (ADR 70): a member page, listed here so staff find it.
  { label: "Signed-in devices", to: "/account/security" },
];
