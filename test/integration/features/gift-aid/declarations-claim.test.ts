import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClaim } from "~/features/gift-aid/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { newMember, newTransaction } from "../../../support/fixtures";

/**
 * A member who cancels their declaration on My Account is not claimed for payments after the
 * cancellation (docs/requirements.md §14, HMRC Chapter 3): the day of the cancellation is still
 * covered, the days after it are not, until they give a declaration again. The cancellation and
 * the new declaration are made over HTTP; the claim is built by buildClaim over the server's D1
 * (a D1 site: its payments are in D1).
 */
const DAY = 86_400;
const now = Date.now() / 1000;
const days = { before: ukIsoDay(now - 3 * DAY), today: ukIsoDay(now), after: ukIsoDay(now + 2 * DAY) };
let server: SeededServer;
const ids = { member: "", before: "", today: "", after: "" };

beforeAll(async () => {
  server = await startSeededServer({
    store: "d1",
    prepare: async (db) => {
      const store = createD1Store(db);
      const member = await store.members.register(
        newMember({ fullName: "Carys Canceller", title: "Mrs", address: "21 Bridge Street", postcode: "M3 3BW", active: true, registrationPaid: true }),
      );
      ids.member = member.id;
      await store.giftAidDeclarations.create(
        {
          personId: member.id,
          personKind: "member",
          origin: "sign-up",
          wordingVersion: "sign-up-2019",
          title: "Mrs",
          fullName: "Carys Canceller",
          address: "21 Bridge Street\nManchester",
          postcode: "M3 3BW",
          givenOn: "2024-05-01",
          createdBy: member.id,
        },
        1_714_500_000,
      );
      // Donations received three days ago, today and in two days (as an accountant records a payment's day).
      for (const key of ["before", "today", "after"] as const) {
        const payment = await store.transactions.create(
          newTransaction(member.id, { title: "Donation", paymentType: "donation", unitAmount: 1000, paidOn: days[key], memberName: member.fullName }),
        );
        await store.transactions.settle(payment.id, "success", Math.floor(now));
        ids[key] = payment.id;
      }
      await store.giftAidSettings.save(
        { eligibleKinds: ["donation"], charityReference: "AB12345", charityName: "Test Association" },
        demoAccount("treasurer").id,
        now,
      );
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

/** The claim for the three days, as the treasurer would build it once they are past. */
const claimed = () =>
  withServerD1(server.persistTo, async (db) => {
    const view = await buildClaim({ store: createD1Store(db) } as unknown as AppLoadContext, { from: days.before, to: days.after }, days.after);
    return view.rows.filter((row) => row.personId === ids.member).map((row) => row.transactionId);
  });

describe("Cancelling a declaration and Gift Aid claims", () => {
  it("before the cancellation, every payment of the member is claimed", async () => {
    expect((await claimed()).sort()).toEqual([ids.before, ids.today, ids.after].sort());
  });

  it("a member who cancels their declaration is not claimed for payments after the cancellation", async () => {
    const member = client(server, { cookie: await sessionCookieFor(ids.member) });
    const response = await member.post("/account/gift-aid", { intent: "cancel", confirmed: "1" });
    expect(response.status).toBe(302);
    const rows = await claimed();
    // Up to and including the day of the cancellation: covered. After it: not.
    expect(rows.sort()).toEqual([ids.before, ids.today].sort());
    expect(rows).not.toContain(ids.after);
  });

  it("giving a declaration again covers the payments from that day on", async () => {
    const member = client(server, { cookie: await sessionCookieFor(ids.member) });
    const response = await member.post("/account/gift-aid", { intent: "give", declare: "on" });
    expect(response.status).toBe(302);
    expect((await claimed()).sort()).toEqual([ids.before, ids.today, ids.after].sort());
  });
});
