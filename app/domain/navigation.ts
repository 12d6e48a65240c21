import type { Member } from "./records";

/** Who is looking at the page, for the menus. */
export type Viewer = "visitor" | "member" | "accountant";

export interface NavLink {
  label: string;
  to: string;
}

/** The main menu, in the spec's order. */
export const MAIN_MENU: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "School", to: "/school" },
  { label: "Office Bearers", to: "/office-bearers" },
  { label: "Event Calender", to: "/event" },
  { label: "Gallery", to: "/gallery" },
  { label: "News", to: "/blog" },
  { label: "Contact Us", to: "/contact" },
];

export function viewerOf(user: Pick<Member, "active" | "role"> | null | undefined): Viewer {
  if (!user || !user.active) return "visitor";
  return user.role === "accountant" ? "accountant" : "member";
}

/** The login-state links: Login/Sign Up, or Documents/My Account/Logout, plus Dashboard for accountants. */
export function accountLinks(viewer: Viewer): NavLink[] {
  if (viewer === "visitor") {
    return [
      { label: "Login", to: "/login" },
      { label: "Sign Up", to: "/signup" },
    ];
  }
  const links: NavLink[] = [
    { label: "Documents", to: "/documents" },
    { label: "My Account", to: "/mem-account" },
    { label: "Logout", to: "/logout" },
  ];
  return viewer === "accountant" ? [{ label: "Dashboard", to: "/accounts" }, ...links] : links;
}
