import { FAMILY_PARTY } from "../test/support/book-ticket";
import { formMessage, parseHtml } from "../test/support/html";
import { eventQuery } from "./admin";
import { addTotals, LATE_PATH, noRows, parseRowsHeader, REQUEST_HEADER, ROWS_HEADER, type RowTotals } from "./d1-rows-count";
import { table } from "./report";
import { signInAs } from "./sign-in";
import { demoMemberId } from "../seed/demo-members";

/**
 * D1 rows read and written per page view (ADR 61): the built worker behind the bench's own
 * entry (bench/d1-rows-worker.ts), which counts `meta.rows_read` and `meta.rows_written` of
 * every D1 statement a request runs and answers the totals in X-Bench-D1-Rows (and, asked
 * afterwards, what the request's body stream and waitUntil work ran after it). On a fresh
 * D1 with the demo plus synthetic members (10,000 and 20,000 tickets by default):
 * - public pages cold: each the first request of a freshly started wrangler dev (no cache
 *   of any kind), as a visitor;
 * - the member's /book-ticket and /mem-account, the accountant's event payments report,
 *   subscriptions report and pending payments,
 *   the member page,
 * - the members table (/accounts: its first page, the next, and searches by a child's name, a
 *   common name and a misspelt one) and /deleted-members (ADR 63),
 *   the door's lookup of the demo Family's ticket and its admission (SAVE);
 * - a booking (POST /book-ticket), then its settlement: Pay on the practice checkout and
 *   the payment return that marks the ticket paid (ADR 16).
 * Budgets are on rows read per view; rows written are reported.
 */

export const ROWS_BUDGETS = {
  /** A public page, cold (nothing cached). */
  publicCold: 50,
  /** A member's page, the door's lookup. */
  signedInPage: 100,
  /** The event payments report: tiles, chart and the first page of its table. */
  eventReport: 1_000,
  /** One write: a booking, a settlement, an admission. */
  write: 100,
  /** The subscriptions report (/mem-renewals): tiles and chart from the running totals per year (ADR 64), a page of each table. */
  renewalsReport: 1_000,
  /** The pending payments (/accounts/payments): a page through its index. */
  pendingPayments: 500,
  /** The members tables (/accounts, its search, /deleted-members): one keyset page of 50 (ADR 63). */
  membersTable: 500,
  /** The studio's mailings list: a page of mailings, no member's row. */
  mailingsList: 100,
  /**
   * A mailing's page (ADR 73): it shows how many the audience reaches now, which is counted over
   * the audience's members (one indexed read per member of it) and their mail choices: at most
   * about three rows per member of the site, whatever the audience.
   */
  mailingAudience: 35_000,
  /**
   * The Gift Aid claim page for a tax year (docs/requirements.md §14, ADR 74): it shows every
   * claimable payment of the period, so it reads them (one indexed read each), their refunds,
   * claims and payers' declarations: about five rows per paid payment of the eligible kinds.
   */
  giftAidClaim: 60_000,
  /** The donations report: a period's donations (none in the synthetic data) and its settings. */
  donationsReport: 1_000,
} as const;

export type RowsKind = keyof typeof ROWS_BUDGETS;

/** The public pages measured cold, each on a freshly started server. */
export const ROWS_PUBLIC_PAGES = ["/", "/event", "/blog"];

/**
 * Room at the event for the booking: the synthetic tickets fill the demo event's 250 places
 * (ADR 43), and a full event refuses the booking before it reserves anything. The capacity is
 * raised, not removed, so the booking still counts the places taken as it does on the site.
 */
export async function makeRoomAtTheEvent(db: D1Database): Promise<void> {
  // The capacity is the event record's (ADR 60).
  const changed = await db.prepare("UPDATE events SET capacity = 1000000").run();
  if (changed.meta.changes === 0) throw new Error("The seeded events are missing.");
}

/** The demo Family's paid ticket for this year's event (seed/demo-members.ts): the door's card. */
const DOOR_CODE = "XMAS7K2P";

export interface RowsResult {
  label: string;
  method: "GET" | "POST";
  path: string;
  as: "visitor" | "member" | "accountant";
  kind: RowsKind;
  status: number;
  /** All the request ran, after its answer too; null when the response had no X-Bench-D1-Rows header (the worker did not answer it). */
  rows: RowTotals | null;
  /** Of those, what ran after the answer (the body's stream, waitUntil work). */
  afterAnswer: RowTotals | null;
  budget: number;
  verdict: "PASS" | "FAIL";
  note?: string;
}

