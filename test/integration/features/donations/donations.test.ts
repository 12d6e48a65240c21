import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../support/client";
import { parseCsv } from "../../../support/csv";
import { DomUtils, formMessage, parseHtml, textOf } from "../../../support/html";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { newMember } from "../../../support/fixtures";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { DONATION_MESSAGES as M } from "~/features/donations/donation-form";
import { DECLARATION_WORDING_VERSION, declarationWording } from "~/features/gift-aid/declaration-wording";
import { GIFT_AID_DECLARED, GIFT_AID_NOT_DECLARED } from "~/features/payments/emails/ReceiptEmail";
import { PAYMENT_START_RATE_RULES } from "~/kernel/http/rate-limits";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { d1Donations } from "~/kernel/store/d1/donations.server";
import { d1Donors } from "~/kernel/store/d1/donors.server";
import { d1GiftAidDeclarations } from "~/kernel/store/d1/gift-aid-declarations.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import { ukIsoDay } from "~/kernel/store/received-day";
import type { Transaction } from "~/kernel/store/records";

/**
 * Donations (docs/requirements.md §14, ADR 74) over HTTP, through the real `stripe` SDK inside the
 * worker against the fake Stripe: /donate's form and its messages, the one-off price, the same
 * verified settlement (return page and webhook, once), the receipt and the activity entry with the
 * person's id, the declarations (made for a visitor, reused for a member), the start limits, the
 * report with its CSV and Excel, and the refund every payment has.
 */

let stripe: FakeStripe;
let server: SeededServer;
const treasurer = demoAccount("treasurer").id;
const ids = { giver: "", fresh: "" };

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      const members = d1Members(db);
      ids.giver = (
        await members.register(newMember({ fullName: "Gina Giver", title: "Mrs", address: "7 Elm Road", city: "Leeds", postcode: "LS1 4AP", active: true }))
      ).id;
      ids.fresh = (
        await members.register(newMember({ fullName: "Fred Fresh", title: "Mr", address: "9 Oak Lane", city: "York", postcode: "YO1 7HH", active: true }))
      ).id;
      // Gina gave a declaration last year; Fred never did.
      await d1GiftAidDeclarations(db).create(
        {
          personId: ids.giver,
          personKind: "member",
          origin: "my-account",
          wordingVersion: DECLARATION_WORDING_VERSION,
          title: "Mrs",
          fullName: "Gina Giver",
          address: "7 Elm Road\nLeeds",
          postcode: "LS1 4AP",
          givenOn: "2025-01-01",
          createdBy: ids.giver,
        },
        nowSeconds(),
      );
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const db = <T>(use: (db: D1Database) => Promise<T>): Promise<T> => withServerD1(server.persistTo, use);
const get = (path: string, userId?: string) => client(server).as(userId).get(path);
const post = (path: string, fields: Record<string, string>, userId?: string, ip = "203.0.113.9") => client(server, { ip }).as(userId).post(path, fields);

const visitorForm = {
  amount: "2500",
  otherAmount: "",
  message: "For the Onam stage",
  fullName: "Vera Visitor",
  email: "Vera.Visitor@example.org",
  giftAid: "on",
  title: "Ms",
  address: "  12 Station Road\n\nFlat 3 ",
  postcode: "m3 3pa",
};

/** The checkout a 303 points at: its session, its transaction, and the return path Stripe will send the giver to. */
async function checkout(response: Response): Promise<{ sessionId: string; transaction: Transaction; thanks: string }> {
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location.startsWith(`${stripe.url}/pay/`)).toBe(true);
  const sessionId = location.split("/").pop()!;
  const session = stripe.sessions.get(sessionId)!;
  const transaction = (await db((d) => d1Transactions(d).getById(session.metadata.transactionId!)))!;
  expect(session.client_reference_id).toBe(`${transaction.userId}--${transaction.id}`);
  expect(session.cancel_url).toBe(`${server.url}/donate/cancelled/${transaction.id}`);
  const back = new URL(session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId));
  expect(back.pathname).toBe(`/donate/thanks/${transaction.id}`);
  return { sessionId, transaction, thanks: `${back.pathname}${back.search}` };
}

const sendWebhook = (event: { payload: string; header: string }) =>
  fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    headers: { "Stripe-Signature": event.header, "Content-Type": "application/json" },
    body: event.payload,
  });

