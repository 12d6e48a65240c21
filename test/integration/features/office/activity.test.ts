import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { currentYear } from "~/kernel/dates/dates";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { openServerPlatform } from "../../../support/server-d1";
import { DEMO_EVENT_ID, changeTickets } from "../../../support/book-ticket";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The activity log (/accounts/activity) on a private server: each back-office action that
 * changes something leaves its entry (delete, restore, grant, revoke, payment link, door
 * SAVE), the page is for accountants only, and a log that cannot be written does not
 * fail the action.
 */

const YEAR = currentYear();
const EVENT_TITLE = "Activity Test Party";
const CODE = "ACTVTY23";
const treasurer = demoAccount("treasurer");
const member = demoAccount("member");
const people = {
  toDelete: newMember({ fullName: "Logged Delete Person", active: true, registrationPaid: true }),
  toPromote: newMember({ fullName: "Logged Promote Person", active: true, registrationPaid: true }),
  applicant: newMember({ fullName: "Logged Applicant Person", active: false, registrationPaid: false }),
};
const ids: Record<keyof typeof people, string> = { toDelete: "", toPromote: "", applicant: "" };
const numbers: Record<keyof typeof people, number | null> = { toDelete: null, toPromote: null, applicant: null };

async function prepare(db: D1Database) {
  const store = createD1Store(db);
  for (const key of Object.keys(people) as Array<keyof typeof people>) {
    const registered = await store.members.register(people[key]);
    ids[key] = registered.id;
    numbers[key] = registered.memberNumber;
  }
  await changeTickets(db, { title: EVENT_TITLE, lastBookingDate: `${YEAR}-12-20` });
  const ticket = await createTicketWithCode(
    store,
    {
      userId: member.id,
      eventId: DEMO_EVENT_ID,
      title: EVENT_TITLE,
      email: "family@example.org",
      membership: "Family",
      year: YEAR,
      price: 3750,
      attendees: [
        { band: "adult", position: 1, name: "Logged Adult One" },
        { band: "adult", position: 2, name: "Logged Adult Two" },
        { band: "below5", position: 1, name: "Logged Baby" },
      ],
    },
    () => CODE,
  );
  await store.tickets.markPaid(ticket.id);
}

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({ prepare });
});
afterAll(() => server?.stop());

const get = (base: string, path: string, userId: string | null = treasurer.id) => client(base).as(userId).get(path);

const post = (base: string, path: string, fields: Array<[string, string]>, userId: string | null = treasurer.id) => client(base).as(userId).post(path, fields);

/** The log's rows as [when, who, what, before → after]. */
async function logRows(base: string): Promise<string[][]> {
  const response = await get(base, "/accounts/activity");
  expect(response.status).toBe(200);
  const page = parseHtml(await response.text());
  return page.all("table.activity-table tbody tr").map((row) => row.children.filter((cell) => cell.type === "tag").map(textOf));
}

const latest = async (base: string) => (await logRows(base))[0]!;
const mma = (key: keyof typeof people) => `MMA${numbers[key]}`;

