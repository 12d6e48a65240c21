import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Membership } from "~/kernel/store/records";
import { d1Members } from "~/kernel/store/d1/members.server";
import { demoSettings } from "../../../../seed/demo-content";
import { openServerPlatform } from "../../../support/server-d1";
import { startFakeStripe, type FakeStripe } from "../../../support/fake-stripe";
import { client } from "../../../support/client";
import { newMember } from "../../../support/fixtures";
import { parseHtml, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * After freeSubscriptionAfterMonth the approval e-mail once asked for the registration fee
 * plus the first-year subscription (£20, Family £40) while the payment page and the
 * checkout charged the registration fee only (£10, Family £20); docs/requirements.md §4.3
 * asks for one amount everywhere. Here the seeded settings make every month "after" it
 * (freeSubscriptionAfterMonth 0), the accountant sends the payment link, and the amount in
 * the e-mail (HTML and text), the payment page's Total and the fake Stripe session's
 * amount_total must be one amount.
 */

let stripe: FakeStripe;
let server: SeededServer;
const applicants: Record<Membership, ReturnType<typeof newMember>> = {
  Single: newMember({ fullName: "Late Single Applicant", membership: "Single", lastRenewedYear: null }),
  Family: newMember({
    fullName: "Late Family Applicant",
    membership: "Family",
    spouse: { title: "Mrs", name: "Late Family Spouse", email: "late.spouse@example.com", mobile: "07700900456" },
    lastRenewedYear: null,
  }),
};
const ids = {} as Record<Membership, string>;
const fees = demoSettings(new Date().getUTCFullYear()).membership;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startSeededServer({
    vars: stripe.vars,
    prepare: async (db) => {
      // Every month is after month 0: "now" is always in the free-subscription part of the year.
      await db.prepare("UPDATE singletons SET data = json_set(data, '$.membership.freeSubscriptionAfterMonth', 0) WHERE name = 'general'").run();
      const members = d1Members(db);
      for (const membership of ["Single", "Family"] as const) ids[membership] = (await members.register(applicants[membership])).id;
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

const treasurer = demoAccount("treasurer");

/** The last "£20.00" in a text → 2000 pence ("… (£40.00 in all)" is the whole amount asked for). */
function pence(text: string): number {
  const match = [...text.matchAll(/£(\d+)\.(\d\d)/g)].at(-1);
  expect(match, `an amount in "${text}"`).toBeDefined();
  return Number(match![1]) * 100 + Number(match![2]);
}

async function sendLink(memberId: string) {
  const response = await client(server)
    .as(treasurer)
    .post("/accounts", { do: `send-link:${memberId}` });
  expect(response.status).toBe(302);
}

/** The payment-link e-mail the outbox holds for this address (no provider here: kept as "stored"). */
async function sentEmail(email: string): Promise<{ html: string; text: string }> {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    const row = await db
      .prepare("SELECT html, text FROM outbox WHERE purpose = 'payment-link' AND recipients = ? ORDER BY created_at DESC LIMIT 1")
      .bind(JSON.stringify([email]))
      .first<{ html: string; text: string }>();
    expect(row, `a payment-link e-mail to ${email}`).not.toBeNull();
    return row!;
  } finally {
    await dispose();
  }
}

describe("after freeSubscriptionAfterMonth, the e-mail, the payment page and the checkout state one amount", () => {
  for (const [membership, expected] of [
    ["Single", fees.singleRegFee],
    ["Family", fees.familyRegFee],
  ] as const) {
    it(`${membership}: the e-mail's total = the page's Total = the checkout's amount_total = the registration fee only`, async () => {
      await sendLink(ids[membership]);
      const email = await sentEmail(applicants[membership].email);

      // What the e-mail asks the applicant to pay: the paragraph that says "please pay ...".
      const mail = parseHtml(email.html);
      const ask = mail
        .all("p")
        .map(textOf)
        .find((p) => p.includes("please pay"));
      expect(ask, "the e-mail says what to pay").toBeTruthy();
      const mailTotal = pence(ask!);

      // The payment page the e-mail's link opens: its Total row.
      const href = mail
        .all("a")
        .map((a) => a.attribs.href ?? "")
        .find((h) => h.includes("/payment-reg-fee/"));
      expect(href, "the e-mail links the payment page").toBeTruthy();
      const path = new URL(href!).pathname;
      const pageResponse = await fetch(`${server.url}${path}`);
      expect(pageResponse.status).toBe(200);
      const page = parseHtml(await pageResponse.text());
      const pageTotal = pence(page.text(".fee-table tfoot td"));

      // PAY: the checkout session on the (fake) Stripe.
      const pay = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(pay.status).toBe(303);
      const sessionId = pay.headers.get("Location")!.split("/").pop()!;
      const session = stripe.sessions.get(sessionId)!;

      expect({ email: mailTotal, page: pageTotal, checkout: session.amount_total }).toEqual({ email: expected, page: expected, checkout: expected });

      // The lines agree too: the e-mail (HTML and plain text) lists what the page's table shows.
      const amount = `£${(expected / 100).toFixed(2)}`;
      expect(mail.all(".fee-line").map(textOf)).toEqual([`Registration: ${amount}`, "1 Year subscription: £0.00"]);
      expect(mail.text(".fee-total")).toBe(`Total: ${amount}`);
      expect(email.text).toContain(`please pay the registration fee of ${amount} within 14 days`);
      expect(email.text).toMatch(new RegExp(`Registration: ${amount}\\n+1 Year subscription: £0\\.00\\n+Total: ${amount}`));
      expect(email.text).not.toContain("plus the first-year subscription");
      const cells = page.all(".fee-table tbody td").map(textOf);
      expect(page.all(".fee-table tbody th").map((th, i) => `${textOf(th)} ${cells[i]}`)).toEqual([`Registration ${amount}`, "1 Year subscription £0.00"]);
      expect(stripe.lineItems(sessionId).map((item) => item.price)).toEqual([membership === "Family" ? fees.familyOnlyRegProduct : fees.singleOnlyRegProduct]);
    });
  }
});