const receipts = (personId: string) =>
  db(
    async (d) =>
      (
        await d
          .prepare("SELECT text, member_id, recipients FROM outbox WHERE purpose = 'receipt' AND member_id = ?")
          .bind(personId)
          .all<{ text: string; member_id: string; recipients: string }>()
      ).results,
  );

describe("the /donate page", () => {
  it("shows the editor's words, the four amounts, another amount, and the Gift Aid box with HMRC's model wording", async () => {
    const response = await get("/donate");
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    expect(page.text(".donate-intro")).toContain("Every gift helps us keep the Malayalam school");
    expect(page.all('input[name="amount"]').map((input) => input.attribs.value)).toEqual(["500", "1000", "2500", "5000", "other"]);
    expect(page.all(".donate-preset").map(textOf)).toEqual(["£5", "£10", "£25", "£50", "Another amount"]);
    expect(page.all(".donate-wording p").map(textOf)).toEqual(declarationWording());
    expect(page.one('input[name="giftAid"]')?.attribs.type).toBe("checkbox");
    for (const name of ["fullName", "email", "title", "address", "postcode", "message", "otherAmount"]) expect(page.one(`[name="${name}"]`), name).toBeTruthy();
    // Linked from the menu and the footer.
    expect(page.all('nav[aria-label="Footer"] a[href="/donate"]')).toHaveLength(1);
    expect(page.all('header a[href="/donate"]').length).toBeGreaterThanOrEqual(1);
  });

  it("fills in a signed-in member's details, or says their declaration in force covers the gift", async () => {
    const fresh = parseHtml(await (await get("/donate", ids.fresh)).text());
    expect(fresh.one('[name="email"]')).toBeNull();
    expect(fresh.one('input[name="fullName"]')?.attribs.value).toBe("Fred Fresh");
    expect(DomUtils.textContent(fresh.one('textarea[name="address"]')!)).toBe("9 Oak Lane\nYork");
    expect(fresh.one('input[name="postcode"]')?.attribs.value).toBe("YO1 7HH");
    expect(fresh.one('select[name="title"] option[selected]')?.attribs.value).toBe("Mr");

    const giver = parseHtml(await (await get("/donate", ids.giver)).text());
    expect(giver.text(".donate-declaration")).toContain("your Gift Aid declaration of 01-01-2025 (Gina Giver, LS1 4AP) covers this gift");
    expect(giver.one('[name="address"]')).toBeNull();
  });

  it("refuses bad amounts and a bad postcode with 400 and a message at each field; nothing is started", async () => {
    const before = stripe.sessions.size;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ amount: "other", otherAmount: "0.50" }, "otherAmount", M.otherRange],
      [{ amount: "other", otherAmount: "1000.01" }, "otherAmount", M.otherRange],
      [{ amount: "other", otherAmount: "12.345" }, "otherAmount", M.otherAmount],
      [{ amount: "" }, "amount", M.amount],
      [{ amount: "99999" }, "amount", M.amount],
      [{ postcode: "ZZ1" }, "postcode", M.postcodeFormat],
      [{ email: "not an address" }, "email", M.emailFormat],
      [{ message: "x".repeat(501) }, "message", M.message],
      [{ title: "King" }, "title", M.title],
    ];
    for (const [change, field, message] of cases) {
      const answer = await post("/donate", { ...visitorForm, ...change });
      expect(answer.status, field).toBe(400);
      const page = parseHtml(await answer.text());
      const errorId = field === "amount" ? "donate-amount-error" : `donate-${field}-error`;
      expect(page.text(`#${errorId}`), field).toBe(message);
    }
    expect(stripe.sessions.size).toBe(before);
  });
});

