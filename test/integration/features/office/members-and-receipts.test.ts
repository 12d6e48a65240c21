import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { EMAIL_TAKEN_MESSAGE } from "~/features/membership/own-account";
import { SETTINGS_MESSAGES } from "~/features/studio/site-settings-form";
import type { Member, OutboxEmail } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { APPLICATION_REJECTED_SUBJECT } from "~/features/office/emails/ApplicationRejectedEmail";
import { MEMBER_CORRECTED_SUBJECT } from "~/features/office/emails/MemberCorrectedEmail";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Outbox } from "~/kernel/store/d1/outbox.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { singleSignup, uniqueSignupEmail } from "../../../support/signup";
import { formFields, withChanges } from "../../../support/studio-form";

/**
 * Member corrections, rejections, new applications and receipts (docs/requirements.md §6.5,
 * §6.6, §3.3, §4.11; ADRs 0052, 0053), on a private server (its own D1) with a fake Stripe:
 * an accountant corrects a member and rejects an applicant; a sign-up e-mails the
 * accountants; a settled card payment sends one receipt and has a receipt page.
 */

const PASSWORD = "member-password-1";
const people = {
  corrected: newMember({ email: "to-correct@example.com", fullName: "Cora Rect", active: true, registrationPaid: true }),
  gone: newMember({ email: "gone-member@example.com", fullName: "Gone Member", active: false, registrationPaid: true, deleted: true }),
  applicant: newMember({ email: "to-reject@example.com", fullName: "Rita Ject", active: false, registrationPaid: false }),
  renewer: newMember({ email: "renewer@example.com", fullName: "Rene Wer", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
  bankPayer: newMember({ email: "bank-payer@example.com", fullName: "Bankie Payer", active: true, registrationPaid: true, lastRenewedYear: currentYear() - 1 }),
};
const ids = {} as Record<keyof typeof people, string>;

let stripe: FakeStripe;
let server: SeededServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      const members = d1Members(db);
      const passwordHash = await hashPassword(PASSWORD);
      for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await members.register({ ...people[key], passwordHash })).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const treasurer = demoAccount("treasurer");
let ip = 0;
const post = (path: string, fields: Record<string, string>, userId?: string) =>
  client(server, { ip: `198.51.100.${++ip}` })
    .as(userId)
    .post(path, fields);
const get = (path: string, userId?: string) => client(server).as(userId).get(path);
const db = <T>(use: (db: D1Database) => Promise<T>): Promise<T> => withServerD1(server.persistTo, use);
const member = (id: string) => db(async (d) => (await d1Members(d).getById(id)) as Member);
const outbox = () => db(async (d) => (await d1Outbox(d).list()).rows);
const mailTo = (emails: OutboxEmail[], to: string, subject: string) => emails.filter((e) => e.to.includes(to) && e.subject === subject);
const activity = () => db(async (d) => (await d1Activity(d).list()).rows);
const signIn = (email: string, password = PASSWORD) => post("/login", { email, password });
const applicantBy = (email: string) => db(async (d) => (await d1Members(d).findByEmail(email)) as Member);

/** Every link inside `scope` as [its text, its href]. */
const linksOf = (page: ReturnType<typeof parseHtml>, scope: string) => page.all(`${scope} a`).map((a) => [textOf(a), a.attribs.href ?? ""] as [string, string]);

/** The correction form as the page fills it for a Single member, with changes. */
function correction(m: Member, changes: Record<string, string>) {
  return {
    email: m.email,
    status: m.active ? "active" : "suspended",
    registrationPaid: m.registrationPaid ? "paid" : "unpaid",
    title: m.title,
    fullName: m.fullName,
    address: m.address,
    city: m.city,
    county: m.county,
    postcode: m.postcode,
    mobile: m.mobile,
    membership: m.membership,
    ...changes,
  };
}

describe("an accountant corrects a member (/accounts/members/:id/edit)", () => {
  it("shows the member's record in the form", async () => {
    const page = parseHtml(await (await get(`/accounts/members/${ids.corrected}/edit`, treasurer.id)).text());
    expect(page.one("#amend-email")?.attribs.value).toBe("to-correct@example.com");
    expect(page.one("#amend-fullName")?.attribs.value).toBe("Cora Rect");
    // The back link and Cancel go to the member's own page by id, never a search by their e-mail.
    expect(linksOf(page, "main")).toEqual(expect.arrayContaining([[`Back to Cora Rect's page`, `/accounts/members/${ids.corrected}`]]));
    expect(linksOf(page, ".amend-actions")).toEqual([["Cancel", `/accounts/members/${ids.corrected}`]]);
    expect(linksOf(page, "main").filter(([, href]) => href.includes("?q="))).toEqual([]);
  });

  it("refuses an e-mail another member uses, in any case, a deleted member's too (400, on the field), and changes nothing", async () => {
    const before = await member(ids.corrected);
    for (const taken of ["SINGLE@example.org", "Gone-Member@Example.com"]) {
      const response = await post(`/accounts/members/${ids.corrected}/edit`, correction(before, { email: taken, fullName: "Not Saved" }), treasurer.id);
      expect(response.status).toBe(400);
      expect(parseHtml(await response.text()).text("#amend-email-error")).toBe(EMAIL_TAKEN_MESSAGE);
    }
    expect(await member(ids.corrected)).toEqual(before);
  });

  it("saves a new e-mail and name: the member is told at both addresses, signs in with the new one, and the log has before → after", async () => {
    const before = await member(ids.corrected);
    const response = await post(
      `/accounts/members/${ids.corrected}/edit`,
      correction(before, { email: "Corrected.New@Example.com", fullName: "Cora Rected" }),
      treasurer.id,
    );
    expect(response.status).toBe(302);
    // Back to the member's own page by id, not a search by the new e-mail (docs/requirements.md §6.5).
    expect(response.headers.get("Location")).toBe(`/accounts/members/${ids.corrected}`);
    const after = await member(ids.corrected);
    expect(after).toMatchObject({ email: "corrected.new@example.com", fullName: "Cora Rected", passwordHash: before.passwordHash });

    const emails = await outbox();
    const toNew = mailTo(emails, "corrected.new@example.com", MEMBER_CORRECTED_SUBJECT);
    const toOld = mailTo(emails, "to-correct@example.com", MEMBER_CORRECTED_SUBJECT);
    expect(toNew).toHaveLength(1);
    expect(toOld).toHaveLength(1);
    expect(toNew[0]!.text).toContain("E-mail: to-correct@example.com → corrected.new@example.com");
    // The name is not the member's e-mail or membership: they are not told of it.
    expect(toNew[0]!.text).not.toContain("Cora Rected →");

    expect((await signIn("corrected.new@example.com")).status).toBe(302);
    expect((await signIn("to-correct@example.com")).status).not.toBe(302);

    const entry = (await activity()).find((e) => e.kind === "member-corrected" && e.subjectId === ids.corrected)!;
    expect(entry.actorName).toBe("Deepa Menon");
    expect(entry.before).toEqual({ "E-mail": "to-correct@example.com", "Full name": "Cora Rect" });
    expect(entry.after).toEqual({ "E-mail": "corrected.new@example.com", "Full name": "Cora Rected" });
  });

  it("corrects the membership without a checkout, and tells the member", async () => {
    const before = await member(ids.corrected);
    const response = await post(`/accounts/members/${ids.corrected}/edit`, correction(before, { status: "suspended" }), treasurer.id);
    expect(response.status).toBe(302);
    expect((await member(ids.corrected)).active).toBe(false);
    const told = mailTo(await outbox(), "corrected.new@example.com", MEMBER_CORRECTED_SUBJECT);
    expect(told).toHaveLength(2);
    expect(told.some((e) => e.text.includes("Status: Active → Suspended"))).toBe(true);
  });

  it("is for accountants: a member is sent to their account and nothing changes", async () => {
    const before = await member(ids.applicant);
    const response = await post(`/accounts/members/${ids.applicant}/edit`, correction(before, { fullName: "Hijacked" }), demoAccount("member").id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mem-account");
    expect((await member(ids.applicant)).fullName).toBe("Rita Ject");
  });
});

describe("an accountant rejects an applicant (/accounts/members/:id/reject)", () => {
  it("links back to the member's own page by id, never a search by their e-mail", async () => {
    const page = parseHtml(await (await get(`/accounts/members/${ids.applicant}/reject`, treasurer.id)).text());
    const back = `/accounts/members/${ids.applicant}`;
    expect(linksOf(page, "main")).toEqual(expect.arrayContaining([["Back to Rita Ject's page", back]]));
    expect(linksOf(page, ".reject-form")).toEqual([["Cancel", back]]);
    expect(linksOf(page, "main").filter(([, href]) => href.includes("?q="))).toEqual([]);
  });

  it("needs a reason (400) and changes nothing without one", async () => {
    const response = await post(`/accounts/members/${ids.applicant}/reject`, { reason: "  " }, treasurer.id);
    expect(response.status).toBe(400);
    expect(parseHtml(await response.text()).text("#reject-reason-error")).toMatch(/reason/);
    expect((await member(ids.applicant)).rejected).toBeUndefined();
  });

  it("refuses a member who has paid the registration (409)", async () => {
    const response = await post(`/accounts/members/${ids.renewer}/reject`, { reason: "Test" }, treasurer.id);
    expect(response.status).toBe(409);
    expect((await member(ids.renewer)).deleted).toBe(false);
  });

  it("rejects with the reason: the e-mail has it, the record leaves both lists, cannot sign in, and the log says rejected", async () => {
    const response = await post(`/accounts/members/${ids.applicant}/reject`, { reason: "We only take members living in Greater Manchester." }, treasurer.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/accounts/members/${ids.applicant}`);
    // The member's page says it was rejected, and why (docs/requirements.md §6.6).
    const landed = parseHtml(await (await get(`/accounts/members/${ids.applicant}`, treasurer.id)).text());
    expect(landed.text(".member-note")).toBe("The application was rejected: We only take members living in Greater Manchester.");

    const rejected = await member(ids.applicant);
    expect(rejected).toMatchObject({ deleted: true, rejected: { reason: "We only take members living in Greater Manchester." } });
    const [email] = mailTo(await outbox(), "to-reject@example.com", APPLICATION_REJECTED_SUBJECT);
    expect(email?.text).toContain("We only take members living in Greater Manchester.");

    for (const list of ["/accounts?q=Rita", "/deleted-members?q=Rita", "/accounts/export.csv"]) {
      const body = await (await get(list, treasurer.id)).text();
      expect(body, list).not.toContain("Rita Ject");
    }
    expect((await signIn("to-reject@example.com")).status).not.toBe(302);
    // Its pages are gone too: the record is kept for the log only.
    expect((await get(`/accounts/members/${ids.applicant}/edit`, treasurer.id)).status).toBe(404);
    expect((await get(`/accounts/members/${ids.applicant}/reject`, treasurer.id)).status).toBe(404);

    const entry = (await activity()).find((e) => e.kind === "member-rejected" && e.subjectId === ids.applicant);
    expect(entry?.summary).toMatch(/rejected the application of MMA\d+ Rita Ject\.$/);
  });
});

describe("a new application e-mails the accountants", () => {
  it("one e-mail to each accountant, with an absolute link to the applicant's own page by id", async () => {
    const address = uniqueSignupEmail("applies");
    const response = await post("/signup", singleSignup(address));
    expect(response.status).toBe(302);
    const applicant = await applicantBy(address);
    const emails = (await outbox()).filter((e) => e.purpose === "new-application" && e.text.includes("Ada Lovelace"));
    expect(emails.map((e) => e.to)).toEqual([[treasurer.email]]);
    const link = `${server.url}/accounts/members/${applicant.id}`;
    const anchors = parseHtml(emails[0]!.html)
      .all("a")
      .map((a) => a.attribs.href);
    expect(anchors).toContain(link);
    // No search by the applicant's address anywhere in the e-mail (docs/requirements.md §3.3).
    expect(anchors.filter((href) => href?.includes("?q="))).toEqual([]);
    const page = parseHtml(await (await get(new URL(link).pathname, treasurer.id)).text());
    expect(page.text("h1")).toBe("Ada Lovelace");
  });
});

describe("the new-applications address in /studio/settings", () => {
  it("refuses a bad address (400); once set, a new application goes to it instead of the accountants", async () => {
    const form = formFields(await (await get("/studio/settings", treasurer.id)).text(), "form.studio-form");
    const bad = await post("/studio/settings", Object.fromEntries(withChanges(form, { newApplicationsEmail: "not an address" })), treasurer.id);
    expect(bad.status).toBe(400);
    expect(parseHtml(await bad.text()).text("#settings-newApplicationsEmail-error")).toBe(SETTINGS_MESSAGES.email);

    const saved = await post("/studio/settings", Object.fromEntries(withChanges(form, { newApplicationsEmail: "Membership@Example.org" })), treasurer.id);
    expect(saved.status).toBe(302);
    const address = uniqueSignupEmail("applies-after");
    expect((await post("/signup", singleSignup(address))).status).toBe(302);
    const applicant = await applicantBy(address);
    const emails = (await outbox()).filter((e) => e.purpose === "new-application" && e.html.includes(`/accounts/members/${applicant.id}`));
    expect(emails.map((e) => e.to)).toEqual([["membership@example.org"]]);
    const entry = (await activity()).find((e) => e.kind === "setting-changed" && e.subjectId === "Send new applications to");
    expect(entry?.after).toBe("membership@example.org");
  });
});

describe("receipts", () => {
  it("a settled card payment sends one receipt, even when the return page and the webhook both settle; the member and accountants open its page, others get 404", async () => {
    const start = await post("/mem-account", {}, ids.renewer);
    expect(start.status).toBe(303);
    const sessionId = start.headers.get("Location")!.split("/").pop()!;
    const [transaction] = await db((d) => d1Transactions(d).listByUser(ids.renewer));
    stripe.complete(sessionId);
    const session = stripe.sessions.get(sessionId)!;
    const successPath = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId)).pathname + `?session_id=${sessionId}`;
    const event = stripe.signedEvent("checkout.session.completed", session);
    const hook = () =>
      fetch(`${server.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
        body: event.payload,
      });
    // Both at once, then each again.
    await Promise.all([get(successPath, ids.renewer), hook()]);
    await Promise.all([get(successPath, ids.renewer), hook()]);

    const receipts = (await outbox()).filter((e) => e.purpose === "receipt" && e.to.includes("renewer@example.com"));
    expect(receipts).toHaveLength(1);
    const text = receipts[0]!.text;
    for (const part of [
      "Membership Renewal",
      "Amount: £10.00",
      "Method: Card",
      `Reference: ${sessionId}`,
      `Transaction: ${transaction!.id}`,
      "Manchester Mosaic Association",
    ]) {
      expect(text).toContain(part);
    }

    const path = `/account/receipts/${transaction!.id}`;
    const own = await get(path, ids.renewer);
    expect(own.status).toBe(200);
    const page = parseHtml(await own.text());
    expect(page.text("#receipt-title")).toBe(`Receipt for Membership Renewal ${currentYear()}`);
    expect(page.text(".receipt-rows")).toContain("£10.00");
    expect(page.text(".receipt-from")).toContain("Manchester M1 1AA");
    expect((await get(path, treasurer.id)).status).toBe(200);
    expect((await get(path, demoAccount("member").id)).status).toBe(404);
    expect((await get(path)).status).toBe(302);

    // My Account links the paid transaction to its receipt.
    const account = parseHtml(await (await get("/mem-account", ids.renewer)).text());
    expect(account.all("a.transaction-receipt").map((a) => a.attribs.href)).toContain(path);
  });

  it("an offline payment the treasurer records (ADR 0054) sends its receipt too, with its method and reference", async () => {
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    const recorded = await post(
      `/accounts/record-payment/${ids.bankPayer}`,
      { kind: "renewal", method: "bank", reference: "BACS 77", paidOn: today, amount: "10.00" },
      treasurer.id,
    );
    expect(recorded.status).toBe(302);
    const receipts = (await outbox()).filter((e) => e.purpose === "receipt" && e.to.includes("bank-payer@example.com"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Method: Bank transfer");
    expect(receipts[0]!.text).toContain("Reference: BACS 77");
    const [transaction] = await db((d) => d1Transactions(d).listByUser(ids.bankPayer));
    const page = parseHtml(await (await get(`/account/receipts/${transaction!.id}`, ids.bankPayer)).text());
    expect(page.text(".receipt-rows")).toContain("Bank transfer");
    expect(page.text(".receipt-rows")).toContain("BACS 77");
  });

  it("a transaction not paid has no receipt page (404)", async () => {
    const [pending] = await db(async (d) => (await d1Transactions(d).listPending()).rows);
    if (pending) expect((await get(`/account/receipts/${pending.id}`, pending.userId)).status).toBe(404);
    expect((await get("/account/receipts/ffffffffffffffffffffffff", ids.renewer)).status).toBe(404);
  });
});