/** PASS when the header was there, the status the expected one, and the rows read within the budget. */
export function rowsVerdict(rows: RowTotals | null, budget: number, statusOk: boolean): "PASS" | "FAIL" {
  return rows !== null && statusOk && rows.read <= budget ? "PASS" : "FAIL";
}

const number = (value: number) => value.toLocaleString("en-GB");

export function rowsTable(results: RowsResult[]): string {
  const rows = [["view", "request", "as", "status", "rows read", "rows written", "statements", "of which after the answer", "budget (read)", "result"]];
  for (const result of results) {
    rows.push([
      result.label,
      `${result.method} ${result.path}`,
      result.as,
      String(result.status),
      result.rows ? number(result.rows.read) : "(no header)",
      result.rows ? number(result.rows.written) : "",
      result.rows ? String(result.rows.statements) : "",
      result.afterAnswer?.statements ? `read ${number(result.afterAnswer.read)}, written ${number(result.afterAnswer.written)}` : "",
      `≤ ${number(result.budget)}`,
      result.note ? `${result.verdict}: ${result.note}` : result.verdict,
    ]);
  }
  return table(rows);
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
  rows: RowTotals | null;
  afterAnswer: RowTotals | null;
}

let named = 0;

/** What the named request ran after its answer, from the bench's entry (null if it could not say). */
async function rowsAfterAnswer(baseUrl: string, id: string): Promise<RowTotals | null> {
  const response = await fetch(new URL(`${LATE_PATH}?request=${encodeURIComponent(id)}`, baseUrl));
  const totals = (await response.json()) as RowTotals | null;
  return totals && typeof totals.read === "number" && typeof totals.written === "number" ? totals : null;
}