describe("a visitor's £25 donation with Gift Aid", () => {
  let paid: { sessionId: string; transaction: Transaction; thanks: string };

  it("becomes a donor, a declaration (origin donation), a pending donation transaction and a one-off £25.00 Checkout price", async () => {
    paid = await checkout(await post("/donate", visitorForm));
    const { transaction, sessionId } = paid;
    expect(transaction).toMatchObject({
      paymentType: "donation",
      title: "Donation",
      unitAmount: 2500,
      qty: 1,
      membershipType: "Single",
      status: "pending",
      memberName: "Vera Visitor",
      memberEmail: "vera.visitor@example.org",
    });
    expect(stripe.lineItems(sessionId)).toEqual([{ price: expect.stringMatching(/^price_data:Donation to /), quantity: 1, amount_total: 2500 }]);
    const sent = stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && (r.params.metadata as Record<string, string>)?.transactionId === transaction.id,
    )!;
    expect((sent.params.line_items as Array<Record<string, Record<string, string>>>)[0]!.price_data).toMatchObject({ currency: "gbp", unit_amount: "2500" });

    const donor = await db((d) => d1Donors(d).get(transaction.userId));
    expect(donor).toMatchObject({ email: "vera.visitor@example.org", fullName: "Vera Visitor" });
    const donation = await db((d) => d1Donations(d).get(transaction.id));
    expect(donation).toMatchObject({ personId: donor!.id, personKind: "donor", amount: 2500, message: "For the Onam stage", giftAid: true });
    const [declaration, ...more] = await db((d) => d1GiftAidDeclarations(d).listByPerson(donor!.id));
    expect(more).toEqual([]);
    expect(declaration).toMatchObject({
      id: donation!.declarationId,
      personKind: "donor",
      origin: "donation",
      wordingVersion: DECLARATION_WORDING_VERSION,
      title: "Ms",
      fullName: "Vera Visitor",
      address: "12 Station Road\nFlat 3",
      postcode: "M3 3PA",
      givenOn: ukIsoDay(nowSeconds()),
    });
  });

  it("settles once, by the return page and the webhook, with the amount checked; one receipt and one activity entry, both with the donor's id", async () => {
    const early = await get(paid.thanks);
    expect(early.headers.get("X-Settlement")).toBe("not-paid");

    stripe.complete(paid.sessionId);
    const thanks = await get(paid.thanks);
    expect(thanks.headers.get("X-Settlement")).toBe("settled");
    const page = parseHtml(await thanks.text());
    expect(page.text("h1")).toBe("Thank you for your donation");
    expect(page.text(".payment-result p")).toContain("We received your donation of £25.00.");
    expect(page.text(".donation-gift-aid")).toContain("You declared Gift Aid");

    const event = stripe.signedEvent("checkout.session.completed", stripe.sessions.get(paid.sessionId)!);
    expect(await (await sendWebhook(event)).json()).toMatchObject({ result: "already-settled" });
    expect((await get(paid.thanks)).headers.get("X-Settlement")).toBe("already-settled");
    expect((await db((d) => d1Transactions(d).getById(paid.transaction.id)))!.status).toBe("success");

    const mails = await receipts(paid.transaction.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipients).toContain("vera.visitor@example.org");
    expect(mails[0]!.text).toContain("Thank you for your donation of £25.00");
    expect(mails[0]!.text).toContain(GIFT_AID_DECLARED);

    // Found by the person's id, as the member page and erasure find a person's entries.
    const log = await db((d) => d1Activity(d).listAbout(paid.transaction.userId, 10));
    const entries = log.filter((entry) => entry.kind === "donation-received" && entry.subjectId === paid.transaction.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      memberId: paid.transaction.userId,
      actorId: paid.transaction.userId,
      summary: "Vera Visitor gave a donation of £25.00 (with Gift Aid).",
    });
  });

  it("a webhook first settles it too (another visitor, without Gift Aid), and the return page finds it settled", async () => {
    const other = await checkout(
      await post(
        "/donate",
        { amount: "other", otherAmount: "7.50", fullName: "Walt Webhook", email: "walt@example.org", message: "" },
        undefined,
        "203.0.113.10",
      ),
    );
    stripe.complete(other.sessionId);
    expect(await (await sendWebhook(stripe.signedEvent("checkout.session.completed", stripe.sessions.get(other.sessionId)!))).json()).toMatchObject({
      result: "settled",
    });
    expect((await get(other.thanks)).headers.get("X-Settlement")).toBe("already-settled");
    const donation = await db((d) => d1Donations(d).get(other.transaction.id));
    expect(donation).toMatchObject({ amount: 750, giftAid: false, declarationId: null });
    const mails = await receipts(other.transaction.userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(GIFT_AID_NOT_DECLARED);
  });

  it("a session of another amount never settles a donation (amount checked)", async () => {
    const started = await checkout(await post("/donate", { ...visitorForm, fullName: "Amy Amount", email: "amy@example.org" }, undefined, "203.0.113.11"));
    // Someone alters the session's total at the provider: the settlement compares it with the transaction.
    const session = stripe.sessions.get(started.sessionId)! as { amount_total: number };
    session.amount_total = 100;
    stripe.complete(started.sessionId);
    expect((await get(started.thanks)).headers.get("X-Settlement")).toBe("mismatch");
    expect((await db((d) => d1Transactions(d).getById(started.transaction.id)))!.status).toBe("pending");
  });

  it("the cancel page fails an unpaid one, and an unknown donation is 404", async () => {
    const started = await checkout(
      await post("/donate", { ...visitorForm, giftAid: "", fullName: "Carl Cancel", email: "carl@example.org" }, undefined, "203.0.113.12"),
    );
    const cancelled = await get(`/donate/cancelled/${started.transaction.id}`);
    expect(cancelled.status).toBe(200);
    expect(parseHtml(await cancelled.text()).text(".payment-result p")).toBe("Your donation was not taken: nothing was charged.");
    expect((await db((d) => d1Transactions(d).getById(started.transaction.id)))!.status).toBe("failed");
    expect((await get("/donate/thanks/ffffffffffffffffffffffff")).status).toBe(404);
    expect((await get("/donate/cancelled/ffffffffffffffffffffffff")).status).toBe(404);
  });
});

