import type { NavLink } from "../navigation";

/**
 * The back office's own menu: every back-office screen has its entry here, and only
 * screens that exist do, so the menu never links to a 404.
 */
export const ADMIN_MENU: readonly NavLink[] = [
  { label: "Members", to: "/accounts" },
  { label: "Deleted Members", to: "/deleted-members" },
  { label: "Subscriptions", to: "/mem-renewals" },
  { label: "Pending payments", to: "/accounts/payments" },
  { label: "Event Payments", to: "/mem-events-pay" },
  { label: "Scan tickets", to: "/scan-qr-code" },
  { label: "E-mails", to: "/accounts/emails" },
  { label: "Activity", to: "/accounts/activity" },
  { label: "Messages", to: "/accounts/messages" },
  { label: "Tickets at the desk", to: "/accounts/desk" },
];
