import type { Role } from "~/kernel/store/records";

/**
 * The website studio (/studio, docs/requirements.md §7.1): the parts of the site that editors and
 * accountants edit, in the order the studio lists them, each with the public page it
 * changes. `edit` is the part's studio screen, set once that screen exists: until then
 * the studio says "Coming soon" instead of linking to a page that is not there.
 */

export interface StudioPart {
  id: string;
  label: string;
  /** What the part holds, in a line, as an editor may change it. */
  summary: string;
  /** The line for accountants, when they may change more (the members and the money, docs/decisions/0038-editor-role.md). */
  accountantSummary?: string;
  /** The public page that shows it ("View on site"); none for a part that is not on the site (mailings). */
  viewOnSite: string | null;
  /** The studio screen that edits it, or null while there is none. */
  edit: string | null;
}

export const STUDIO_PARTS: readonly StudioPart[] = [
  {
    id: "settings",
    label: "Site settings",
    summary: "Contact details, social links, the words shown while registration is closed, and the office bearers' heading.",
    accountantSummary: "Contact details, social links, registration, fees and their price ids, reminders and how long records are kept.",
    viewOnSite: "/contact",
    edit: "/studio/settings",
  },
  {
    id: "events",
    label: "Events",
    summary: "The events members book tickets for: their text, photo, date, times, venue and publishing.",
    accountantSummary: "The events members book tickets for: their text, date, venue, prices, capacity and booking days.",
    viewOnSite: "/book-ticket",
    edit: "/studio/events",
  },
  { id: "slides", label: "Home slides", summary: "The pictures at the top of the home page.", viewOnSite: "/", edit: "/studio/slides" },
  { id: "about", label: "About Us", summary: "The About Us page: text, image and video.", viewOnSite: "/about", edit: "/studio/about" },
  { id: "school", label: "School", summary: "The School page: text, image and video.", viewOnSite: "/school", edit: "/studio/school" },
  { id: "news", label: "News", summary: "News items: drafts, publishing and deleting.", viewOnSite: "/blog", edit: "/studio/news" },
  { id: "calendar", label: "Event calendar", summary: "The year's events on the Event Calendar page.", viewOnSite: "/event", edit: "/studio/calendar" },
  { id: "galleries", label: "Galleries", summary: "Photo galleries and their photos.", viewOnSite: "/gallery", edit: "/studio/galleries" },
  {
    id: "office-bearers",
    label: "Office bearers",
    summary: "The current team and previous teams.",
    viewOnSite: "/office-bearers",
    edit: "/studio/office-bearers",
  },
  { id: "documents", label: "Documents", summary: "Files for signed-in members.", viewOnSite: "/documents", edit: "/studio/documents" },
  // Member mailings (docs/requirements.md §13): e-mails, not a page of the site.
  {
    id: "mailings",
    label: "Mailings",
    summary: "E-mails to members: notices and newsletters, their preview, sending and report.",
    viewOnSite: null,
    edit: "/studio/mailings",
  },
];

/** The studio's parts as `role` reads them: an accountant's lines name the money too. */
export function studioPartsFor(role: Role): StudioPart[] {
  return STUDIO_PARTS.map((part) => ({ ...part, summary: role === "accountant" && part.accountantSummary ? part.accountantSummary : part.summary }));
}
