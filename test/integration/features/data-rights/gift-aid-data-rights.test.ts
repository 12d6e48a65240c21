import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyData } from "~/features/data-rights/my-data";
import { ERASED_VALUE, erasedName } from "~/features/data-rights/erasure";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { ukIsoDay } from "~/kernel/store/received-day";
import { client } from "../../../support/client";
import { parseHtml, textOf } from "../../../support/html";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";
import { newMember, newTransaction } from "../../../support/fixtures";

/**
 * Gift Aid and members' data rights (docs/requirements.md §8, §14, docs/privacy.md): "Download my
 * data" has the declarations and donations (the member's copy and the accountant's, JSON and
 * HTML); erasure keeps the declarations and claimed payments, replacing a declaration's name and
 * address with the pseudonym only once out of HMRC's six years (at once when nothing was claimed).
 */
let server: SeededServer;
const ids = { claimed: "", unclaimed: "", claimedPayment: "" };
const CLAIMED = { fullName: "Clara Claimedname", address: "4 Keepsake Row", postcode: "WA1 1QQ" };
const UNCLAIMED = { fullName: "Una Neverclaimed", address: "8 Forgotten Way", postcode: "WA2 2QQ" };
const MESSAGE = "For the school's new books";

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const store = createD1Store(db);
      const now = Math.floor(Date.now() / 1000);
      const today = ukIsoDay(now);
      const add = async (person: typeof CLAIMED) => {
        const member = await store.members.register(newMember({ ...person, title: "Mrs", active: true, registrationPaid: true }));
        const declaration = await store.giftAidDeclarations.create(
          {
            personId: member.id,
            personKind: "member",
            origin: "my-account",
            wordingVersion: "hmrc-model-2026-11",
            title: "Mrs",
            fullName: person.fullName,
            address: `${person.address}\nWarrington`,
            postcode: person.postcode,
            givenOn: "2025-01-01",
            createdBy: member.id,
          },
          now,
        );
        const payment = await store.transactions.create(
          newTransaction(member.id, { title: "Donation", paymentType: "donation", unitAmount: 2500, memberName: person.fullName, memberEmail: member.email }),
        );
        await store.transactions.settle(payment.id, "success", now);
        await store.donations.create(
          {
            transactionId: payment.id,
            personId: member.id,
            personKind: "member",
            amount: 2500,
            message: MESSAGE,
            giftAid: true,
            declarationId: declaration.id,
          },
          now,
        );
        return { member: member.id, payment: payment.id, declaration };
      };
      const claimed = await add(CLAIMED);
      const unclaimed = await add(UNCLAIMED);
      // Clara's donation was claimed today: HMRC may check it for six years after this tax year.
      const claim = await store.giftAidClaims.create(
        { periodFrom: today, periodTo: today, total: 2500, giftAid: 625, createdBy: demoAccount("treasurer").id },
        [
          {
            transactionId: claimed.payment,
            personId: claimed.member,
            declarationId: claimed.declaration.id,
            title: "Mrs",
            firstName: "Clara",
            lastName: "Claimedname",
            house: "4",
            postcode: CLAIMED.postcode,
            paidOn: today,
            amount: 2500,
          },
        ],
        now,
      );
      expect(claim.kind).toBe("created");
      Object.assign(ids, { claimed: claimed.member, unclaimed: unclaimed.member, claimedPayment: claimed.payment });
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const treasurer = async () => client(server, { cookie: await sessionCookieFor(demoAccount("treasurer").id) });
const declarationsOf = (memberId: string) => withServerD1(server.persistTo, (db) => createD1Store(db).giftAidDeclarations.listByPerson(memberId));