describe("a member's donation", () => {
  it("reuses the declaration in force rather than making another, and is the member's", async () => {
    const before = await db((d) => d1GiftAidDeclarations(d).listByPerson(ids.giver));
    const started = await checkout(await post("/donate", { amount: "1000", giftAid: "on", message: "" }, ids.giver, "203.0.113.20"));
    expect(started.transaction).toMatchObject({ userId: ids.giver, paymentType: "donation", unitAmount: 1000 });
    const donation = await db((d) => d1Donations(d).get(started.transaction.id));
    expect(donation).toMatchObject({ personId: ids.giver, personKind: "member", giftAid: true, declarationId: before[0]!.id });
    expect(await db((d) => d1GiftAidDeclarations(d).listByPerson(ids.giver))).toHaveLength(before.length);
    stripe.complete(started.sessionId);
    expect((await get(started.thanks)).headers.get("X-Settlement")).toBe("settled");
    // A donation changes no member.
    const member = await db((d) => d1Members(d).getById(ids.giver));
    expect(member).toMatchObject({ active: true, fullName: "Gina Giver" });
  });

  it("a member without one gives it on the form (origin donation), from the details filled in", async () => {
    const started = await checkout(
      await post(
        "/donate",
        { amount: "500", giftAid: "on", title: "Mr", fullName: "Fred Fresh", address: "9 Oak Lane\nYork", postcode: "yo17hh" },
        ids.fresh,
        "203.0.113.21",
      ),
    );
    const [declaration] = await db((d) => d1GiftAidDeclarations(d).listByPerson(ids.fresh));
    expect(declaration).toMatchObject({ personKind: "member", origin: "donation", postcode: "YO1 7HH", address: "9 Oak Lane\nYork", createdBy: ids.fresh });
    expect(await db((d) => d1Donations(d).get(started.transaction.id))).toMatchObject({ declarationId: declaration!.id });
  });
});

