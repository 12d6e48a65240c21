import { activityEntry } from "~/kernel/activity/activity";
import { currentYear } from "~/kernel/dates/dates";
import { hashPassword } from "~/kernel/auth/password.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import { demoAccount } from "./session";
import { newMember, newTicket, newTransaction } from "./fixtures";

/**
 * The member whose data the data-rights tests download and erase (docs/requirements.md §8.2, §8.3): a
 * family with a paid renewal, a paid ticket, e-mails in the outbox, a contact message and a
 * log entry naming her, all with words found nowhere else, so "nothing of hers remains"
 * can be checked by searching for them.
 */
export const ERASABLE = {
  fullName: "Sara Erasable",
  email: "sara.erasable@example.com",
  password: "erasable-password-1",
  spouseName: "Tom Erasable",
  spouseEmail: "tom.erasable@example.com",
  childName: "Amy Erasable",
  postcode: "ZZ9 9ZZ",
  /** Any of these found anywhere after the erasure is a leak. */
  traces: ["Erasable", "erasable@example.com", "ZZ9 9ZZ"],
} as const;

/** Her message through the contact form. */
export const ERASABLE_MESSAGE = { name: "Sara", lastname: "Erasable", email: ERASABLE.email, subject: "Hall booking", notes: "Is the hall free?" };

/** Adds her (and what names her) to a fresh database; her id. */
export async function addErasableMember(
  db: D1Database,
  options: { contactMessage: boolean } = { contactMessage: true },
): Promise<{ id: string; ticketCode: string }> {
  const store = createD1Store(db);
  const year = currentYear();
  const member = await store.members.register(
    newMember({
      email: ERASABLE.email,
      passwordHash: await hashPassword(ERASABLE.password),
      fullName: ERASABLE.fullName,
      postcode: ERASABLE.postcode,
      membership: "Family",
      spouse: { title: "Mr", name: ERASABLE.spouseName, email: ERASABLE.spouseEmail, mobile: "07700900999" },
      children: [{ name: ERASABLE.childName, birthYear: 2016 }],
      active: true,
      registrationPaid: true,
      lastRenewedYear: year,
    }),
  );
  const renewal = await store.transactions.create(
    newTransaction(member.id, { memberName: ERASABLE.fullName, memberEmail: ERASABLE.email, membershipType: "Family", year, unitAmount: 2000 }),
  );
  await store.transactions.settle(renewal.id, "success", Math.floor(Date.now() / 1000));
  const code = "ERAS2345";
  const ticket = await store.tickets.create(
    newTicket(member.id, {
      email: ERASABLE.email,
      year,
      code,
      attendees: [
        { band: "adult", position: 1, name: ERASABLE.fullName },
        { band: "adult", position: 2, name: ERASABLE.spouseName },
        { band: "above5", position: 1, name: ERASABLE.childName },
      ],
    }),
  );
  await store.tickets.markPaid(ticket.id);
  const paid = await store.transactions.create(
    newTransaction(member.id, {
      title: ticket.title,
      memberName: ERASABLE.fullName,
      memberEmail: ERASABLE.email,
      paymentType: "ticket",
      ticketId: ticket.id,
      unitAmount: ticket.price,
      year,
    }),
  );
  await store.transactions.settle(paid.id, "success", Math.floor(Date.now() / 1000));
  await store.outbox.add(
    { to: [ERASABLE.email], subject: "Welcome, Sara Erasable", html: "<p>Welcome</p>", text: "Welcome", purpose: "test", memberId: member.id },
    "stored",
    "dev",
  );
  // To her spouse's address but about her record (the site writes whose an e-mail is): hers.
  await store.outbox.add(
    { to: [ERASABLE.spouseEmail], subject: "For Tom Erasable", html: "<p>Hi</p>", text: "Hi", purpose: "test", memberId: member.id },
    "stored",
    "dev",
  );
  // Sent through the contact form while she was signed in.
  if (options.contactMessage) await store.contactMessages.create({ ...ERASABLE_MESSAGE, memberId: member.id });
  const treasurer = demoAccount("treasurer");
  await store.activity.record(
    activityEntry(
      { id: treasurer.id, fullName: "Treasurer" },
      { kind: "payment-link-sent", member: { id: member.id, fullName: ERASABLE.fullName, memberNumber: member.memberNumber } },
      new Date(),
    ),
  );
  return { id: member.id, ticketCode: code };
}
