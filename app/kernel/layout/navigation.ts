import { canEditWebsite, type Member, type Role } from "../store/records";

/** Who is looking at the page, for the menus: a visitor, or an active member's role. */
export type Viewer = "visitor" | Role;

export interface NavLink {
  label: string;
  to: string;
}

/** The main menu, in the order of docs/requirements.md §1.2. */
export const MAIN_MENU: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "School", to: "/school" },
  { label: "Office Bearers", to: "/office-bearers" },
  { label: "Event Calender", to: "/event" },
  { label: "Gallery", to: "/gallery" },
  { label: "News", to: "/blog" },
  { label: "Contact Us", to: "/contact" },
  // Donations (docs/requirements.md §14): in the menu and the footer, which both draw this list.
  { label: "Donate", to: "/donate" },
];

export function viewerOf(user: Pick<Member, "active" | "role"> | null | undefined): Viewer {
  if (!user || !user.active) return "visitor";
  return user.role;
}

/** What a visitor (and a page drawn without the root's data) is offered. */
export const VISITOR_LINKS: readonly NavLink[] = [
  { label: "Login", to: "/login" },
  { label: "Sign Up", to: "/signup" },
];

/**
 * The login-state links: Login/Sign Up, or Documents/My Account/Logout, after Dashboard
 * for accountants, Website (the studio) for editors and accountants, and Door (the scanner)
 * for door stewards (ADR 65; accountants reach it from the Dashboard). Worked out by the
 * root loader and sent as data, so a new back-office link costs the pages no JavaScript.
 */
export function accountLinks(viewer: Viewer): NavLink[] {
  if (viewer === "visitor") return [...VISITOR_LINKS];
  return [
    ...(viewer === "accountant" ? [{ label: "Dashboard", to: "/accounts" }] : []),
    ...(canEditWebsite(viewer) ? [{ label: "Website", to: "/studio" }] : []),
    ...(viewer === "steward" ? [{ label: "Door", to: "/scan-qr-code" }] : []),
    { label: "Documents", to: "/documents" },
    { label: "My Account", to: "/mem-account" },
    { label: "Logout", to: "/logout" },
  ];
}