async function send(baseUrl: string, path: string, init: { cookie?: string; form?: Record<string, string> | URLSearchParams } = {}): Promise<Answer> {
  const id = `${process.pid}-${++named}`;
  const headers: Record<string, string> = { "User-Agent": "mma-bench", [REQUEST_HEADER]: id };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.form) {
    headers.Origin = new URL(baseUrl).origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const response = await fetch(new URL(path, baseUrl), {
    method: init.form ? "POST" : "GET",
    redirect: "manual",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
  const body = await response.text();
  // The body is read: what is still to come is the request's waitUntil work, which the entry waits for.
  const atAnswer = parseRowsHeader(response.headers.get(ROWS_HEADER));
  const afterAnswer = atAnswer ? await rowsAfterAnswer(baseUrl, id) : null;
  const rows = atAnswer && afterAnswer ? addTotals({ ...atAnswer }, afterAnswer) : atAnswer;
  return { status: response.status, location: response.headers.get("location"), body, rows, afterAnswer };
}

type Expect = number | ((status: number) => boolean);

function result(
  measured: Answer,
  view: { label: string; method: "GET" | "POST"; path: string; as: RowsResult["as"]; kind: RowsKind; expect: Expect },
): RowsResult {
  const budget = ROWS_BUDGETS[view.kind];
  const statusOk = typeof view.expect === "number" ? measured.status === view.expect : view.expect(measured.status);
  const message = statusOk ? null : formMessage(measured.body);
  const notes = [
    statusOk ? "" : `answered ${measured.status}${measured.location ? ` → ${measured.location}` : ""}${message ? ` (${message.slice(0, 100)})` : ""}`,
    measured.rows ? "" : "no rows header",
  ].filter(Boolean);
  const { expect: _expect, ...shown } = view;
  return {
    ...shown,
    status: measured.status,
    rows: measured.rows,
    afterAnswer: measured.afterAnswer,
    budget,
    verdict: rowsVerdict(measured.rows, budget, statusOk),
    ...(notes.length ? { note: notes.join("; ") } : {}),
  };
}

/** The boxes of the door's card not yet admitted (their `person` values). */
export function doorPeople(html: string): string[] {
  return parseHtml(html)
    .all('input[name="person"]')
    .filter((input) => input.attribs.disabled === undefined)
    .map((input) => input.attribs.value ?? "")
    .filter(Boolean);
}

/**
 * The members tables' views (ADR 63): the first page and the one after it, a search by a child's
 * name (the demo Family's Clara Joseph), by a name many synthetic members share, and by a
 * misspelt name ("Sarah" for the demo's Sara Thomas: the shortened second try), and the
 * deleted members (about 2% of the synthetic ones).
 */
export const MEMBERS_TABLE_VIEWS: ReadonlyArray<{ label: string; path: string; next?: string }> = [
  { label: "members table", path: "/accounts", next: "members table, next page" },
  { label: "members table sorted by name", path: "/accounts?sort=name&dir=asc" },
  { label: "members search: a child's name", path: "/accounts?q=Clara+Joseph" },
  { label: "members search: a common name", path: "/accounts?q=Maya+Patel" },
  { label: "members search: misspelt (Sarah for Sara)", path: "/accounts?q=Sarah+Thomas" },
  { label: "deleted members", path: "/deleted-members", next: "deleted members, next page" },
];

/** The members table's Next link (a keyset page), or null. */
export function membersNextPage(html: string): string | null {
  return parseHtml(html).one('nav.table-pager a[rel="next"]')?.attribs.href ?? null;
}

const redirected = (status: number) => status === 302 || status === 303;

export interface RowsServer {
  /** A freshly started server on the same D1, nothing cached: its URL. */
  restart(): Promise<string>;
}

/** Measures every view; `firstUrl` is a server that has answered nothing yet. */
export async function benchRows(firstUrl: string, server: RowsServer, print: (line: string) => void, year: number): Promise<RowsResult[]> {
  const results: RowsResult[] = [];
  const keep = (measured: RowsResult) => {
    results.push(measured);
    const rows = measured.rows ? `read ${number(measured.rows.read)}, written ${number(measured.rows.written)}` : "no rows header";
    print(`  ${measured.method} ${measured.path} (${measured.as}): ${measured.status}, ${rows}`);
  };

  let baseUrl = firstUrl;
  for (const [index, page] of ROWS_PUBLIC_PAGES.entries()) {
    if (index > 0) {
      print("  (restarting wrangler dev: nothing cached)");
      baseUrl = await server.restart();
    }
    keep(result(await send(baseUrl, page), { label: "public page, cold", method: "GET", path: page, as: "visitor", kind: "publicCold", expect: 200 }));
  }

  const member = await signInAs(baseUrl, "member");
  const accountant = await signInAs(baseUrl, "treasurer");
  const get = (path: string, cookie: string) => send(baseUrl, path, { cookie });

  keep(
    result(await get("/book-ticket", member), { label: "member page", method: "GET", path: "/book-ticket", as: "member", kind: "signedInPage", expect: 200 }),
  );
  keep(
    result(await get("/mem-account", member), { label: "member page", method: "GET", path: "/mem-account", as: "member", kind: "signedInPage", expect: 200 }),
  );
  // The member page (ADR 66): one member's rows, by their id, whatever the number of members.
  const memberPage = `/accounts/members/${demoMemberId("member")}`;
  keep(
    result(await get(memberPage, accountant), {
      label: "accountant's member page",
      method: "GET",
      path: memberPage,
      as: "accountant",
      kind: "signedInPage",
      expect: 200,
    }),
  );
  const report = `/mem-events-pay?${eventQuery(year)}`;
  keep(
    result(await get(report, accountant), { label: "event payments report", method: "GET", path: report, as: "accountant", kind: "eventReport", expect: 200 }),
  );

  // The subscriptions report and the pending payments (ADR 64).
  keep(
    result(await get("/mem-renewals", accountant), {
      label: "subscriptions report",
      method: "GET",
      path: "/mem-renewals",
      as: "accountant",
      kind: "renewalsReport",
      expect: 200,
    }),
  );
  keep(
    result(await get("/accounts/payments", accountant), {
      label: "pending payments",
      method: "GET",
      path: "/accounts/payments",
      as: "accountant",
      kind: "pendingPayments",
      expect: 200,
    }),
  );
  for (const view of MEMBERS_TABLE_VIEWS) {
    const measured = await get(view.path, accountant);
    keep(result(measured, { label: view.label, method: "GET", path: view.path, as: "accountant", kind: "membersTable", expect: 200 }));
    if (view.next) {
      const next = membersNextPage(measured.body);
      if (next) {
        keep(result(await get(next, accountant), { label: view.next, method: "GET", path: next, as: "accountant", kind: "membersTable", expect: 200 }));
      } else print(`  ! ${view.path} offered no Next page: the next page is not measured`);
    }
  }

  // Member mailings (ADR 73): a draft to those who have not renewed, saved; the list; the draft's
  // page with its count; its report.
  const draft = await send(baseUrl, "/studio/mailings/new", {
    cookie: accountant,
    form: { intent: "save", kind: "notice", subject: "Bench notice", body: "The AGM is on 12 December.", audience: "not-renewed" },
  });
  keep(result(draft, { label: "mailing: save a draft", method: "POST", path: "/studio/mailings/new", as: "accountant", kind: "write", expect: redirected }));
  keep(
    result(await get("/studio/mailings", accountant), {
      label: "mailings list",
      method: "GET",
      path: "/studio/mailings",
      as: "accountant",
      kind: "mailingsList",
      expect: 200,
    }),
  );
  const mailingPath = draft.location ? new URL(draft.location, baseUrl).pathname : null;
  if (mailingPath?.startsWith("/studio/mailings/")) {
    keep(
      result(await get(mailingPath, accountant), {
        label: "mailing page (counts who has not renewed)",
        method: "GET",
        path: "/studio/mailings/…",
        as: "accountant",
        kind: "mailingAudience",
        expect: 200,
      }),
    );
    keep(
      result(await get(`${mailingPath}/report`, accountant), {
        label: "mailing report",
        method: "GET",
        path: "/studio/mailings/…/report",
        as: "accountant",
        kind: "mailingsList",
        expect: 200,
      }),
    );
  } else print(`  ! saving the mailing draft did not lead to its page (${draft.location ?? "no redirect"}): its views are not measured`);

  // Gift Aid and donations (docs/requirements.md §14): the donation form as a visitor; the claim
  // page for this tax year with the subscriptions made eligible (every renewal is then read);
  // the donations report.
  keep(result(await get("/donate", ""), { label: "donate (a visitor)", method: "GET", path: "/donate", as: "visitor", kind: "signedInPage", expect: 200 }));
  const eligible = await send(baseUrl, "/accounts/gift-aid/settings", { cookie: accountant, form: { registration: "on", renew: "on", donation: "on" } });
  keep(
    result(eligible, {
      label: "Gift Aid: make subscriptions eligible",
      method: "POST",
      path: "/accounts/gift-aid/settings",
      as: "accountant",
      kind: "write",
      expect: redirected,
    }),
  );
  keep(
    result(await get("/accounts/gift-aid", accountant), {
      label: "Gift Aid claim page (this tax year, every kind eligible)",
      method: "GET",
      path: "/accounts/gift-aid",
      as: "accountant",
      kind: "giftAidClaim",
      expect: 200,
    }),
  );
  keep(
    result(await get("/accounts/donations", accountant), {
      label: "donations report",
      method: "GET",
      path: "/accounts/donations",
      as: "accountant",
      kind: "donationsReport",
      expect: 200,
    }),
  );

  const lookupPath = `/scan-qr-code?code=${DOOR_CODE}`;
  const lookup = await get(lookupPath, accountant);
  keep(result(lookup, { label: "door: ticket lookup", method: "GET", path: lookupPath, as: "accountant", kind: "signedInPage", expect: 200 }));
  const people = doorPeople(lookup.body);
  const admission = new URLSearchParams({ code: DOOR_CODE });
  for (const person of people) admission.append("person", person);
  keep(
    result(await send(baseUrl, "/scan-qr-code", { cookie: accountant, form: admission }), {
      label: `door: admission (${people.length} people)`,
      method: "POST",
      path: "/scan-qr-code",
      as: "accountant",
      kind: "write",
      expect: redirected,
    }),
  );

  const booking = await send(baseUrl, "/book-ticket", { cookie: member, form: { ...FAMILY_PARTY, another: "yes" } });
  keep(result(booking, { label: "booking", method: "POST", path: "/book-ticket", as: "member", kind: "write", expect: 303 }));
  const checkout = booking.location ? new URL(booking.location, baseUrl).pathname : null;
  if (!checkout?.startsWith("/practice-checkout/")) {
    print(`  ! the booking did not lead to the practice checkout (${booking.location ?? "no redirect"}): the settlement is not measured`);
    return results;
  }
  const paid = await send(baseUrl, checkout, { cookie: member, form: { intent: "pay" } });
  keep(result(paid, { label: "settlement: practice checkout Pay", method: "POST", path: "/practice-checkout/…", as: "member", kind: "write", expect: 303 }));
  if (!paid.location) return results;
  const back = new URL(paid.location, baseUrl);
  const settled = await send(baseUrl, back.pathname + back.search, { cookie: member });
  keep(result(settled, { label: "settlement: payment return", method: "GET", path: "/ticket-payment-success/…", as: "member", kind: "write", expect: 200 }));
  return results;
}

/** Every view's totals added up (for the JSON's summary). */
export function totalRows(results: RowsResult[]): RowTotals {
  return results.reduce((sum, measured) => (measured.rows ? addTotals(sum, measured.rows) : sum), noRows());
}
