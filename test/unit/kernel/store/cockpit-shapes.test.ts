import { describe, expect, it } from "vitest";
import type { Member, Ticket, Transaction } from "~/kernel/store/records";
import { memberFromCockpit, memberPatchToCockpit, memberToCockpit } from "~/kernel/store/cockpit/shapes-members";
import { newTicketToCockpit, ticketFromCockpit, ticketToCockpit } from "~/kernel/store/cockpit/shapes-tickets";
import { newTransactionToCockpit, transactionFromCockpit, transactionToCockpit } from "~/kernel/store/cockpit/shapes-transactions";
import { LEGACY_USERLIST_ENTRY } from "../../../support/cockpit-legacy";
import { newMember, newTicket, newTransaction } from "../../../support/fixtures";

describe("userlist entries ⇄ members", () => {
  it("reads a legacy record: flattened children and spouse, the hash as stored, no member number", () => {
    const member = memberFromCockpit(LEGACY_USERLIST_ENTRY);
    expect(member).toEqual({
      id: "5f1e2d3c4b5a697887766554",
      memberNumber: null,
      email: "legacy.member@example.org",
      passwordHash: LEGACY_USERLIST_ENTRY.password,
      title: "Mrs",
      fullName: "Legacy Member",
      address: "2 Old Road",
      city: "Manchester",
      county: "Greater Manchester",
      postcode: "M2 2BB",
      mobile: "07700900456",
      membership: "Family",
      spouse: { title: "Mr", name: "Legacy Spouse", email: "spouse@example.org", mobile: "" },
      children: [
        { name: "First Child", birthYear: 2012 },
        { name: "Second Child", birthYear: 2016 },
      ],
      consents: { agreeTerms: true, giftAid: true, resident: false, payment: false, childPhoto: true, childPhotoShare: false },
      role: "member",
      active: true,
      registrationPaid: true,
      lastRenewedYear: 2025,
      deleted: false,
      resetKey: null,
      resetKeyExpiresAt: null,
      passwordChangedAt: null,
      createdAt: 1577836800,
    } satisfies Member);
  });

  it("reads odd legacy values safely: numeric-string memberId, unknown words, missing flags", () => {
    const member = memberFromCockpit({ _id: "a".repeat(24), memberId: "42", title: "Prof", membership: "family", role: "admin", status: "1" });
    expect(member).toMatchObject({
      memberNumber: 42,
      title: "Other",
      membership: "Family",
      role: "member",
      active: true,
      deleted: false,
      children: [],
      spouse: null,
      email: "",
    });
    expect(memberFromCockpit({ _id: "b".repeat(24), memberId: 0 }).memberNumber).toBeNull();
    expect(memberFromCockpit({ _id: "b".repeat(24), memberId: "" }).memberNumber).toBeNull();
  });

  it("writes a whole member with the old site's names and reads it back unchanged", () => {
    const member: Member = {
      ...newMember({
        email: "Round.Trip@Example.com",
        membership: "Family",
        spouse: { title: "Dr", name: "Partner", email: "p@example.com", mobile: "07700900999" },
        children: [{ name: "Kid", birthYear: 2019 }],
        resetKey: "abcdefghij",
        resetKeyExpiresAt: 1_800_000_000,
      }),
      email: "round.trip@example.com",
      id: "c".repeat(24),
      memberNumber: 17,
      passwordChangedAt: 1_790_000_000.5,
      createdAt: 1_780_000_000,
    };
    const entry = memberToCockpit(member);
    expect(entry).toMatchObject({
      _id: member.id,
      _created: member.createdAt,
      memberId: 17,
      email: "round.trip@example.com",
      password: member.passwordHash,
      spouseTitle: "Dr",
      spouseName: "Partner",
      childCount: 1,
      childName1: "Kid",
      childYear1: 2019,
      childName2: null,
      childYear5: null,
      giftAidConcent: true,
      residentConcent: true,
      paymentConcent: true,
      childPhotoConcent: false,
      status: false,
      paymentStatus: false,
      lastSubscriptionRenewedYear: 2026,
      delete: false,
      resetKey: "abcdefghij",
      resetKeyExpiresAt: 1_800_000_000,
    });
    expect(memberFromCockpit(entry)).toEqual(member);
  });

  it("turns a patch into only the keys it changes; a children change writes every slot", () => {
    expect(memberPatchToCockpit({ active: true })).toEqual({ status: true });
    expect(memberPatchToCockpit({ deleted: true, role: "accountant" })).toEqual({ delete: true, role: "accountant" });
    expect(memberPatchToCockpit({ passwordHash: "pbkdf2$x", resetKey: null })).toEqual({ password: "pbkdf2$x", resetKey: null });
    expect(memberPatchToCockpit({ lastRenewedYear: 2027, registrationPaid: true })).toEqual({ lastSubscriptionRenewedYear: 2027, paymentStatus: true });
    const children = memberPatchToCockpit({ children: [{ name: "Only", birthYear: 2020 }] });
    expect(children).toEqual({
      childCount: 1,
      childName1: "Only",
      childYear1: 2020,
      ...Object.fromEntries(
        [2, 3, 4, 5].flatMap((n) => [
          [`childName${n}`, null],
          [`childYear${n}`, null],
        ]),
      ),
    });
    expect(memberPatchToCockpit({ spouse: null })).toEqual({ spouseTitle: null, spouseName: null, spouseEmail: null, spouseMobile: null });
    expect(memberPatchToCockpit({})).toEqual({});
    expect(memberPatchToCockpit({ fullName: undefined })).toEqual({});
  });
});

