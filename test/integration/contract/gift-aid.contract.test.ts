import { describe, expect, it } from "vitest";
import type { NewGiftAidClaimItem, NewGiftAidDeclaration, PaymentType } from "~/kernel/store/records";
import { newMember, newTransaction } from "../../support/fixtures";
import { describeStore, QUICK_CLAIM_PAUSE_MS } from "../../support/store-adapters";

/**
 * Gift Aid and donations through the port (docs/requirements.md §14, ADR 74): declarations,
 * claims, settings, donors and donations are D1 on both stores; paid transactions are read by
 * their received day (ADR 64) on each. No payment is ever in two claims, whatever is posted;
 * a claim reopened frees its payments; a declaration is cancelled once; the sign-up backfill
 * runs again without adding anything.
 */
const AT = 1_790_000_000;

const declaration = (personId: string, over: Partial<NewGiftAidDeclaration> = {}): NewGiftAidDeclaration => ({
  personId,
  personKind: "member",
  origin: "my-account",
  wordingVersion: "hmrc-model-2024",
  title: "Ms",
  fullName: "Jo Bloggs",
  address: "12 High Street\nLeeds",
  postcode: "LS1 4AB",
  givenOn: "2026-04-06",
  createdBy: personId,
  ...over,
});

const item = (transactionId: string, over: Partial<NewGiftAidClaimItem> = {}): NewGiftAidClaimItem => ({
  transactionId,
  personId: "p-1",
  declarationId: "d-1",
  title: "Ms",
  firstName: "Jo",
  lastName: "Bloggs",
  house: "12",
  postcode: "LS1 4AB",
  paidOn: "2026-05-01",
  amount: 2500,
  ...over,
});

const claimOf = (createdBy = "accountant-1") => ({ periodFrom: "2026-04-06", periodTo: "2027-04-05", total: 5000, giftAid: 1250, createdBy });

