import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASED_VALUE, erasedName } from "~/features/data-rights/erasure";
import type { MyData } from "~/features/data-rights/my-data";
import { ukToday } from "~/features/tickets/ticket-rules";
import { nowSeconds } from "~/kernel/store/ids";
import { parseHtml } from "../../../support/html";
import { getAs, postFormAs } from "../../../support/requests";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount } from "../../../support/session";
import { formFields, withChanges } from "../../../support/studio-form";

/**
 * Erasure leaves nothing of the member behind (docs/privacy.md, "Erasure"), on a server of
 * its own: the demo's Sara Thomas pays a renewal by bank transfer, has her registration
 * refunded with a reason, has her e-mail and address corrected by the accountant, and is
 * erased, all over HTTP, on D1 and on a Cockpit site. Then every row of every table of the server's D1 (the outbox is
 * one), and on the Cockpit site every entry of the fake Cockpit, is searched for every value
 * she ever had. What the accounts keep of her is ids, amounts, dates and types: none of
 * them is one of her values, and the test checks they are still there.
 */

const sara = demoAccount("single");
const treasurer = demoAccount("treasurer").id;
const NEW_EMAIL = "sara.moved@example.net";
const NEW_ADDRESS = "9 Secret Lane";
const REFUND_REASON = "Sara is moving abroad in the spring";
const BANK_REFERENCE = "THOMAS TRANSFER 4471";

/** Every value she ever had (seed/demo-members.ts, and what this test types), as searched for: case-insensitively. */
const HERS = {
  name: "Sara Thomas",
  oldEmail: sara.email,
  newEmail: NEW_EMAIL,
  oldAddress: "7 Oxford Road",
  newAddress: NEW_ADDRESS,
  postcode: "M1 7ED",
  mobile: "07700900003",
  refundReason: REFUND_REASON,
  bankReference: BANK_REFERENCE,
};
/*
 * Not searched, because they are not hers alone: her city and county ("Manchester", "Greater
 * Manchester") are every demo member's, and her title ("Miss") is a word of other records.
 * Erasure clears them from her record all the same (features/data-rights/erasure.ts erasurePatch).
 *
 * What the accounts keep (ERASURE_KEEPS), checked below to still be there: her id, member
 * number and membership type; each payment's id, amount, type, year, method and dates; the
 * refund's id, amount, date and method. None of these is one of her values above.
 */
const ALLOWED_LEFTOVERS: ReadonlyArray<keyof typeof HERS> = [];

/**
 * On a Cockpit site these tables of the server's D1 are only the seed the fake Cockpit was
 * filled from (test/support/cockpit-mode.ts cockpitDataFromD1): the site keeps them in
 * Cockpit, which is searched instead, and never reads or writes these copies.
 */
// The members search index (ADR 63) follows D1's members table: on a Cockpit site, the seed's copy.
const COCKPIT_SEED_COPIES = [
  "members",
  "members_search",
  "members_search_data",
  "members_search_idx",
  "members_search_content",
  "members_search_docsize",
  "members_search_config",
  "transactions",
  "tickets",
  "ticket_attendees",
  "activity",
];

/**
 * A blob's bytes as text, so a word kept inside one is found too: the members search's
 * index keeps its words in blocks (ADR 63), and an erased name must not stay there.
 */
function bytesAsText(_key: string, value: unknown): unknown {
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("latin1");
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("latin1");
  if (Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 256))
    return Buffer.from(value as number[]).toString("latin1");
  return value;
}