describe("/accounts/activity: who may see it", () => {
  it("sends visitors to /login and members to /mem-account; accountants get the page, never cached", async () => {
    const visitor = await get(server.url, "/accounts/activity", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%2Factivity");
    const asMember = await get(server.url, "/accounts/activity", member.id);
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/mem-account");
    const accountant = await get(server.url, "/accounts/activity");
    expect(accountant.status).toBe(200);
    expect(accountant.headers.get("Cache-Control")).toBe("private, no-store");
    const page = parseHtml(await accountant.text());
    expect(page.text("h1")).toBe("Activity");
    // Linked from the back office's menu, where the e-mails are.
    expect(page.one('a[href="/accounts/activity"]')).not.toBeNull();
  });

  it("says so when nothing has been recorded yet", async () => {
    const page = parseHtml(await (await get(server.url, "/accounts/activity")).text());
    expect(page.one("table.activity-table")).toBeNull();
    expect(page.text(".outbox-empty")).toBe("Nothing has been recorded yet.");
  });
});

describe("/accounts/activity: each back-office change leaves its entry", () => {
  it("delete and restore", async () => {
    // The question first (no JavaScript): nothing changed, nothing recorded.
    expect((await post(server.url, "/accounts", [["do", `delete:${ids.toDelete}`]])).status).toBe(200);
    expect(await logRows(server.url)).toEqual([]);

    expect(
      (
        await post(server.url, "/accounts", [
          ["do", `delete:${ids.toDelete}`],
          ["confirmed", "1"],
        ])
      ).status,
    ).toBe(302);
    const deleted = await latest(server.url);
    expect(deleted.slice(1)).toEqual(["Deepa Menon", `Deepa Menon deleted member ${mma("toDelete")} Logged Delete Person.`, ""]);
    expect(deleted[0]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);

    expect(
      (
        await post(server.url, "/deleted-members", [
          ["do", `restore:${ids.toDelete}`],
          ["confirmed", "1"],
        ])
      ).status,
    ).toBe(302);
    expect((await latest(server.url))[2]).toBe(`Deepa Menon restored member ${mma("toDelete")} Logged Delete Person.`);
  });

  it("grant and revoke, Admin and Website editor, with the role before and after; a refused one leaves nothing", async () => {
    await post(server.url, "/accounts", [
      ["do", `grant:${ids.toPromote}`],
      ["confirmed", "1"],
    ]);
    expect((await latest(server.url)).slice(1)).toEqual([
      "Deepa Menon",
      `Deepa Menon gave member ${mma("toPromote")} Logged Promote Person the Admin role.`,
      "Member → Admin",
    ]);
    await post(server.url, "/accounts", [
      ["do", `revoke:${ids.toPromote}`],
      ["confirmed", "1"],
    ]);
    expect((await latest(server.url)).slice(1)).toEqual([
      "Deepa Menon",
      `Deepa Menon took the Admin role from member ${mma("toPromote")} Logged Promote Person.`,
      "Admin → Member",
    ]);
    // Website editor (ADR 38) is recorded the same way: the role is data.
    await post(server.url, "/accounts", [
      ["do", `grant-editor:${ids.toPromote}`],
      ["confirmed", "1"],
    ]);
    expect((await latest(server.url)).slice(2)).toEqual([
      `Deepa Menon gave member ${mma("toPromote")} Logged Promote Person the Website editor role.`,
      "Member → Website editor",
    ]);
    await post(server.url, "/accounts", [
      ["do", `revoke-editor:${ids.toPromote}`],
      ["confirmed", "1"],
    ]);
    expect((await latest(server.url)).slice(2)).toEqual([
      `Deepa Menon took the Website editor role from member ${mma("toPromote")} Logged Promote Person.`,
      "Website editor → Member",
    ]);
    const count = (await logRows(server.url)).length;
    await post(server.url, "/accounts", [
      ["do", `revoke:${treasurer.id}`],
      ["confirmed", "1"],
    ]);
    expect(await logRows(server.url)).toHaveLength(count);
  });

  it("a payment link sent", async () => {
    expect((await post(server.url, "/accounts", [["do", `send-link:${ids.applicant}`]])).status).toBe(302);
    expect((await latest(server.url))[2]).toBe(`Deepa Menon sent member ${mma("applicant")} Logged Applicant Person a payment link.`);
  });

  it("a door SAVE: who let how many in on which ticket; a SAVE that admits nobody leaves nothing", async () => {
    const save = (people: string[]) => post(server.url, "/scan-qr-code", [["code", CODE], ...people.map((p): [string, string] => ["person", p])]);
    expect((await save(["adult-1", "below5-1"])).status).toBe(302);
    expect((await latest(server.url))[2]).toBe(`Deepa Menon admitted 2 people on ticket ACTV-TY23 (${EVENT_TITLE}).`);
    const count = (await logRows(server.url)).length;
    // Already in: nobody admitted, nothing recorded.
    expect((await save(["adult-1"])).status).toBe(302);
    expect(await logRows(server.url)).toHaveLength(count);
  });

  it("lists them all, newest first", async () => {
    const whats = (await logRows(server.url)).map((row) => row[2]);
    expect(whats).toEqual([
      `Deepa Menon admitted 2 people on ticket ACTV-TY23 (${EVENT_TITLE}).`,
      `Deepa Menon sent member ${mma("applicant")} Logged Applicant Person a payment link.`,
      `Deepa Menon took the Website editor role from member ${mma("toPromote")} Logged Promote Person.`,
      `Deepa Menon gave member ${mma("toPromote")} Logged Promote Person the Website editor role.`,
      `Deepa Menon took the Admin role from member ${mma("toPromote")} Logged Promote Person.`,
      `Deepa Menon gave member ${mma("toPromote")} Logged Promote Person the Admin role.`,
      `Deepa Menon restored member ${mma("toDelete")} Logged Delete Person.`,
      `Deepa Menon deleted member ${mma("toDelete")} Logged Delete Person.`,
    ]);
    const page = parseHtml(await (await get(server.url, "/accounts/activity")).text());
    expect(page.all("table.activity-table thead th").map(textOf)).toEqual(["When", "Who", "What", "Before → after"]);
  });
});

describe("a log that cannot be written", () => {
  it("does not undo or fail the action", async () => {
    const broken = await startSeededServer({
      prepare: async (db) => {
        await prepare(db);
        await db.prepare("DROP TABLE activity").run();
      },
    });
    try {
      const done = await post(broken.url, "/accounts", [
        ["do", `delete:${ids.toDelete}`],
        ["confirmed", "1"],
      ]);
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/accounts");
      const { db, dispose } = await openServerPlatform(broken.persistTo);
      try {
        expect((await createD1Store(db).members.getById(ids.toDelete))?.deleted).toBe(true);
      } finally {
        await dispose();
      }
    } finally {
      await broken.stop();
    }
  });
});
