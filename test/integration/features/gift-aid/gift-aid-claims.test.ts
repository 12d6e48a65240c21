import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewRefund } from "~/features/payments";
import { d1Activity } from "~/kernel/store/d1/activity.server";
import { d1GiftAidClaims } from "~/kernel/store/d1/gift-aid-claims.server";
import { d1GiftAidDeclarations } from "~/kernel/store/d1/gift-aid-declarations.server";
import { d1GiftAidSettings } from "~/kernel/store/d1/gift-aid-settings.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { d1Refunds } from "~/kernel/store/d1/refunds.server";
import { d1Transactions } from "~/kernel/store/d1/transactions.server";
import { nowSeconds } from "~/kernel/store/ids";
import type { PaymentType } from "~/kernel/store/records";
import { DECLARATION_WORDING_VERSION } from "~/features/gift-aid/declaration-wording";
import { CLAIM_MESSAGES, PERIOD_MESSAGES } from "~/features/gift-aid/screens/screens";
import { client, withDb } from "../../../support/book-ticket";
import { newMember, newTransaction } from "../../../support/fixtures";
import { parseHtml, textOf, within, type ParsedPage } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";

/**
 * The accountants' Gift Aid screens (docs/requirements.md §14, ADR 74) over HTTP on a private
 * server: accountants only; a claim for a period lists what can be claimed (never a ticket, a
 * payment refunded in full, or one without a declaration; a partial refund reduces it),
 * problems first with a Fix link that corrects the declaration; "Mark as claimed" asks first,
 * records one claim however often it is posted, and empties the period; a payment refunded
 * after claiming is flagged; a claim without HMRC's reference can be reopened, which frees its
 * payments; the settings are saved. The payments are in the 2024–25 tax year, which the
 * seeded demo (this year's payments) does not touch.
 */

let server: SeededServer;
const { get, post } = client(() => server.url);
const treasurer = demoAccount("treasurer").id;
const PERIOD = { from: "2024-04-06", to: "2025-04-05" };
const CLAIM_PAGE = `/accounts/gift-aid?from=${PERIOD.from}&to=${PERIOD.to}`;

/** Each person: a member with a declaration from 1 January 2024 (but Hal), and one payment. */
const PEOPLE = {
  alice: { name: "Alice Able", type: "donation", amount: 2500, paidOn: "2024-06-01", postcode: "M1 1AA" },
  bob: { name: "Bob Baker", type: "renew", amount: 1000, paidOn: "2024-07-01", postcode: "M1 1AA" },
  carol: { name: "Carol Cook", type: "donation", amount: 2000, paidOn: "2024-08-01", postcode: "M1 1AA" },
  dan: { name: "Dan Dyer", type: "donation", amount: 2500, paidOn: "2024-09-01", postcode: "M1 1AA" },
  erin: { name: "Erin Evans", type: "ticket", amount: 2900, paidOn: "2024-10-01", postcode: "M1 1AA" },
  fay: { name: "Fay Fisher", type: "donation", amount: 1500, paidOn: "2024-11-01", postcode: "NOT A CODE" },
  gus: { name: "Gus Grant", type: "donation", amount: 4000, paidOn: "2024-12-01", postcode: "M1 1AA" },
  hal: { name: "Hal Hughes", type: "donation", amount: 5000, paidOn: "2025-01-01", postcode: "M1 1AA" },
} satisfies Record<string, { name: string; type: PaymentType; amount: number; paidOn: string; postcode: string }>;
type Person = keyof typeof PEOPLE;
const member = {} as Record<Person, string>;
const payment = {} as Record<Person, string>;
const declaration = {} as Record<Person, string>;