describe("membertransactions entries ⇄ transactions", () => {
  it("writes the old site's create payload (amount in pounds) and reads it back", () => {
    const input = newTransaction("d".repeat(24), { unitAmount: 1250, qty: 2, ticketId: "e".repeat(24) });
    expect(newTransactionToCockpit(input)).toMatchObject({
      userId: "d".repeat(24),
      transactionTitle: "Membership Renewal",
      transactionAmount: 12.5,
      qty: 2,
      year: 2026,
      status: "pending",
      striperef: "price_test",
      membershipType: "Single",
      paymentType: "renew",
      ticketId: "e".repeat(24),
    });
    const transaction: Transaction = {
      ...input,
      id: "f".repeat(24),
      status: "success",
      checkoutSessionId: "cs_1",
      createdAt: 1_700_000_000,
      settledAt: 1_700_000_100,
      familyDetails: null,
    };
    // A card payment reads back as one, with no reference or day received (those are the offline payments').
    expect(transactionFromCockpit(transactionToCockpit(transaction))).toEqual({ ...transaction, method: "card", reference: null, paidOn: null });
    const cash: Transaction = { ...transaction, method: "cash", reference: "Receipt book 12", paidOn: "2026-11-20" };
    expect(transactionFromCockpit(transactionToCockpit(cash))).toEqual(cash);
  });

  it("keeps an upgrade's family as JSON text in our own key, and reads it back (ADR 26)", () => {
    const consents = { agreeTerms: true, giftAid: false, resident: true, payment: true, childPhoto: true, childPhotoShare: true };
    const familyDetails = {
      spouse: { title: "Mr" as const, name: "Ravi", email: "r@example.org", mobile: "07700900021" },
      children: [{ name: "Asha", birthYear: 2016 }],
      consents,
    };
    const fields = newTransactionToCockpit(newTransaction("d".repeat(24), { title: "Convert to Family", paymentType: "registration", familyDetails }));
    expect(typeof fields.familyDetails).toBe("string");
    expect(transactionFromCockpit({ _id: "f".repeat(24), _created: 1, ...fields }).familyDetails).toEqual(familyDetails);
    expect(transactionFromCockpit({ _id: "f".repeat(24), _created: 1, ...fields, familyDetails: "{not json" }).familyDetails).toBeNull();
  });

  it("reads a legacy entry with string numbers and no fields of ours", () => {
    const t = transactionFromCockpit({
      _id: "1".repeat(24),
      _created: 1_600_000_000,
      userId: "2".repeat(24),
      transactionTitle: "Registration",
      transactionAmount: "10",
      qty: "1",
      year: "2020",
      status: "success",
      striperef: "price_abc",
      membershipType: "Family",
      memberName: "Legacy",
      memberEmail: "l@example.org",
      paymentType: "registration",
    });
    expect(t).toMatchObject({
      unitAmount: 1000,
      qty: 1,
      year: 2020,
      status: "success",
      membershipType: "Family",
      ticketId: null,
      checkoutSessionId: null,
      settledAt: null,
      createdAt: 1_600_000_000,
    });
  });
});

describe("tickets entries ⇄ tickets", () => {
  it("writes the flattened names, counts and status keys, and reads them back", () => {
    const input = newTicket("3".repeat(24), {
      code: " ab2cd3ef ",
      price: 2950,
      attendees: [
        { band: "adult", position: 1, name: "Adult One" },
        { band: "parent", position: 2, name: "Parent Two" },
        { band: "above13", position: 1, name: "Teen" },
        { band: "below5", position: 3, name: "Baby" },
      ],
    });
    const fields = newTicketToCockpit(input);
    expect(fields).toMatchObject({
      ticketPrice: 29.5,
      paymentStatus: false,
      verificationStatus: false,
      code: "AB2CD3EF",
      numberOfAdults: 1,
      numberOfParents: 1,
      numberOfChildrenAbove13: 1,
      numberOfChildrenAbove5: 0,
      numberOfChildrenBelow5: 1,
      adultName1: "Adult One",
      adult1Status: false,
      parentName2: "Parent Two",
      parent2Status: false,
      above13Child1: "Teen",
      above13Child1Status: false,
      below5Child3: "Baby",
      below5Child3Status: false,
    });
    const ticket: Ticket = {
      ...input,
      code: "AB2CD3EF",
      id: "4".repeat(24),
      paid: true,
      used: true,
      createdAt: 1_700_000_000,
      attendees: input.attendees.map((a) => ({ ...a, admittedAt: a.band === "adult" ? 1_700_000_500 : null })),
    };
    const entry = ticketToCockpit(ticket);
    expect(entry).toMatchObject({
      adult1Status: true,
      adult1AdmittedAt: 1_700_000_500,
      parent2Status: false,
      paymentStatus: true,
      status: true,
      verificationStatus: true,
    });
    expect(ticketFromCockpit(entry)).toEqual(ticket);
  });

  it("reads a legacy ticket: admitted flags without times, string counts, no code", () => {
    const ticket = ticketFromCockpit({
      _id: "5".repeat(24),
      _created: 1_600_000_000,
      _modified: 1_600_000_900,
      userId: "6".repeat(24),
      title: "Christmas Party",
      ticketPrice: "25",
      paymentStatus: "true",
      verificationStatus: true,
      numberOfAdults: "2",
      adultName1: "A One",
      adultName2: "A Two",
      adult1Status: true,
      above5Child1: "Kid",
      above5Child1Status: false,
      below5Child1: "",
    });
    expect(ticket).toMatchObject({ price: 2500, paid: true, used: true, code: "", membership: "Single" });
    expect(ticket.attendees).toEqual([
      { band: "adult", position: 1, name: "A One", admittedAt: 1_600_000_900 },
      { band: "adult", position: 2, name: "A Two", admittedAt: null },
      { band: "above5", position: 1, name: "Kid", admittedAt: null },
    ]);
  });
});