describeStore("gift aid", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  describe("declarations", () => {
    it("records a declaration as given and lists a person's newest given first", async () => {
      const older = await t.store.giftAidDeclarations.create(declaration("m-1", { givenOn: "2025-01-10", origin: "sign-up" }), AT);
      const newer = await t.store.giftAidDeclarations.create(declaration("m-1", { givenOn: "2026-02-01" }), AT + 1);
      const other = await t.store.giftAidDeclarations.create(declaration("d-9", { personKind: "donor", origin: "donation", createdBy: "d-9" }), AT);
      expect(await t.store.giftAidDeclarations.get(older.id)).toEqual({
        ...declaration("m-1", { givenOn: "2025-01-10", origin: "sign-up" }),
        id: older.id,
        createdAt: AT,
        withdrawnOn: null,
        withdrawnAt: null,
        withdrawnBy: null,
        correctedAt: null,
        correctedBy: null,
        pseudonymisedAt: null,
      });
      expect(await t.store.giftAidDeclarations.get("ffffffffffffffffffffffff")).toBeNull();
      expect((await t.store.giftAidDeclarations.listByPerson("m-1")).map((d) => d.id)).toEqual([newer.id, older.id]);
      const byPeople = await t.store.giftAidDeclarations.listByPeople(["m-1", "d-9", "nobody"]);
      expect(Object.keys(byPeople).sort()).toEqual(["d-9", "m-1"]);
      expect(byPeople["m-1"]!.map((d) => d.id)).toEqual([newer.id, older.id]);
      expect(byPeople["d-9"]).toEqual([other]);
      expect(await t.store.giftAidDeclarations.listByPeople([])).toEqual({});
    });

    it("is withdrawn once: a second cancellation changes nothing", async () => {
      const given = await t.store.giftAidDeclarations.create(declaration("m-2"), AT);
      expect(await t.store.giftAidDeclarations.withdraw(given.id, "2026-06-01", "m-2", AT + 10)).toBe(true);
      expect(await t.store.giftAidDeclarations.withdraw(given.id, "2026-07-01", "accountant-1", AT + 20)).toBe(false);
      expect(await t.store.giftAidDeclarations.get(given.id)).toMatchObject({ withdrawnOn: "2026-06-01", withdrawnAt: AT + 10, withdrawnBy: "m-2" });
    });

    it("takes an accountant's correction of the name and address, and a pseudonym once out of HMRC's window", async () => {
      const given = await t.store.giftAidDeclarations.create(declaration("m-3", { address: "High Street" }), AT);
      await t.store.giftAidDeclarations.correct(
        given.id,
        { title: "Dr", fullName: "Jo Bloggs-Smith", address: "12 High Street", postcode: "LS1 4AB" },
        "accountant-1",
        AT + 5,
      );
      expect(await t.store.giftAidDeclarations.get(given.id)).toMatchObject({
        title: "Dr",
        fullName: "Jo Bloggs-Smith",
        address: "12 High Street",
        correctedAt: AT + 5,
        correctedBy: "accountant-1",
        givenOn: "2026-04-06",
      });
      expect(await t.store.giftAidDeclarations.pseudonymise("m-3", { fullName: "Erased member 3" }, AT + 9)).toBe(1);
      expect(await t.store.giftAidDeclarations.pseudonymise("m-3", { fullName: "Erased member 3" }, AT + 10)).toBe(0);
      expect(await t.store.giftAidDeclarations.get(given.id)).toMatchObject({
        title: "",
        fullName: "Erased member 3",
        address: "",
        postcode: "",
        pseudonymisedAt: AT + 9,
      });
    });

    it("backfills members' sign-up consents once: a second run adds nothing", async () => {
      // 30 June 2024 23:30 UTC is 1 July in London.
      const members = [
        { id: "b-1", title: "Mr" as const, fullName: "Sam Summer", address: "3 Lane", postcode: "M1 1AA", createdAt: 1_719_790_200 },
        { id: "b-2", title: "Other" as const, fullName: "Win Ter", address: "4 Lane", postcode: "M1 1AB", createdAt: 1_705_361_400 },
      ];
      expect(await t.store.giftAidDeclarations.backfillSignUp(members)).toBe(2);
      expect(await t.store.giftAidDeclarations.backfillSignUp(members)).toBe(0);
      expect(await t.store.giftAidDeclarations.listByPerson("b-1")).toEqual([
        expect.objectContaining({
          origin: "sign-up",
          wordingVersion: "sign-up-2019",
          title: "Mr",
          givenOn: "2024-07-01",
          createdBy: "b-1",
          createdAt: 1_719_790_200,
        }),
      ]);
      expect(await t.store.giftAidDeclarations.listByPerson("b-2")).toEqual([expect.objectContaining({ title: "", givenOn: "2024-01-15" })]);
      expect(await t.store.giftAidDeclarations.backfillSignUp([])).toBe(0);
    });
  });

  describe("donors, donations and settings", () => {
    it("reads back a donor and a donation, alone and many at once", async () => {
      const donor = await t.store.donors.create({ email: "visitor@example.net", fullName: "Val Visitor" }, AT);
      expect(await t.store.donors.get(donor.id)).toEqual({
        id: donor.id,
        email: "visitor@example.net",
        fullName: "Val Visitor",
        createdAt: AT,
        pseudonymisedAt: null,
      });
      expect(await t.store.donors.getMany([donor.id, "nobody"])).toEqual({ [donor.id]: donor });
      const first = await t.store.donations.create(
        { transactionId: "tx-d1", personId: donor.id, personKind: "donor", amount: 2500, message: "For the school", giftAid: true, declarationId: "dec-1" },
        AT,
      );
      const second = await t.store.donations.create(
        { transactionId: "tx-d2", personId: donor.id, personKind: "donor", amount: 100, message: "", giftAid: false, declarationId: null },
        AT + 60,
      );
      expect(await t.store.donations.get("tx-d1")).toEqual(first);
      expect(await t.store.donations.get("tx-none")).toBeNull();
      expect(await t.store.donations.getMany(["tx-d1", "tx-d2", "tx-none"])).toEqual({ "tx-d1": first, "tx-d2": second });
      expect(await t.store.donations.listByPerson(donor.id)).toEqual([second, first]);
    });

    it("starts with donations only eligible, and saves the accountants' choice (never tickets)", async () => {
      expect(await t.store.giftAidSettings.get()).toEqual({
        eligibleKinds: ["donation"],
        charityReference: "",
        charityName: "",
        updatedAt: null,
        updatedBy: null,
      });
      await t.store.giftAidSettings.save(
        { eligibleKinds: ["donation", "renew"], charityReference: "AB12345", charityName: "Example Association" },
        "accountant-1",
        AT,
      );
      expect(await t.store.giftAidSettings.get()).toEqual({
        eligibleKinds: ["renew", "donation"],
        charityReference: "AB12345",
        charityName: "Example Association",
        updatedAt: AT,
        updatedBy: "accountant-1",
      });
    });
  });

  describe("claims", () => {
    it("records a claim with its payments, and refuses a second claim of any of them: nothing of it is written", async () => {
      const created = await t.store.giftAidClaims.create(claimOf(), [item("c1-a"), item("c1-b", { personId: "p-2" })], AT);
      expect(created.kind).toBe("created");
      const claim = created.kind === "created" ? created.claim : null;
      expect(claim).toMatchObject({
        payments: 2,
        total: 5000,
        giftAid: 1250,
        status: "claimed",
        hmrcReference: null,
        createdAt: AT,
        createdBy: "accountant-1",
      });
      expect(await t.store.giftAidClaims.get(claim!.id)).toEqual(claim);
      expect(await t.store.giftAidClaims.items(claim!.id)).toEqual([
        { ...item("c1-a"), claimId: claim!.id },
        { ...item("c1-b", { personId: "p-2" }), claimId: claim!.id },
      ]);

      const again = await t.store.giftAidClaims.create(claimOf("accountant-2"), [item("c1-new"), item("c1-b")], AT + 1);
      expect(again).toEqual({ kind: "already-claimed", transactionIds: ["c1-b"] });
      expect(await t.store.giftAidClaims.claimedOf(["c1-a", "c1-b", "c1-new"])).toEqual({
        "c1-a": { ...item("c1-a"), claimId: claim!.id },
        "c1-b": { ...item("c1-b", { personId: "p-2" }), claimId: claim!.id },
      });
      expect((await t.store.giftAidClaims.list()).map((c) => c.id)).toEqual([claim!.id]);
      expect((await t.store.giftAidClaims.listItemsOfPerson("p-2")).map((i) => i.transactionId)).toEqual(["c1-b"]);
    });

    it("two treasurers claiming the same payments at once: one claim stands", async () => {
      const items = Array.from({ length: 20 }, (_, i) => item(`c2-${String(i).padStart(2, "0")}`));
      const results = await Promise.all([0, 1, 2].map((i) => t.store.giftAidClaims.create(claimOf(`accountant-${i}`), items, AT + 100)));
      expect(results.filter((r) => r.kind === "created")).toHaveLength(1);
      for (const refused of results.filter((r) => r.kind === "already-claimed"))
        expect(refused).toEqual({ kind: "already-claimed", transactionIds: items.map((i) => i.transactionId) });
      const claimed = await t.store.giftAidClaims.claimedOf(items.map((i) => i.transactionId));
      expect(new Set(Object.values(claimed).map((i) => i.claimId)).size).toBe(1);
      expect(Object.keys(claimed)).toHaveLength(20);
    });

    it("reopens a claim without a reference, with its reason: its payments can be claimed again", async () => {
      const first = await t.store.giftAidClaims.create(claimOf(), [item("c3-a"), item("c3-b")], AT);
      const claim = first.kind === "created" ? first.claim : null;
      expect(await t.store.giftAidClaims.reopen(claim!.id, "Wrong period", "accountant-2", AT + 5)).toBe(true);
      expect(await t.store.giftAidClaims.reopen(claim!.id, "Again", "accountant-3", AT + 6)).toBe(false);
      expect(await t.store.giftAidClaims.get(claim!.id)).toMatchObject({
        status: "reopened",
        reopenedAt: AT + 5,
        reopenedBy: "accountant-2",
        reopenReason: "Wrong period",
      });
      expect(await t.store.giftAidClaims.items(claim!.id)).toEqual([]);
      expect(await t.store.giftAidClaims.claimedOf(["c3-a", "c3-b"])).toEqual({});
      // A reopened claim takes no reference.
      expect(await t.store.giftAidClaims.setReference(claim!.id, "HMRC-1")).toBe(false);
      const second = await t.store.giftAidClaims.create(claimOf(), [item("c3-a"), item("c3-b")], AT + 10);
      expect(second.kind).toBe("created");
    });

    it("lists claims newest first, those made in the same second in the order added", async () => {
      const ids: string[] = [];
      for (const name of ["c5-a", "c5-b", "c5-c"]) {
        const created = await t.store.giftAidClaims.create(claimOf(), [item(name)], AT + 500);
        ids.push(created.kind === "created" ? created.claim.id : "");
      }
      const listed = (await t.store.giftAidClaims.list()).map((c) => c.id);
      expect(listed.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
      expect(listed[0]).toBe(ids[2]);
    });

    it("takes HMRC's reference once; a claim with one can no longer be reopened", async () => {
      const created = await t.store.giftAidClaims.create(claimOf(), [item("c4-a")], AT);
      const claim = created.kind === "created" ? created.claim : null;
      expect(await t.store.giftAidClaims.setReference(claim!.id, "X12345")).toBe(true);
      expect(await t.store.giftAidClaims.setReference(claim!.id, "Y999")).toBe(false);
      expect(await t.store.giftAidClaims.reopen(claim!.id, "Too late", "accountant-2", AT + 5)).toBe(false);
      expect(await t.store.giftAidClaims.get(claim!.id)).toMatchObject({ status: "claimed", hmrcReference: "X12345", reopenedAt: null });
      expect(Object.keys(await t.store.giftAidClaims.claimedOf(["c4-a"]))).toEqual(["c4-a"]);
    });
  });

  describe("transactions", () => {
    it("keeps a donation as its own kind of payment", async () => {
      const member = await t.store.members.register(newMember());
      const created = await t.store.transactions.create(newTransaction(member.id, { paymentType: "donation", title: "Donation", unitAmount: 2500 }));
      expect(created.paymentType).toBe("donation");
      expect(await t.store.transactions.getById(created.id)).toMatchObject({ paymentType: "donation", unitAmount: 2500, status: "pending" });
      expect(await t.store.transactions.settlePaid(created.id, AT, null)).toBe(true);
      expect((await t.store.transactions.listByUser(member.id, "success")).map((x) => [x.id, x.paymentType])).toEqual([[created.id, "donation"]]);
    });

    it("lists paid payments of some kinds by the day their money was received, oldest first", async () => {
      const member = await t.store.members.register(newMember());
      const pay = async (paymentType: PaymentType, received: { paidOn?: string; at: number }, status: "success" | "failed" | "pending" = "success") => {
        const created = await t.store.transactions.create(newTransaction(member.id, { paymentType, year: 2030, paidOn: received.paidOn ?? null }));
        if (status !== "pending") await t.store.transactions.settle(created.id, status, received.at);
        return created.id;
      };
      // 1_901_312_400 is 1 April 2030 22:20 UTC: 23:20 on 1 April in London (summer time from 31 March).
      const renewalLate = await pay("renew", { at: 1_901_312_400 });
      // An offline payment counts on the day the accountant recorded it arriving.
      const donationOffline = await pay("donation", { paidOn: "2030-03-15", at: 1_901_312_400 });
      const registration = await pay("registration", { at: 1_900_000_000 });
      await pay("ticket", { at: 1_901_000_000 });
      await pay("donation", { at: 1_901_000_000 }, "failed");
      await pay("donation", { at: 1_901_000_000 }, "pending");
      // 31 March 2030 23:30 UTC is 1 April in London: outside a period ending on 31 March.
      const nextDay = await pay("donation", { at: 1_901_230_200 });

      const march = await t.store.transactions.listReceived({ types: ["renew", "donation", "registration"], from: "2030-03-01", to: "2030-03-31" });
      expect(march.map((x) => x.id)).toEqual([donationOffline, registration]);
      const april = await t.store.transactions.listReceived({ types: ["donation", "renew"], from: "2030-04-01", to: "2030-04-01" });
      expect(april.map((x) => x.id).sort()).toEqual([nextDay, renewalLate].sort());
      expect(april.every((x) => x.status === "success")).toBe(true);
      expect((await t.store.transactions.listReceived({ types: ["donation"], from: "2030-01-01", to: "2030-12-31" })).map((x) => x.id)).toEqual([
        donationOffline,
        nextDay,
      ]);
      expect(await t.store.transactions.listReceived({ types: [], from: "2030-01-01", to: "2030-12-31" })).toEqual([]);
    });
  });
});