function refund(transactionId: string, userId: string, amount: number): NewRefund {
  return {
    id: `rf${transactionId.slice(2)}`,
    transactionId,
    userId,
    paymentType: "donation",
    year: 2024,
    amount,
    reason: "Asked for it back",
    by: "Test",
    at: nowSeconds(),
    method: "record",
    providerRefundId: null,
    status: "succeeded",
    ticketId: null,
    event: null,
    people: 0,
  };
}

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      for (const person of Object.keys(PEOPLE) as Person[]) {
        const { name, type, amount, paidOn, postcode } = PEOPLE[person];
        const registered = await d1Members(db).register(newMember({ fullName: name, active: true, registrationPaid: true, postcode }));
        member[person] = registered.id;
        const transaction = await d1Transactions(db).create(
          newTransaction(registered.id, { paymentType: type, unitAmount: amount, title: type, memberName: name, year: 2024, paidOn }),
        );
        await d1Transactions(db).settle(transaction.id, "success", nowSeconds());
        payment[person] = transaction.id;
        if (person === "hal") continue;
        const given = await d1GiftAidDeclarations(db).create(
          {
            personId: registered.id,
            personKind: "member",
            origin: "paper",
            wordingVersion: DECLARATION_WORDING_VERSION,
            title: "Mr",
            fullName: name,
            address: "12 High Street\nManchester",
            postcode,
            givenOn: "2024-01-01",
            createdBy: treasurer,
          },
          nowSeconds(),
        );
        declaration[person] = given.id;
      }
      // Carol's payment is refunded in full (left out); Dan's £10 of £25 (claimed on £15).
      await d1Refunds(db).create(refund(payment.carol, member.carol, 2000), 2000);
      await d1Refunds(db).create(refund(payment.dan, member.dan, 1000), 2500);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

async function page(path: string, status = 200): Promise<ParsedPage> {
  const response = await get(path, treasurer);
  expect(response.status).toBe(status);
  return parseHtml(await response.text());
}
/** The transactions listed as ready to claim, and those listed as problems. */
const claimable = (html: ParsedPage) => html.all(".gift-aid-rows tbody tr").map((row) => row.attribs["data-transaction"]);
const problems = (html: ParsedPage) => html.all(".gift-aid-problems > li").map((row) => row.attribs["data-transaction"]);
const claims = () => withDb(server, (db) => d1GiftAidClaims(db).list());

describe("the Gift Aid screens are for accountants only", () => {
  const paths = [
    "/accounts/gift-aid",
    "/accounts/gift-aid/settings",
    `/accounts/gift-aid/schedule.ods?from=${PERIOD.from}&to=${PERIOD.to}`,
    `/accounts/gift-aid/schedule.xlsx?from=${PERIOD.from}&to=${PERIOD.to}`,
    "/accounts/gift-aid/declarations/ffffffffffffffffffffffff",
    "/accounts/gift-aid/claims/ffffffffffffffffffffffff",
  ];
  const homes = { member: "/mem-account", editor: "/studio", steward: "/scan-qr-code" } as const;

  it("a visitor is sent to sign in; a member, an editor and a steward to their own home, reading or posting", async () => {
    for (const path of paths) expect((await get(path)).headers.get("Location")).toMatch(/^\/login/);
    for (const [role, home] of Object.entries(homes)) {
      const id = demoAccount(role as keyof typeof homes).id;
      for (const path of paths) expect((await get(path, id)).headers.get("Location"), `${role} ${path}`).toBe(home);
      expect((await post(CLAIM_PAGE, { ...PERIOD, confirmed: "1" }, id)).headers.get("Location")).toBe(home);
      expect((await post("/accounts/gift-aid/settings", { renew: "on" }, id)).headers.get("Location")).toBe(home);
    }
    expect(await claims()).toEqual([]);
    expect((await withDb(server, (db) => d1GiftAidSettings(db).get())).eligibleKinds).toEqual(["donation"]);
  });
});

