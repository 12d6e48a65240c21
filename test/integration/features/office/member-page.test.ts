import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Element } from "domhandler";
import { client } from "../../../support/client";
import type { Member } from "~/kernel/store/records";
import { erasurePatch } from "~/features/data-rights/erasure";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Outbox } from "~/kernel/store/d1/outbox.server";
import { d1Tickets } from "~/kernel/store/d1/tickets.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { newMember, newTicket, newTransaction } from "../../../support/fixtures";
import { parseHtml, textOf, within, type ParsedPage } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The member page (/accounts/members/:id, docs/requirements.md §6.3.1, ADR 66), on a private
 * server (its own D1): who may open it, what it shows of one member (details, household,
 * payments, tickets, e-mails, activity), which actions each kind of member is offered, and
 * that a Danger action asks first and then changes only after Yes.
 */

const people = {
  active: newMember({
    email: "page-active@example.com",
    fullName: "Paige Active",
    active: true,
    registrationPaid: true,
    membership: "Family",
    spouse: { title: "Mrs", name: "Sarah Active", email: "sarah-active@example.com", mobile: "07700900999" },
    children: [{ name: "Tilly Active", birthYear: 2015 }],
  }),
  roles: newMember({ email: "page-roles@example.com", fullName: "Rolf Roles", active: true, registrationPaid: true }),
  applicant: newMember({ email: "page-applicant@example.com", fullName: "Appy Cant", active: false, registrationPaid: false }),
  deleted: newMember({ email: "page-deleted@example.com", fullName: "Del Eted", active: true, registrationPaid: true, deleted: true }),
  erased: newMember({ email: "page-erased@example.com", fullName: "Eve Rased", active: true, registrationPaid: true }),
};
const ids = {} as Record<keyof typeof people, string>;
let paymentId = "";
let deletedPaymentId = "";
let emailId = "";

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await members.register(people[key])).id;
      await members.update(ids.erased, erasurePatch(ids.erased, Date.now() / 1000));

      const transactions = d1Transactions(db);
      const paid = await transactions.create(
        newTransaction(ids.active, { title: "Membership Renewal", unitAmount: 2500, method: "cash", paidOn: "2026-09-27" }),
      );
      await transactions.settle(paid.id, "success", Math.floor(Date.now() / 1000));
      paymentId = paid.id;
      await transactions.create(newTransaction(ids.active, { title: "Waiting renewal" }));
      const gone = await transactions.create(newTransaction(ids.deleted, { title: "Old renewal" }));
      await transactions.settle(gone.id, "success", Math.floor(Date.now() / 1000));
      deletedPaymentId = gone.id;

      const tickets = d1Tickets(db);
      const ticket = await tickets.create(newTicket(ids.active, { title: "Summer Fair", email: people.active.email }));
      await tickets.markPaid(ticket.id);
      await tickets.admit(ticket.id, [{ band: "adult", position: 1 }], Math.floor(Date.now() / 1000));

      const mail = await d1Outbox(db).add(
        { to: [people.active.email], subject: "Your payment link", html: "<p>Pay</p>", text: "Pay", purpose: "payment-link", memberId: ids.active },
        "stored",
        "none",
      );
      emailId = mail.id;
      // Someone else's e-mail and log entry: not shown on this member's page.
      await d1Outbox(db).add(
        { to: ["other@example.com"], subject: "Not theirs", html: "", text: "", purpose: "contact", memberId: ids.roles },
        "stored",
        "none",
      );

      const activity = d1Activity(db);
      const entry = {
        at: new Date().toISOString(),
        actorId: "x",
        actorName: "Tess Treasurer",
        kind: "member-corrected" as const,
        before: undefined,
        after: undefined,
      };
      await activity.record({
        ...entry,
        subjectId: ids.active,
        subjectName: "Paige Active",
        memberId: ids.active,
        summary: "Tess Treasurer corrected member Paige Active.",
      });
      await activity.record({
        ...entry,
        subjectId: ids.roles,
        subjectName: "Rolf Roles",
        memberId: ids.roles,
        summary: "Tess Treasurer corrected member Rolf Roles.",
      });
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const treasurer = demoAccount("treasurer");
let ip = 0;
const get = (path: string, userId?: string) => client(server).as(userId).get(path);
const post = (path: string, fields: Record<string, string>, userId?: string) =>
  client(server, { ip: `198.51.100.${++ip}` })
    .as(userId)
    .post(path, fields);
const member = (id: string) => withServerD1(server.persistTo, async (db) => (await d1Members(db).getById(id)) as Member);
const pagePath = (id: string) => `/accounts/members/${id}`;

async function open(id: string): Promise<ParsedPage> {
  const response = await get(pagePath(id), treasurer.id);
  expect(response.status).toBe(200);
  return parseHtml(await response.text());
}

/** The actions a section offers, by their data-action key. */
const actionKeys = (page: ParsedPage, section: string) => page.all(`#${section} [data-action]`).map((li) => li.attribs["data-action"]);
const sectionIds = (page: ParsedPage) => page.all(".member-page section.member-section").map((section: Element) => section.attribs.id);

