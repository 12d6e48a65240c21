import type { Toast } from "./toast";
import type { Viewer } from "./navigation";

/** What the root loader gives the site shell. */
export interface ShellData {
  contactNumber: string;
  contactEmail: string;
  socialLinks: Array<{ label: string; url: string }>;
  viewer: Viewer;
  cookieConsent: boolean;
  toast: Toast | null;
  year: number;
}

export const EMPTY_SHELL: ShellData = {
  contactNumber: "",
  contactEmail: "",
  socialLinks: [],
  viewer: "visitor",
  cookieConsent: true,
  toast: null,
  year: new Date().getFullYear(),
};
