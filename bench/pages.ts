import { ROUTES, type RouteEntry } from "../test/support/route-list";

/**
 * Every page the bench measures, and who it is requested as: generated from the
 * shared route list (test/support/route-list.ts), so a new page is measured without
 * being named here. Taken: the HTML pages whose sample URL answers 200 to those
 * admitted, public ones as a visitor, member ones as the demo Family member, back-office
 * ones as the demo treasurer. Left out: development-only pages, not-found samples
 * (404), and the `special` pages whose sample is a payment return or a key link (they
 * would settle or refuse, not draw a page a person browses), except the member details
 * page, requested as the accountant.
 */

/** visitor: no cookie; member: the demo family member; accountant: the demo treasurer. */
export type Audience = "visitor" | "member" | "accountant";

export interface BenchPage {
  path: string;
  audience: Audience;
}

function audienceOf(file: string, entry: RouteEntry): Audience | null {
  if (!entry.html || (entry.status ?? 200) !== 200) return null;
  switch (entry.access) {
    case "public":
      return "visitor";
    case "member":
      return "member";
    // The website studio ("editor") is measured as the accountant, who may use it too.
    case "accountant":
    case "editor":
      return "accountant";
    default:
      return file === "features/membership/routes/application-sheet.tsx" ? "accountant" : null;
  }
}

const ORDER: Audience[] = ["visitor", "member", "accountant"];

export const PAGES: BenchPage[] = Object.entries(ROUTES)
  .flatMap(([file, entry]) => {
    const audience = audienceOf(file, entry);
    return audience ? [{ path: entry.path, audience }] : [];
  })
  .sort((a, b) => ORDER.indexOf(a.audience) - ORDER.indexOf(b.audience));

/** The pages of `--pages`: known ones keep their audience, others are requested as a visitor. */
export function pagesFor(paths: string[] | undefined): BenchPage[] {
  if (!paths) return PAGES;
  return paths.map((path) => PAGES.find((page) => page.path === path) ?? { path, audience: "visitor" });
}
