import type { PageKey } from "~/kernel/store/records";

/**
 * The studio's two info pages: their key in the store, screen, public page and name. Its own
 * module, without the forms' rules, because the screens' browser code reads it.
 */
export const INFO_PAGES = {
  about: { key: "aboutUs", path: "/studio/about", publicPath: "/about", name: "About Us" },
  school: { key: "aboutSchool", path: "/studio/school", publicPath: "/school", name: "School" },
} as const satisfies Record<string, { key: PageKey; path: string; publicPath: string; name: string }>;
export type InfoPageScreen = keyof typeof INFO_PAGES;