describe("who may open the member page", () => {
  it("sends an editor to the studio and a plain member to their account (each role's home), and a visitor to sign in, without showing anything", async () => {
    for (const [who, home] of [
      [demoAccount("editor").id, "/studio"],
      [demoAccount("member").id, "/mem-account"],
    ] as const) {
      const response = await get(pagePath(ids.active), who);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(home);
    }
    const visitor = await get(pagePath(ids.active));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses an editor's post and changes nothing", async () => {
    const response = await post(pagePath(ids.roles), { do: `grant:${ids.roles}`, confirmed: "1" }, demoAccount("editor").id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/studio");
    expect((await member(ids.roles)).role).toBe("member");
  });

  it("answers an unknown id with the 404 page, not an error", async () => {
    const response = await get(pagePath("ffffffffffffffffffffffff"), treasurer.id);
    expect(response.status).toBe(404);
    expect(parseHtml(await response.text()).one("h1")).not.toBeNull();
  });
});

describe("an active member's page", () => {
  it("shows their details, household and consents, with a breadcrumb back to Members", async () => {
    const page = await open(ids.active);
    expect(page.text("h1")).toBe("Paige Active");
    expect(page.text(".member-status")).toBe("Active");
    expect(page.one('nav[aria-label="Breadcrumb"] a[href="/accounts"]')).not.toBeNull();
    expect(page.text('nav[aria-label="Breadcrumb"] a[href="/accounts"]')).toBe("Members");
    expect(page.text("#details")).toContain("page-active@example.com");
    expect(page.text("#household")).toContain("Mrs Sarah Active");
    expect(page.text("#household")).toContain("Tilly Active, born 2015");
    expect(page.text("#household")).toContain("Gift Aid");
    expect(page.one(`#details a[href="/accounts/members/${ids.active}/data"]`)).not.toBeNull();
  });

  it("groups the page in sections, Danger last", async () => {
    const page = await open(ids.active);
    expect(sectionIds(page)).toEqual(["details", "household", "money", "membership", "tickets", "emails", "activity", "danger"]);
    expect(page.one("#danger")?.attribs.class).toContain("member-danger");
  });

  it("lists payments with the day the money came, receipt, refund and 'Send receipt again' for the paid one only", async () => {
    const page = await open(ids.active);
    const paid = page.one(`[data-payment="${paymentId}"]`)!;
    const card = within(paid);
    expect(textOf(paid)).toContain("27 September 2026");
    expect(textOf(paid)).toContain("Cash");
    expect(card.one(`a[href="/account/receipts/${paymentId}"]`)).not.toBeNull();
    expect(card.one(`a[href="/accounts/transactions/${paymentId}/refund"]`)).not.toBeNull();
    const resend = card.one("form")!;
    expect(resend.attribs.method).toBe("post");
    expect(resend.attribs.action).toBe(`/accounts/transactions/${paymentId}/resend-receipt`);
    expect(within(resend).one('input[name="redirectTo"]')?.attribs.value).toBe(pagePath(ids.active));
    expect(within(resend).text('button[type="submit"]')).toBe("Send receipt again");

    const cards = page.all("#money [data-payment]");
    expect(cards).toHaveLength(2);
    const waiting = cards.find((c) => c.attribs["data-payment"] !== paymentId)!;
    expect(textOf(waiting)).toContain("Waiting for payment");
    expect(within(waiting).all("a, form")).toHaveLength(0);
  });

  it("shows their tickets with admissions, their e-mails linked to the outbox, and only their own activity", async () => {
    const page = await open(ids.active);
    expect(page.text("#tickets")).toContain("Summer Fair");
    expect(page.text("#tickets")).toContain("1 of 3 admitted");
    expect(page.text("#tickets")).toMatch(/Adult One \([^)]*\): admitted/);
    expect(page.text("#tickets")).toContain("Adult Two");
    expect(page.one(`#emails a[href="/accounts/emails/${emailId}"]`)).not.toBeNull();
    expect(page.text("#emails")).not.toContain("Not theirs");
    expect(page.text("#activity")).toContain("corrected member Paige Active");
    expect(page.text("#activity")).not.toContain("Rolf Roles");
  });

  it("offers Money: record a payment; Membership: edit; Danger: delete, roles and erase", async () => {
    const page = await open(ids.active);
    expect(actionKeys(page, "money")).toEqual(["record-payment"]);
    expect(page.one(`#money a[href="/accounts/record-payment/${ids.active}"]`)).not.toBeNull();
    expect(actionKeys(page, "membership")).toEqual(["edit"]);
    expect(actionKeys(page, "danger")).toEqual(["delete", "grant", "grant-editor", "grant-steward", "erase"]);
    expect(page.one(`#danger button[name="do"][value="delete:${ids.active}"]`)).not.toBeNull();
    expect(page.one(`#danger a[href="/accounts/members/${ids.active}/erase"]`)).not.toBeNull();
  });
});

