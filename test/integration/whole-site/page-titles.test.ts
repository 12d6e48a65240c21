import { describe, expect, inject, it } from "vitest";
import { ASSOCIATION } from "~/kernel/layout/association";
import { documentTitle } from "../../support/html";
import { ROUTES, type Actor, type RouteEntry } from "../../support/route-list";
import { demoAccount, sessionCookieFor } from "../../support/session";

/**
 * Every page's title is "Page | Association name" (docs/requirements.md §1.1; "Pay Your
 * Registration Fee", "Payment Failed" and "Ticket not found" once had no site name): every
 * HTML page of the route list, fetched as the actor it is drawn for, on the shared server.
 */

const SUFFIX = ` | ${ASSOCIATION.name}`;
const SESSION_OF: Record<Exclude<Actor, "visitor">, string> = {
  applicant: demoAccount("applicant").id,
  member: demoAccount("member").id,
  otherMember: demoAccount("single").id,
  editor: demoAccount("editor").id,
  steward: demoAccount("steward").id,
  accountant: demoAccount("treasurer").id,
};

/** The least-privileged actor the page is drawn for (as in test/e2e/whole-site/every-page.test.ts). */
function actorFor(entry: RouteEntry): Actor {
  switch (entry.access) {
    case "public":
    case "dev":
      return "visitor";
    case "member":
      return "member";
    case "editor":
      return "editor";
    case "door":
      return "steward";
    case "accountant":
      return "accountant";
    case "special":
      return entry.seenBy![0]!;
  }
}

async function titleOf(path: string, actor: Actor, status: number): Promise<string | null> {
  const cookie = actor === "visitor" ? undefined : await sessionCookieFor(SESSION_OF[actor]);
  const response = await fetch(new URL(path, inject("baseURL")), { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  expect(response.status, path).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  return documentTitle(await response.text());
}

const PAGES = Object.entries(ROUTES).filter(([, entry]) => entry.html);

describe('every page\'s title is "Page | Association name"', () => {
  it.each(PAGES)("%s", async (_file, entry) => {
    const title = await titleOf(entry.path, actorFor(entry), entry.status ?? 200);
    expect(title, entry.path).not.toBeNull();
    expect(title!.endsWith(SUFFIX), `${entry.path}: "${title}"`).toBe(true);
    const page = title!.slice(0, -SUFFIX.length);
    expect(page.trim(), `${entry.path}: a page name before the site's`).not.toBe("");
    expect(page, `${entry.path}: the site's name once`).not.toContain(ASSOCIATION.name);
  });

  // The pages that once had no site name, in the states they had none.
  it.each([
    ["/payment-reg-fee/not-a-valid-token", "visitor", 404, "Pay Your Registration Fee"],
    ["/payment-cancel/ffffffffffffffffffffffff", "visitor", 200, "Payment Failed"],
    ["/ticket-success/ffffffffffffffffffffffff/ffffffffffffffffffffffff", "visitor", 404, "Ticket not found"],
  ] as const)("%s", async (path, actor, status, page) => {
    expect(await titleOf(path, actor, status)).toBe(`${page}${SUFFIX}`);
  });
});