describe("the settings", () => {
  it("offer donations alone at first, with the help on subscriptions and tickets", async () => {
    const html = await page("/accounts/gift-aid/settings");
    expect(html.one("#gift-aid-donation")?.attribs.checked).toBeDefined();
    expect(html.one("#gift-aid-renew")?.attribs.checked).toBeUndefined();
    expect(html.one("#gift-aid-registration")?.attribs.checked).toBeUndefined();
    expect(html.text("#gift-aid-renew-hint")).toContain("buys membership and nothing more");
    expect(html.text(".gift-aid-settings")).toContain("Ticket payments never qualify");
  });

  it("refuse a reference that is not one (400), then save the kinds, the reference and the name", async () => {
    const bad = await post("/accounts/gift-aid/settings", { renew: "on", donation: "on", charityReference: "AB-12 345" }, treasurer);
    expect(bad.status).toBe(400);
    expect(parseHtml(await bad.text()).text("#gift-aid-charityReference-error")).toContain("letters and numbers");

    const saved = await post(
      "/accounts/gift-aid/settings",
      { renew: "on", donation: "on", ticket: "on", charityReference: "ab12345", charityName: "Test Association" },
      treasurer,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/accounts/gift-aid/settings");
    const settings = await withDb(server, (db) => d1GiftAidSettings(db).get());
    expect(settings).toMatchObject({
      eligibleKinds: ["renew", "donation"],
      charityReference: "AB12345",
      charityName: "Test Association",
      updatedBy: treasurer,
    });
    const html = await page("/accounts/gift-aid/settings");
    expect(html.one("#gift-aid-renew")?.attribs.checked).toBeDefined();
    expect(html.one("#gift-aid-charityReference")?.attribs.value).toBe("AB12345");
    const logged = await withDb(server, (db) => d1Activity(db).list({ page: 0, pageSize: 10 }));
    expect(logged.rows.map((entry) => entry.kind)).toContain("gift-aid-settings-changed");
  });
});

describe("a claim for a period", () => {
  it("refuses a period that ends before it starts, or is longer than four years (400, with the message)", async () => {
    const backwards = await page("/accounts/gift-aid?from=2025-04-05&to=2024-04-06", 400);
    expect(backwards.text("#period-to-error")).toBe(PERIOD_MESSAGES.order);
    expect(backwards.all(".gift-aid-rows")).toHaveLength(0);
    const long = await page("/accounts/gift-aid?from=2019-04-06&to=2025-04-05", 400);
    expect(long.text("#period-to-error")).toBe(PERIOD_MESSAGES.tooLong);
    expect((await get("/accounts/gift-aid/schedule.ods?from=2025-04-05&to=2024-04-06", treasurer)).status).toBe(400);
  });

  it("opens on the tax year running today", async () => {
    const html = await page("/accounts/gift-aid");
    const from = html.one("#period-from")?.attribs.value ?? "";
    expect(from).toMatch(/^\d{4}-04-06$/);
    expect(html.one("#period-to")?.attribs.value).toBe(`${Number(from.slice(0, 4)) + 1}-04-05`);
  });

  it("lists what can be claimed: never a ticket, a payment refunded in full, or one without a declaration; a partial refund reduces it", async () => {
    const html = await page(CLAIM_PAGE);
    const listed = claimable(html);
    expect(listed).toEqual(expect.arrayContaining([payment.alice, payment.bob, payment.dan, payment.gus]));
    for (const left of [payment.carol, payment.erin, payment.hal, payment.fay]) expect(listed).not.toContain(left);
    const dan = html.one(`.gift-aid-rows tr[data-transaction="${payment.dan}"]`)!;
    expect(within(dan).text('[data-label="Amount"]')).toBe("£15.00");
    expect(within(dan).text('[data-label="Postcode"]')).toBe("M1 1AA");
    expect(within(dan).text('[data-label="Date"]')).toBe("01-09-2024");
    expect(html.text(".gift-aid-due")).toMatch(/^£\d+\.\d{2}$/);
  });

  it("lists a problem first, with its Fix link; the correction puts the payment on the claim", async () => {
    const html = await page(CLAIM_PAGE);
    expect(problems(html)).toEqual([payment.fay]);
    const item = html.one(`.gift-aid-problems > li[data-transaction="${payment.fay}"]`)!;
    expect(within(item).all("ul li").length).toBeGreaterThan(0);
    const fix = within(item).one("a.gift-aid-fix")?.attribs.href ?? "";
    expect(fix).toBe(`/accounts/gift-aid/declarations/${declaration.fay}?from=${PERIOD.from}&to=${PERIOD.to}`);

    const form = await page(fix);
    expect(form.one("#declaration-postcode")?.attribs.value).toBe("NOT A CODE");
    const refused = await post(fix, { title: "Mrs", fullName: "", address: "12 High Street", postcode: "NOT A CODE" }, treasurer);
    expect(refused.status).toBe(400);
    const messages = parseHtml(await refused.text());
    expect(messages.text("#declaration-fullName-error")).toBe("Enter the full name.");
    expect(messages.text("#declaration-postcode-error")).toBe("Enter a UK postcode, like SW1A 1AA.");

    const saved = await post(fix, { title: "Mrs", fullName: "Fay Fisher", address: "12 High Street\nManchester", postcode: "m1 1aa" }, treasurer);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(CLAIM_PAGE);
    const corrected = await withDb(server, (db) => d1GiftAidDeclarations(db).get(declaration.fay));
    expect(corrected).toMatchObject({ title: "Mrs", postcode: "M1 1AA", correctedBy: treasurer, givenOn: "2024-01-01", origin: "paper" });
    const after = await page(CLAIM_PAGE);
    expect(problems(after)).toEqual([]);
    expect(claimable(after)).toContain(payment.fay);
  });

  it("downloads the schedule as .ods and .xlsx", async () => {
    const ods = await get(`/accounts/gift-aid/schedule.ods?from=${PERIOD.from}&to=${PERIOD.to}`, treasurer);
    expect(ods.status).toBe(200);
    expect(ods.headers.get("Content-Type")).toBe("application/vnd.oasis.opendocument.spreadsheet");
    expect(ods.headers.get("Content-Disposition")).toContain(`gift-aid-schedule-${PERIOD.from}-to-${PERIOD.to}.ods`);
    const odsBytes = new Uint8Array(await ods.arrayBuffer());
    expect([...odsBytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const xlsx = await get(`/accounts/gift-aid/schedule.xlsx?from=${PERIOD.from}&to=${PERIOD.to}`, treasurer);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect([...new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)]).toEqual([0x50, 0x4b]);
  });
});

describe("marking a claim as claimed", () => {
  let claimId = "";

  it("asks first, with the count and the total; nothing is recorded yet", async () => {
    const html = await page(CLAIM_PAGE);
    const count = html.text(".gift-aid-count");
    const total = html.text(".gift-aid-total");
    const asked = await post(CLAIM_PAGE, { ...PERIOD, hmrcReference: "" }, treasurer);
    expect(asked.status).toBe(200);
    const confirm = parseHtml(await asked.text());
    expect(confirm.text("#gift-aid-confirm-title")).toBe("Please confirm");
    expect(confirm.text(".confirm-step p")).toContain(`Mark ${count} payments, ${total}`);
    expect(await claims()).toEqual([]);
  });

  it("records one claim however often Yes is posted, and the same period is then empty", async () => {
    const asked = parseHtml(await (await post(CLAIM_PAGE, { ...PERIOD, hmrcReference: "" }, treasurer)).text());
    const fields = Object.fromEntries(asked.all(".confirm-step form input[type=hidden]").map((input) => [input.attribs.name, input.attribs.value ?? ""]));
    expect(fields.confirmed).toBe("1");
    const answers = await Promise.all([1, 2, 3].map(() => post(CLAIM_PAGE, fields, treasurer)));
    for (const answer of answers) expect(answer.status).toBe(302);
    expect(answers.map((answer) => answer.headers.get("Location"))).toEqual([CLAIM_PAGE, CLAIM_PAGE, CLAIM_PAGE]);
    const recorded = await claims();
    expect(recorded).toHaveLength(1);
    claimId = recorded[0]!.id;
    expect(recorded[0]).toMatchObject({ periodFrom: PERIOD.from, periodTo: PERIOD.to, status: "claimed", createdBy: treasurer, hmrcReference: null });
    const items = await withDb(server, (db) => d1GiftAidClaims(db).items(claimId));
    expect(items.map((item) => item.transactionId)).toEqual(expect.arrayContaining([payment.alice, payment.bob, payment.dan, payment.fay, payment.gus]));
    expect(items.find((item) => item.transactionId === payment.dan)?.amount).toBe(1500);

    const after = await page(CLAIM_PAGE);
    expect(claimable(after)).toEqual([]);
    expect(after.text(".gift-aid-empty")).toContain("nothing to claim");
    expect(after.all(`.gift-aid-history tr[data-claim="${claimId}"]`)).toHaveLength(1);
    const again = await post(CLAIM_PAGE, { ...PERIOD, hmrcReference: "" }, treasurer);
    expect(again.status).toBe(400);
    expect(parseHtml(await again.text()).text(".form-error")).toContain(CLAIM_MESSAGES.nothing);
    const logged = await withDb(server, (db) => d1Activity(db).list({ page: 0, pageSize: 10 }));
    expect(logged.rows.filter((entry) => entry.kind === "gift-aid-claimed")).toHaveLength(1);
  });

  it("downloads the claim's schedule as it was claimed", async () => {
    const ods = await get(`/accounts/gift-aid/claims/${claimId}/schedule.ods`, treasurer);
    expect(ods.status).toBe(200);
    expect(ods.headers.get("Content-Disposition")).toContain(".ods");
    expect((await get(`/accounts/gift-aid/claims/${claimId}/schedule.xlsx`, treasurer)).status).toBe(200);
  });

  it("flags a payment refunded after it was claimed: adjust the next claim", async () => {
    await withDb(server, (db) => d1Refunds(db).create(refund(payment.gus, member.gus, 4000), 4000));
    const html = await page(CLAIM_PAGE);
    expect(html.text("#gift-aid-flags-title")).toBe("Refunded after claiming: adjust the next claim");
    const flagged = html.all(".gift-aid-refunded li").map((row) => row.attribs["data-transaction"]);
    expect(flagged).toEqual([payment.gus]);
    expect(textOf(html.one(".gift-aid-refunded li")!)).toContain("refunded £40.00");
  });

  it("reopens, with a reason and asked first, only while it has no reference; reopened, its payments are offered again", async () => {
    const path = `/accounts/gift-aid/claims/${claimId}`;
    const noReason = await post(path, { intent: "reopen", reason: " " }, treasurer);
    expect(noReason.status).toBe(400);
    expect(parseHtml(await noReason.text()).text("#claim-reason-error")).toBe("Say why the claim is reopened.");
    const asked = await post(path, { intent: "reopen", reason: "HMRC rejected the file" }, treasurer);
    expect(asked.status).toBe(200);
    expect(parseHtml(await asked.text()).text("#gift-aid-reopen-confirm-title")).toBe("Please confirm");
    expect((await claims())[0]?.status).toBe("claimed");

    const reopened = await post(path, { intent: "reopen", reason: "HMRC rejected the file", confirmed: "1" }, treasurer);
    expect(reopened.status).toBe(302);
    expect((await claims())[0]).toMatchObject({ status: "reopened", reopenReason: "HMRC rejected the file", reopenedBy: treasurer });
    const freed = claimable(await page(CLAIM_PAGE));
    expect(freed).toEqual(expect.arrayContaining([payment.alice, payment.bob, payment.dan, payment.fay]));
    expect(freed).not.toContain(payment.gus);
  });

  it("a claim with HMRC's reference cannot be reopened", async () => {
    const asked = parseHtml(await (await post(CLAIM_PAGE, { ...PERIOD, hmrcReference: "" }, treasurer)).text());
    const fields = Object.fromEntries(asked.all(".confirm-step form input[type=hidden]").map((input) => [input.attribs.name, input.attribs.value ?? ""]));
    expect((await post(CLAIM_PAGE, fields, treasurer)).status).toBe(302);
    const second = (await claims()).find((claim) => claim.status === "claimed")!;
    const path = `/accounts/gift-aid/claims/${second.id}`;
    expect((await post(path, { intent: "reference", hmrcReference: "" }, treasurer)).status).toBe(400);
    const referenced = await post(path, { intent: "reference", hmrcReference: "CH-2025/001" }, treasurer);
    expect(referenced.status).toBe(302);
    expect((await withDb(server, (db) => d1GiftAidClaims(db).get(second.id)))?.hmrcReference).toBe("CH-2025/001");
    const html = await page(path);
    expect(html.text(".gift-aid-reference")).toBe("CH-2025/001");
    expect(html.all("#gift-aid-reopen-title")).toHaveLength(0);
    const refused = await post(path, { intent: "reopen", reason: "Too late", confirmed: "1" }, treasurer);
    expect(refused.status).toBe(400);
    expect(parseHtml(await refused.text()).text(".form-error")).toContain(CLAIM_MESSAGES.reopenLocked);
    expect((await withDb(server, (db) => d1GiftAidClaims(db).get(second.id)))?.status).toBe("claimed");
  });
});