for (const kind of ["d1", "cockpit"] as const) {
  describe(`erasure (${kind})`, () => {
    let server: SeededServer;
    beforeAll(async () => {
      server = await startSeededServer({ store: kind });
    });
    afterAll(async () => {
      await server?.stop();
    });

    let ip = 0;
    const post = (path: string, fields: Record<string, string>, userId?: string) => postFormAs(server, path, fields, { userId, ip: `198.51.100.${++ip}` });
    const get = (path: string, userId?: string) => getAs(server, path, userId);

    /** Every row of every table of the server's D1 (the outbox included), as "table: row" JSON lines. */
    async function everyD1Row(): Promise<string[]> {
      const skipped = new Set(server.cockpit ? COCKPIT_SEED_COPIES : []);
      return withServerD1(server.persistTo, async (db) => {
        const tables = await db
          // D1's own tables (_cf_*) cannot be read by a worker, and SQLite's hold no data of ours.
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
          .all<{ name: string }>();
        const lines: string[] = [];
        expect(tables.results.map((table) => table.name)).toEqual(expect.arrayContaining(["members", "outbox", "activity", "refunds", "transactions"]));
        for (const { name } of tables.results.filter((table) => !skipped.has(table.name))) {
          const rows = await db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all<Record<string, unknown>>();
          for (const row of rows.results) lines.push(`${name}: ${JSON.stringify(row, bytesAsText)}`);
        }
        return lines;
      });
    }

    /** On a Cockpit site, every entry of the fake Cockpit's collections, singletons and forms too. */
    function everyCockpitEntry(): string[] {
      if (!server.cockpit) return [];
      const { collections, singletons, forms } = server.cockpit.data;
      return [
        ...Object.entries(collections).flatMap(([name, entries]) => entries.map((entry) => `cockpit ${name}: ${JSON.stringify(entry)}`)),
        ...Object.entries(singletons).map(([name, value]) => `cockpit singleton ${name}: ${JSON.stringify(value)}`),
        ...Object.entries(forms).flatMap(([name, entries]) => entries.map((entry) => `cockpit form ${name}: ${JSON.stringify(entry)}`)),
      ];
    }

    /** Which of her values are found where: `{ value: ["table: row", ...] }`, only for values found. */
    async function whereHerValuesAre(): Promise<Partial<Record<keyof typeof HERS, string[]>>> {
      const lines = [...(await everyD1Row()), ...everyCockpitEntry()];
      const found: Partial<Record<keyof typeof HERS, string[]>> = {};
      for (const [key, value] of Object.entries(HERS) as Array<[keyof typeof HERS, string]>) {
        const hits = lines.filter((line) => line.toLowerCase().includes(value.toLowerCase()));
        if (hits.length > 0) found[key] = hits;
      }
      return found;
    }

    /** The member's data as the accountant downloads it (it reads whichever store serves). */
    async function herData(): Promise<MyData> {
      const response = await get(`/accounts/members/${sara.id}/data.json`, treasurer);
      expect(response.status).toBe(200);
      return JSON.parse(await response.text()) as MyData;
    }

    describe("erasing a member who paid, was refunded and was corrected", () => {
      it("first: her renewal is recorded as a bank transfer with its reference", async () => {
        const response = await post(
          `/accounts/record-payment/${sara.id}`,
          { kind: "renewal", method: "bank", reference: BANK_REFERENCE, paidOn: ukToday(nowSeconds()), amount: "10.00" },
          treasurer,
        );
        expect(response.status).toBe(302);
        const renewal = (await herData()).transactions.find((t) => t.paymentType === "renew" && t.status === "success");
        expect(renewal).toMatchObject({ method: "bank", reference: BANK_REFERENCE, unitAmount: 1000 });
      });

      it("then her registration is refunded (recorded only), with a reason", async () => {
        const registration = (await herData()).transactions.find((t) => t.paymentType === "registration")!;
        expect(registration.unitAmount).toBe(2000);
        const path = `/accounts/transactions/${registration.id}/refund`;
        const page = parseHtml(await (await get(path, treasurer)).text());
        const refundId = page.one('input[name="refundId"]')?.attribs.value ?? "";
        expect(refundId).toMatch(/^[0-9a-f]{24}$/);
        const response = await post(path, { refundId, amount: "20.00", reason: REFUND_REASON, membership: "kept", confirmed: "1" }, treasurer);
        expect(response.status).toBe(302);
      });

      it("then the accountant corrects her e-mail and address", async () => {
        const path = `/accounts/members/${sara.id}/edit`;
        const fields = formFields(await (await get(path, treasurer)).text(), "form.member-edit-form");
        expect(Object.fromEntries(fields)).toMatchObject({ email: HERS.oldEmail, address: HERS.oldAddress });
        const response = await post(path, Object.fromEntries(withChanges(fields, { email: NEW_EMAIL, address: NEW_ADDRESS })), treasurer);
        expect(response.status).toBe(302);
      });

      it("before the erasure, every one of her values is found (so the search below looks in the right places)", async () => {
        const found = await whereHerValuesAre();
        expect(Object.keys(found).sort()).toEqual(Object.keys(HERS).sort());
        const log = parseHtml(await (await get("/accounts/activity", treasurer)).text()).text("main");
        expect(log).toContain(`paid by ${HERS.name}`);
        expect(log).toContain(NEW_ADDRESS);
      });

      it("after the erasure, none of her values is anywhere in D1 (the outbox and the log included) or Cockpit, and the accounts keep their ids and amounts", async () => {
        const before = await herData();
        const erased = await post(`/accounts/members/${sara.id}/erase`, {}, treasurer);
        expect(erased.status).toBe(302);
        expect(erased.headers.get("Location")).toBe("/accounts");

        const found = await whereHerValuesAre();
        const leaks = Object.fromEntries(Object.entries(found).filter(([key]) => !ALLOWED_LEFTOVERS.includes(key as keyof typeof HERS)));
        expect(leaks).toEqual({});

        // The log still says what was done, by the pseudonym, and shows the corrected fields' names but not their values.
        const log = parseHtml(await (await get("/accounts/activity", treasurer)).text()).text("main");
        const pseudonym = erasedName(sara.id);
        expect(log).toContain(`paid by ${pseudonym}`);
        expect(log).toContain(`{"E-mail":"${ERASED_VALUE}","Address":"${ERASED_VALUE}"}`);
        expect(log).toContain(`erased the personal data of ${pseudonym}.`);

        // What the accounts keep: the same payments (ids, amounts, types, methods, dates) and the refund.
        const after = await herData();
        const kept = (data: MyData) =>
          data.transactions.map((t) => ({
            id: t.id,
            unitAmount: t.unitAmount,
            paymentType: t.paymentType,
            status: t.status,
            method: t.method,
            settledAt: t.settledAt,
          }));
        expect(kept(after)).toEqual(kept(before));
        expect(after.transactions.every((t) => t.memberName === pseudonym)).toBe(true);
        const refunds = await withServerD1(server.persistTo, (db) =>
          db.prepare("SELECT amount, method, status, reason FROM refunds WHERE user_id = ?").bind(sara.id).all<Record<string, unknown>>(),
        );
        expect(refunds.results).toEqual([{ amount: 2000, method: "record", status: "succeeded", reason: ERASED_VALUE }]);
        const declarations = await withServerD1(server.persistTo, (db) =>
          db.prepare("SELECT origin, full_name, address, postcode FROM gift_aid_declarations WHERE person_id = ?").bind(sara.id).all<Record<string, unknown>>(),
        );
        // Her sign-up Gift Aid declaration stays, but none of her payments was ever claimed: nothing for HMRC
        // to check, so its name and address are the pseudonym at once (docs/privacy.md, ERASURE_KEEPS).
        expect(declarations.results).toEqual([{ origin: "sign-up", full_name: pseudonym, address: "", postcode: "" }]);
      });
    });
  });
}