describe("Download my data: Gift Aid declarations and donations", () => {
  it("the member's own JSON and the accountant's have her declarations and donations", async () => {
    const own = JSON.parse(await (await client(server, { cookie: await sessionCookieFor(ids.unclaimed) }).get("/account/data.json")).text()) as MyData;
    expect(own.giftAidDeclarations).toHaveLength(1);
    expect(own.giftAidDeclarations[0]).toMatchObject({
      fullName: UNCLAIMED.fullName,
      postcode: UNCLAIMED.postcode,
      origin: "my-account",
      givenOn: "2025-01-01",
    });
    expect(own.donations).toHaveLength(1);
    expect(own.donations[0]).toMatchObject({ amount: 2500, message: MESSAGE, giftAid: true });
    const accountants = JSON.parse(await (await (await treasurer()).get(`/accounts/members/${ids.unclaimed}/data.json`)).text()) as MyData;
    expect(accountants.giftAidDeclarations.map((d) => d.id)).toEqual(own.giftAidDeclarations.map((d) => d.id));
    expect(accountants.donations.map((d) => d.transactionId)).toEqual(own.donations.map((d) => d.transactionId));
  });

  it("the page and the HTML file show them under their own headings, for her and for the accountant", async () => {
    const member = client(server, { cookie: await sessionCookieFor(ids.unclaimed) });
    for (const html of [
      await (await member.get("/account/data")).text(),
      await (await member.get("/account/data.html")).text(),
      await (await (await treasurer()).get(`/accounts/members/${ids.unclaimed}/data.html`)).text(),
    ]) {
      const page = parseHtml(html);
      const headings = page.all("h2").map(textOf);
      expect(headings).toContain("Gift Aid declarations (1)");
      expect(headings).toContain("Donations (1)");
      expect(page.text(".my-data-declarations")).toContain(
        `Given on 01-01-2025, on My Account: Mrs ${UNCLAIMED.fullName}, ${UNCLAIMED.address}, Warrington, ${UNCLAIMED.postcode}`,
      );
      expect(page.text(".my-data-donations")).toContain("£25.00, Gift Aid declared");
      expect(page.text(".my-data-donations")).toContain(MESSAGE);
    }
  });
});

describe("Erasure and Gift Aid declarations", () => {
  it("never claimed: the declaration stays, its name and address replaced by the pseudonym at once", async () => {
    const erased = await (await treasurer()).post(`/accounts/members/${ids.unclaimed}/erase`, {});
    expect(erased.status).toBe(302);
    const [declaration, ...others] = await declarationsOf(ids.unclaimed);
    expect(others).toEqual([]);
    expect(declaration!.fullName).toBe(erasedName(ids.unclaimed));
    expect(declaration!.pseudonymisedAt).not.toBeNull();
    const kept = JSON.stringify(declaration);
    for (const trace of [UNCLAIMED.fullName, UNCLAIMED.address, UNCLAIMED.postcode]) expect(kept).not.toContain(trace);
    // Its facts stay: when and how it was given, and the wording.
    expect(declaration).toMatchObject({ givenOn: "2025-01-01", origin: "my-account", wordingVersion: "hmrc-model-2026-11" });
  });

  it("the messages typed with the erased member's donations are erased; the donations stay for the accounts", async () => {
    const donations = await withServerD1(server.persistTo, (db) => createD1Store(db).donations.listByPerson(ids.unclaimed));
    expect(donations).toHaveLength(1);
    expect(donations[0]).toMatchObject({ amount: 2500, giftAid: true, message: ERASED_VALUE });
    expect(JSON.stringify(donations)).not.toContain(MESSAGE);
  });

  it("claimed within HMRC's six years: the declaration keeps its name and address, and the claimed payment stays", async () => {
    const erased = await (await treasurer()).post(`/accounts/members/${ids.claimed}/erase`, {});
    expect(erased.status).toBe(302);
    const [declaration] = await declarationsOf(ids.claimed);
    expect(declaration).toMatchObject({ fullName: CLAIMED.fullName, postcode: CLAIMED.postcode, pseudonymisedAt: null });
    const claimed = await withServerD1(server.persistTo, (db) => createD1Store(db).giftAidClaims.claimedOf([ids.claimedPayment]));
    expect(claimed[ids.claimedPayment]).toMatchObject({ personId: ids.claimed, amount: 2500 });
  });

  it("the erase page says what happens to the declarations", async () => {
    const page = parseHtml(await (await (await treasurer()).get(`/accounts/members/${demoAccount("single").id}/erase`)).text());
    expect(page.text("main")).toContain("Their Gift Aid declarations and the payments claimed on them");
  });
});