describe("the other kinds of member", () => {
  it("an applicant: 'Approve and send payment link', reject and edit under Membership", async () => {
    const page = await open(ids.applicant);
    expect(page.text(".member-status")).toBe("Applicant");
    expect(actionKeys(page, "membership")).toEqual(["send-link", "reject", "edit"]);
    expect(page.text(`#membership button[value="send-link:${ids.applicant}"]`)).toBe("Approve and send payment link");
    expect(page.one(`#membership a[href="/accounts/members/${ids.applicant}/reject"]`)).not.toBeNull();
    expect(page.all(`#money button[value^="send-link"]`)).toHaveLength(0);
  });

  it("approving an applicant sends them the payment link, at once, and comes back to their page, which lists the e-mail", async () => {
    const response = await post(pagePath(ids.applicant), { do: `send-link:${ids.applicant}` }, treasurer.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pagePath(ids.applicant));
    const sent = await withServerD1(server.persistTo, async (db) => (await d1Outbox(db).list()).rows.filter((e) => e.memberId === ids.applicant));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([people.applicant.email]);
    const page = await open(ids.applicant);
    expect(page.one(`#emails a[href="/accounts/emails/${sent[0]!.id}"]`)).not.toBeNull();
  });

  it("a deleted member: Restore and nothing else of Money or Membership, no refund nor resend", async () => {
    const page = await open(ids.deleted);
    expect(page.text(".member-status")).toBe("Deleted");
    expect(actionKeys(page, "money")).toEqual([]);
    expect(actionKeys(page, "membership")).toEqual(["restore"]);
    expect(actionKeys(page, "danger")).toEqual(["erase"]);
    const card = page.one(`[data-payment="${deletedPaymentId}"]`)!;
    expect(within(card).one(`a[href="/account/receipts/${deletedPaymentId}"]`)).not.toBeNull();
    expect(within(card).all("form")).toHaveLength(0);
    expect(within(card).one('a[href$="/refund"]')).toBeNull();
  });

  it("an erased member: no action at all, and no data link", async () => {
    const page = await open(ids.erased);
    expect(page.text(".member-status")).toBe("Erased");
    expect(page.all("[data-action]")).toHaveLength(0);
    expect(page.all(".member-page form")).toHaveLength(0);
    expect(page.one("#danger")).toBeNull();
    expect(page.one('a[href$="/data"]')).toBeNull();
  });

  it("refuses a post for an erased member, and changes nothing", async () => {
    const response = await post(pagePath(ids.erased), { do: `restore:${ids.erased}`, confirmed: "1" }, treasurer.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pagePath(ids.erased));
    expect((await member(ids.erased)).deleted).toBe(true);
  });
});

describe("a Danger action asks first, then changes", () => {
  it("without Yes it answers the confirmation that says what happens, and changes nothing", async () => {
    const response = await post(pagePath(ids.roles), { do: `grant:${ids.roles}` }, treasurer.id);
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    const step = page.one(".confirm-step")!;
    expect(textOf(step)).toContain("Rolf Roles's role changes from Member to Admin.");
    expect(within(step).one('input[name="confirmed"]')?.attribs.value).toBe("1");
    expect(within(step).one('input[name="do"]')?.attribs.value).toBe(`grant:${ids.roles}`);
    expect(within(step).one(`a[href="${pagePath(ids.roles)}"]`)).not.toBeNull();
    expect((await member(ids.roles)).role).toBe("member");
  });

  it("with Yes it gives the role, records it and comes back to the page; the page then offers to take it away", async () => {
    const response = await post(pagePath(ids.roles), { do: `grant:${ids.roles}`, confirmed: "1" }, treasurer.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(pagePath(ids.roles));
    expect((await member(ids.roles)).role).toBe("accountant");
    const page = await open(ids.roles);
    expect(actionKeys(page, "danger")).toContain("revoke");
    expect(page.text("#activity")).toMatch(/Admin/);
  });

  it("delete asks first; after Yes the page offers Restore only", async () => {
    const ask = await post(pagePath(ids.roles), { do: `delete:${ids.roles}` }, treasurer.id);
    expect(ask.status).toBe(200);
    expect(textOf(parseHtml(await ask.text()).one(".confirm-step")!)).toContain("Restore brings it back");
    expect((await member(ids.roles)).deleted).toBe(false);
    const done = await post(pagePath(ids.roles), { do: `delete:${ids.roles}`, confirmed: "1" }, treasurer.id);
    expect(done.status).toBe(302);
    expect((await member(ids.roles)).deleted).toBe(true);
    const page = await open(ids.roles);
    expect(actionKeys(page, "membership")).toEqual(["restore"]);
    expect(actionKeys(page, "money")).toEqual([]);
  });

  it("refuses a post naming another member (400) or an action the page does not offer", async () => {
    const other = await post(pagePath(ids.active), { do: `delete:${ids.applicant}`, confirmed: "1" }, treasurer.id);
    expect(other.status).toBe(400);
    expect((await member(ids.applicant)).deleted).toBe(false);
    const notOffered = await post(pagePath(ids.active), { do: `revoke:${ids.active}`, confirmed: "1" }, treasurer.id);
    expect(notOffered.status).toBe(302);
    expect(notOffered.headers.get("Location")).toBe(pagePath(ids.active));
    expect((await member(ids.active)).role).toBe("member");
  });
});
