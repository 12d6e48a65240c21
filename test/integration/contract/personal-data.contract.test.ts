import { expect, it } from "vitest";
import { activityEntry } from "~/kernel/activity/activity";
import { ERASED_VALUE } from "~/features/data-rights/erasure";
import type { NewRefund } from "~/features/payments/refunds";
import { QUICK_CLAIM_PAUSE_MS, describeStore } from "../../support/store-adapters";
import { newMember, newTicket, newTransaction } from "../../support/fixtures";

/**
 * Members' data rights through the port (docs/requirements.md §8, ADR 0056): what "Download my data"
 * reads (their e-mails and messages) and what "Erase" changes (the copies of their name and
 * address in payments, tickets, the outbox, the inbox and the log), the same on both stores.
 */
const email = (to: string[], subject: string, memberId: string | null = null) => ({
  to,
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  purpose: "test",
  memberId,
});
const message = (name: string, address: string, memberId: string | null = null) => ({
  name,
  lastname: "Thomas",
  email: address,
  subject: `From ${name}`,
  notes: "Hello",
  memberId,
});

describeStore("personal data", { verifyDelayMs: QUICK_CLAIM_PAUSE_MS }, (t) => {
  it("finds the outbox e-mails about a member by id, never by address, newest first, and deletes only those", async () => {
    const outbox = t.store.outbox;
    const mine = await outbox.add(email(["sara@example.org"], "First", "member-sara"), "sent", "test");
    const alsoMine = await outbox.add(email(["Old-Sara@Example.org"], "Second", "member-sara"), "sent", "test");
    // Sent to her address but about nobody (or someone else): not hers.
    const toHerAddress = await outbox.add(email(["sara@example.org"], "Not about her"), "sent", "test");
    const theirs = await outbox.add(email(["someone@example.org"], "About Bob", "member-bob"), "sent", "test");
    const found = await t.store.personalData.outboxAbout("member-sara");
    expect(found.map((e) => e.id).sort()).toEqual([mine.id, alsoMine.id].sort());
    expect(found.every((e) => e.memberId === "member-sara")).toBe(true);

    expect(await t.store.personalData.deleteOutboxAbout("member-sara")).toBe(2);
    expect(await outbox.get(mine.id)).toBeNull();
    expect(await outbox.get(alsoMine.id)).toBeNull();
    expect(await outbox.get(toHerAddress.id)).not.toBeNull();
    expect(await outbox.get(theirs.id)).not.toBeNull();
    expect(await t.store.personalData.outboxAbout("member-sara")).toEqual([]);
  });

  it("finds the contact messages a member sent signed in, by id; a visitor's from her address is not hers; erased, the inbox no longer has them", async () => {
    await t.store.contactMessages.create(message("Sara", "Sara@example.org", "member-sara"));
    await t.store.contactMessages.create(message("Visitor", "sara@example.org"));
    await t.store.contactMessages.create(message("Bob", "bob@example.org", "member-bob"));
    const found = await t.store.personalData.contactMessagesBy("member-sara");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: "Sara", email: "Sara@example.org", subject: "From Sara", notes: "Hello", memberId: "member-sara" });
    await t.store.contactMessages.markRead(found[0]!.id, 1_800_000_000);

    expect(await t.store.personalData.eraseContactMessagesBy("member-sara")).toBe(1);
    expect(await t.store.personalData.contactMessagesBy("member-sara")).toEqual([]);
    const inbox = await t.store.contactMessages.listInbox({ page: 0, pageSize: 50 });
    expect(inbox.rows.map((row) => row.name).sort()).toEqual(["Bob", "Visitor"]);
    expect(inbox.total).toBe(2);
    expect(await t.store.contactMessages.getInboxMessage(found[0]!.id)).toBeNull();
  });

  it("pseudonymises a member's payments and tickets, keeping their amounts, dates and types; others' are untouched", async () => {
    const sara = await t.store.members.register(newMember({ fullName: "Sara Thomas" }));
    const other = await t.store.members.register(newMember({ fullName: "Bob Other" }));
    const spouse = { title: "Mr" as const, name: "Tom Thomas", email: "tom@example.org", mobile: "07700900000" };
    const upgrade = await t.store.transactions.create(
      newTransaction(sara.id, {
        memberName: "Sara Thomas",
        memberEmail: sara.email,
        unitAmount: 1500,
        familyDetails: { spouse, children: [], consents: sara.consents },
      }),
    );
    await t.store.transactions.settle(upgrade.id, "success", 1_800_000_000);
    const ticket = await t.store.tickets.create(newTicket(sara.id, { email: sara.email }));
    const others = await t.store.transactions.create(newTransaction(other.id, { memberName: "Bob Other", memberEmail: other.email }));
    const othersTicket = await t.store.tickets.create(newTicket(other.id, { email: other.email }));

    const as = { name: "Erased member #abc", email: "erased-abc@erased.invalid" };
    expect(await t.store.personalData.pseudonymisePayments(sara.id, as)).toBe(2);

    const after = await t.store.transactions.getById(upgrade.id);
    expect(after).toMatchObject({
      id: upgrade.id,
      userId: sara.id,
      memberName: as.name,
      memberEmail: as.email,
      unitAmount: 1500,
      qty: 1,
      status: "success",
      settledAt: 1_800_000_000,
      createdAt: upgrade.createdAt,
      paymentType: upgrade.paymentType,
      year: upgrade.year,
    });
    expect(after?.familyDetails ?? null).toBeNull();
    const ticketAfter = await t.store.tickets.getById(ticket.id);
    expect(ticketAfter).toMatchObject({ email: as.email, price: ticket.price, code: ticket.code, title: ticket.title, year: ticket.year });
    expect(ticketAfter?.attendees.map((a) => [a.band, a.position, a.name])).toEqual(ticket.attendees.map((a) => [a.band, a.position, as.name]));

    expect(await t.store.transactions.getById(others.id)).toMatchObject({ memberName: "Bob Other", memberEmail: other.email });
    expect((await t.store.tickets.getById(othersTicket.id))?.attendees.map((a) => a.name)).toEqual(othersTicket.attendees.map((a) => a.name));
  });

  it("rewrites the log entries about or by the member (and their messages) to the pseudonym, and no others", async () => {
    const jane = { id: "accountant-1", fullName: "Jane Smith" };
    const sara = { id: "member-sara", fullName: "Sara Thomas", memberNumber: 1042 };
    const at = new Date(Date.UTC(2026, 10, 24, 9));
    await t.store.activity.record(activityEntry(jane, { kind: "member-deleted", member: sara }, at));
    await t.store.activity.record(activityEntry({ id: sara.id, fullName: sara.fullName }, { kind: "own-password-changed", member: sara }, at));
    await t.store.activity.record(
      activityEntry(jane, { kind: "contact-message-handled", message: { id: "message-1", from: "Sara Thomas", subject: "Hi", memberId: null } }, at),
    );
    // Another member who happens to share the first name: not about her, left alone.
    await t.store.activity.record(activityEntry(jane, { kind: "member-deleted", member: { id: "member-2", fullName: "Sara Jones", memberNumber: 7 } }, at));

    expect(await t.store.personalData.pseudonymiseActivity([sara.id, "message-1"], ["Sara Thomas", "Sara"], "Erased member #x")).toBe(3);
    const { rows } = await t.store.activity.list({ page: 0, pageSize: 50 });
    const texts = rows.map((row) => `${row.actorName} | ${row.subjectName} | ${row.summary}`).sort();
    expect(texts).toEqual(
      [
        "Erased member #x | MMA1042 Erased member #x | Erased member #x changed their own password.",
        "Jane Smith | MMA1042 Erased member #x | Jane Smith deleted member MMA1042 Erased member #x.",
        'Jane Smith | message from Erased member #x | Jane Smith marked the message from Erased member #x ("Hi") as handled.',
        "Jane Smith | MMA7 Sara Jones | Jane Smith deleted member MMA7 Sara Jones.",
      ].sort(),
    );
    expect(await t.store.personalData.pseudonymiseActivity([sara.id], ["Sara Thomas"], "Erased member #x")).toBe(0);
  });

  it("erases the log values of entries about the member, keeping which fields changed; pseudonymises entries about their payments, found by id", async () => {
    const jane = { id: "accountant-1", fullName: "Jane Smith" };
    const sara = { id: "member-sara-values", fullName: "Sara Thomas", memberNumber: 1042 };
    const at = new Date(Date.UTC(2026, 10, 24, 9));
    const corrected = await t.store.activity.record(
      activityEntry(
        jane,
        {
          kind: "member-corrected",
          member: sara,
          before: { "E-mail": "single@example.org", Address: "7 Oxford Road" },
          after: { "E-mail": "new@example.org", Address: "9 Secret Lane" },
        },
        at,
      ),
    );
    const refunded = await t.store.activity.record(
      activityEntry(
        jane,
        {
          kind: "refunded",
          transaction: { id: "tx-sara", title: "Registration Fee", memberName: "Sara Thomas", userId: sara.id },
          amount: 2000,
          method: "record",
          undone: false,
        },
        at,
      ),
    );
    // By her, not about her (she was an accountant): the setting's values are not hers and stay.
    const bySara = await t.store.activity.record(
      activityEntry({ id: sara.id, fullName: sara.fullName }, { kind: "setting-changed", key: "general", before: "Old", after: "New" }, at),
    );
    // Another payer's refund (the same name by chance): not hers, left alone.
    const others = await t.store.activity.record(
      activityEntry(
        jane,
        {
          kind: "refunded",
          transaction: { id: "tx-other", title: "Registration Fee", memberName: "Sara Thomas", userId: "member-other" },
          amount: 1000,
          method: "record",
          undone: false,
        },
        at,
      ),
    );

    // Her id alone: the refund of her payment names her as its payer (its member id), so it is found without the payment's id.
    expect(await t.store.personalData.pseudonymiseActivity([sara.id], ["Sara Thomas"], "Erased member #x")).toBe(3);
    const { rows } = await t.store.activity.list({ page: 0, pageSize: 50 });
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    expect(byId(corrected.id)).toMatchObject({
      summary: "Jane Smith corrected member MMA1042 Erased member #x: E-mail, Address.",
      before: { "E-mail": ERASED_VALUE, Address: ERASED_VALUE },
      after: { "E-mail": ERASED_VALUE, Address: ERASED_VALUE },
    });
    expect(byId(refunded.id)).toMatchObject({
      subjectName: 'payment "Registration Fee" by Erased member #x',
      summary: 'Jane Smith refunded £20.00 of "Registration Fee" paid by Erased member #x (recorded only).',
    });
    expect(byId(bySara.id)).toMatchObject({ actorName: "Erased member #x", before: "Old", after: "New" });
    expect(byId(others.id)).toEqual(others);
    expect(await t.store.personalData.pseudonymiseActivity([sara.id, "tx-sara"], ["Sara Thomas"], "Erased member #x")).toBe(0);
  });

  it("erases the reasons of the member's refunds and their offline payments' references, keeping amounts and methods; others' are untouched", async () => {
    const sara = await t.store.members.register(newMember({ fullName: "Sara Refunded" }));
    const other = await t.store.members.register(newMember({ fullName: "Bob Refunded" }));
    const bank = await t.store.transactions.create(newTransaction(sara.id, { unitAmount: 1000, method: "bank", reference: "THOMAS TRANSFER 4471" }));
    const cash = await t.store.transactions.create(newTransaction(sara.id, { unitAmount: 1000, method: "cash", reference: null }));
    const othersBank = await t.store.transactions.create(newTransaction(other.id, { unitAmount: 1000, method: "bank", reference: "OTHER REF 1" }));
    const refund = (id: string, transactionId: string, userId: string, reason: string): NewRefund => ({
      id,
      transactionId,
      userId,
      paymentType: "renew",
      year: 2031,
      amount: 500,
      reason,
      by: "Jane Smith",
      at: 1_800_000_000,
      method: "record",
      providerRefundId: null,
      status: "succeeded",
      ticketId: null,
      event: null,
      people: 0,
    });
    const hers = refund("0000000000000000000000a1", bank.id, sara.id, "Sara is moving abroad");
    const theirs = refund("0000000000000000000000b2", othersBank.id, other.id, "Bob paid twice");
    await t.store.refunds.create(hers, 1000);
    await t.store.refunds.create(theirs, 1000);

    expect(await t.store.personalData.eraseRefundReasons(sara.id)).toBe(1);
    expect(await t.store.refunds.get(hers.id)).toMatchObject({ reason: ERASED_VALUE, amount: 500, method: "record", status: "succeeded", userId: sara.id });
    expect((await t.store.refunds.get(theirs.id))?.reason).toBe("Bob paid twice");
    expect(await t.store.personalData.eraseRefundReasons(sara.id)).toBe(0);

    await t.store.personalData.pseudonymisePayments(sara.id, { name: "Erased member #y", email: "erased-y@erased.invalid" });
    expect(await t.store.transactions.getById(bank.id)).toMatchObject({ method: "bank", reference: ERASED_VALUE, unitAmount: 1000 });
    expect(await t.store.transactions.getById(cash.id)).toMatchObject({ method: "cash", reference: null });
    expect(await t.store.transactions.getById(othersBank.id)).toMatchObject({ method: "bank", reference: "OTHER REF 1" });
  });

  it("deletes outbox e-mails and contact messages made before a cutoff (the retention), and keeps the newer ones", async () => {
    const kept = await t.store.outbox.add(email(["new@example.org"], "New"), "sent", "test");
    await t.store.contactMessages.create(message("Newer", "newer@example.org"));
    const future = Math.floor(Date.now() / 1000) + 3600;
    // Nothing is older than an hour ago's cutoff...
    expect(await t.store.personalData.deleteOutboxBefore(future - 7200)).toBe(0);
    expect(await t.store.personalData.deleteContactMessagesBefore(future - 7200)).toBe(0);
    expect(await t.store.outbox.get(kept.id)).not.toBeNull();
    // ...and everything is older than an hour from now.
    expect(await t.store.personalData.deleteOutboxBefore(future)).toBeGreaterThanOrEqual(2);
    expect(await t.store.outbox.get(kept.id)).toBeNull();
    expect(await t.store.personalData.deleteContactMessagesBefore(future)).toBeGreaterThanOrEqual(2);
    expect((await t.store.contactMessages.listInbox({ page: 0, pageSize: 50 })).total).toBe(0);
    expect(await t.store.personalData.deleteContactMessagesBefore(future)).toBe(0);
  });
});