describe("the payment-start limits", () => {
  it(`a visitor's address is refused after ${PAYMENT_START_RATE_RULES.ip.limit} starts an hour, with 429, Retry-After and the form kept`, async () => {
    const ip = "198.51.100.77";
    const form = { amount: "500", fullName: "Rita Repeat", email: "rita@example.org" };
    const answers: Response[] = [];
    for (let i = 0; i < PAYMENT_START_RATE_RULES.ip.limit; i++) answers.push(await post("/donate", form, undefined, ip));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    const refused = await post("/donate", form, undefined, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await refused.text();
    const page = parseHtml(html);
    expect(formMessage(html)).toContain(M.limited);
    expect(page.one('input[name="fullName"]')?.attribs.value).toBe("Rita Repeat");
    // Another address is heard.
    expect((await post("/donate", form, undefined, "198.51.100.78")).status).toBe(303);
  });
});

describe("the donations report", () => {
  it("is for accountants only", async () => {
    expect((await get("/accounts/donations")).headers.get("Location")).toMatch(/^\/login/);
    expect((await get("/accounts/donations", ids.giver)).headers.get("Location")).toBe("/mem-account");
    expect((await get("/accounts/donations.csv", ids.giver)).headers.get("Location")).toBe("/mem-account");
  });

  it("lists the period's paid donations with Gift Aid and refunds, links each to its refund, and the CSV and Excel hold the same rows", async () => {
    const today = ukIsoDay(nowSeconds());
    const page = parseHtml(await (await get(`/accounts/donations?from=${today}&to=${today}`, treasurer)).text());
    const rows = page.all("table tbody tr");
    const names = page.all("table tbody th").map(textOf);
    expect(names).toEqual(expect.arrayContaining(["Vera Visitor", "Walt Webhook", "Gina Giver"]));
    expect(names).not.toContain("Carl Cancel");
    expect(names).not.toContain("Amy Amount");
    expect(rows.length).toBe(names.length);
    expect(page.one('a[href^="/accounts/transactions/"][href$="/refund"]')).toBeTruthy();

    const csv = await get(`/accounts/donations.csv?from=${today}&to=${today}`, treasurer);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const [header, ...records] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(header).toEqual(["Date", "Name", "E-mail", "Giver", "Amount (£)", "Gift Aid", "Message", "Refunded (£)", "Transaction"]);
    const vera = records.find((r) => r[1] === "Vera Visitor")!;
    expect(vera.slice(2, 8)).toEqual(["vera.visitor@example.org", "Visitor", "25.00", "Yes", "For the Onam stage", "0.00"]);
    expect(records.find((r) => r[1] === "Walt Webhook")!.slice(4, 6)).toEqual(["7.50", "No"]);
    expect(records).toHaveLength(names.length);

    const xlsx = await get(`/accounts/donations.xlsx?from=${today}&to=${today}`, treasurer);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    const shared = strFromU8(files["xl/sharedStrings.xml"] ?? new Uint8Array());
    expect(`${sheet}${shared}`).toContain("Vera Visitor");
    expect(`${sheet}${shared}`).toContain("For the Onam stage");
    expect((sheet.match(/<row /g) ?? []).length).toBe(names.length + 1);
    expect(sheet).toMatch(/<v>25<\/v>/);

    // Another period has none: the empty state.
    const empty = parseHtml(await (await get("/accounts/donations?from=2001-01-01&to=2001-12-31", treasurer)).text());
    expect(empty.all("table tbody tr")).toHaveLength(0);
    expect(textOf(empty.all("main p"))).toContain("No donations were received in this period.");
  });

  it("a donation is refunded like any payment, and the report shows it", async () => {
    const today = ukIsoDay(nowSeconds());
    const [vera] = (await db((d) => d1Transactions(d).listReceived({ types: ["donation"], from: today, to: today }))).filter(
      (t) => t.memberName === "Vera Visitor",
    );
    const refundPath = `/accounts/transactions/${vera!.id}/refund`;
    const opened = await get(refundPath, treasurer);
    expect(opened.status).toBe(200);
    const refundPage = parseHtml(await opened.text());
    const form = { refundId: refundPage.one('input[name="refundId"]')!.attribs.value!, amount: "25.00", reason: "Given twice by mistake" };
    expect(refundPage.one('[name="membership"]')).toBeNull();
    const asked = await post(refundPath, form, treasurer);
    expect(asked.status).toBe(200);
    const done = await post(refundPath, { ...form, confirmed: "1" }, treasurer);
    expect(done.status).toBe(302);
    expect(stripe.refunds.filter((r) => r.metadata.transactionId === vera!.id).map((r) => r.amount)).toEqual([2500]);

    const csv = parseCsv((await (await get(`/accounts/donations.csv?from=${today}&to=${today}`, treasurer)).text()).replace(/^\uFEFF/, ""));
    expect(csv.find((r) => r[1] === "Vera Visitor")![7]).toBe("25.00");
    const page = parseHtml(await (await get(`/accounts/donations?from=${today}&to=${today}`, treasurer)).text());
    expect(page.text("table")).toContain("Yes, £25.00");
  });
});
