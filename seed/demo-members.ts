import type { Member, Ticket, Transaction } from "~/kernel/store/records";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { hashPassword } from "~/kernel/auth/password.server";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "./demo-accounts";
import { ID_SPACE, seedId } from "./ids";

const DAY = 24 * 60 * 60;

/** A salt derived from the e-mail, so the seeded hashes are identical on every run. */
async function seedSalt(email: string): Promise<Uint8Array<ArrayBuffer>> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`seed-salt:${email}`));
  return new Uint8Array(digest.slice(0, 16));
}

const NO_CONSENTS = { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false };
const ALL_CONSENTS = { ...NO_CONSENTS, childPhoto: true, childPhotoShare: true };

export function demoMemberId(key: DemoAccountKey): string {
  return seedId(ID_SPACE.member, DEMO_ACCOUNTS.findIndex((a) => a.key === key) + 1);
}

export async function demoMembers(now: number, year: number): Promise<Member[]> {
  const base = {
    county: "Greater Manchester",
    city: "Manchester",
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
  };
  const shapes: Record<DemoAccountKey, Omit<Member, "id" | "email" | "passwordHash" | "memberNumber" | keyof typeof base>> = {
    treasurer: {
      title: "Mrs",
      fullName: "Deepa Menon",
      address: "12 Wilmslow Road",
      postcode: "M14 5TQ",
      mobile: "07700900001",
      membership: "Single",
      spouse: null,
      children: [],
      consents: NO_CONSENTS,
      role: "accountant",
      active: true,
      registrationPaid: true,
      lastRenewedYear: year,
      createdAt: now - 700 * DAY,
    },
    member: {
      title: "Mr",
      fullName: "Arun Joseph",
      address: "48 Palatine Road",
      postcode: "M20 3JA",
      mobile: "07700900002",
      membership: "Family",
      spouse: { title: "Mrs", name: "Meera Joseph", email: "meera@example.org", mobile: "07700900012" },
      // One child in each age band of the ticket rules (over 13, over 5 up to 13, 5 or under).
      children: [
        { name: "Anna Joseph", birthYear: year - 15 },
        { name: "Ben Joseph", birthYear: year - 9 },
        { name: "Clara Joseph", birthYear: year - 3 },
      ],
      consents: ALL_CONSENTS,
      role: "member",
      active: true,
      registrationPaid: true,
      lastRenewedYear: year,
      createdAt: now - 500 * DAY,
    },
    single: {
      title: "Miss",
      fullName: "Sara Thomas",
      address: "7 Oxford Road",
      postcode: "M1 7ED",
      mobile: "07700900003",
      membership: "Single",
      spouse: null,
      children: [],
      consents: NO_CONSENTS,
      role: "member",
      active: true,
      registrationPaid: true,
      lastRenewedYear: year - 1,
      createdAt: now - 400 * DAY,
    },
    applicant: {
      title: "Dr",
      fullName: "Kiran Das",
      address: "3 Stockport Road",
      postcode: "M12 4AA",
      mobile: "07700900004",
      membership: "Single",
      spouse: null,
      children: [],
      consents: NO_CONSENTS,
      role: "member",
      active: false,
      registrationPaid: false,
      lastRenewedYear: year,
      createdAt: now - 2 * DAY,
    },
    // Last in the list, so the other demo records keep their ids and member numbers.
    editor: {
      title: "Mr",
      fullName: "Vinod Nair",
      address: "21 Burton Road",
      postcode: "M20 2LW",
      mobile: "07700900005",
      membership: "Single",
      spouse: null,
      children: [],
      consents: NO_CONSENTS,
      role: "editor",
      active: true,
      registrationPaid: true,
      lastRenewedYear: year,
      createdAt: now - 300 * DAY,
    },
    // After the editor, so the other demo records keep their ids and member numbers (ADR 65).
    steward: {
      title: "Mrs",
      fullName: "Latha Pillai",
      address: "5 Mauldeth Road",
      postcode: "M19 1AB",
      mobile: "07700900006",
      membership: "Single",
      spouse: null,
      children: [],
      consents: NO_CONSENTS,
      role: "steward",
      active: true,
      registrationPaid: true,
      lastRenewedYear: year,
      createdAt: now - 200 * DAY,
    },
  };
  return Promise.all(
    DEMO_ACCOUNTS.map(async (account, i) => ({
      ...base,
      ...shapes[account.key],
      id: demoMemberId(account.key),
      memberNumber: i + 1,
      email: account.email,
      passwordHash: await hashPassword(account.password, await seedSalt(account.email)),
    })),
  );
}

/** Paid history for the demo members, so My Account has something to show. */
export function demoTransactions(members: Member[], settings: SiteSettings, now: number, year: number): Transaction[] {
  const fees = settings.membership;
  const list: Transaction[] = [];
  let n = 0;
  const add = (member: Member, title: string, amount: number, txYear: number, paymentType: Transaction["paymentType"], priceRef: string, daysAgo: number) => {
    n += 1;
    list.push({
      id: seedId(ID_SPACE.transaction, n),
      userId: member.id,
      title,
      unitAmount: amount,
      qty: 1,
      year: txYear,
      status: "success",
      priceRef,
      membershipType: member.membership,
      memberName: member.fullName,
      memberEmail: member.email,
      paymentType,
      ticketId: null,
      checkoutSessionId: null,
      createdAt: now - daysAgo * DAY,
      settledAt: now - daysAgo * DAY,
    });
  };
  for (const member of members) {
    if (!member.registrationPaid) continue;
    const family = member.membership === "Family";
    const regFee = (family ? fees.familyRegFee : fees.singleRegFee) + (family ? fees.familyRenewFee : fees.singleRenewFee);
    const registeredDaysAgo = Math.round((now - member.createdAt) / DAY);
    add(
      member,
      "Registration Fee",
      regFee,
      new Date(member.createdAt * 1000).getUTCFullYear(),
      "registration",
      family ? fees.familyRegProduct : fees.singleRegProduct,
      registeredDaysAgo,
    );
    if (member.lastRenewedYear === year) {
      add(
        member,
        "Membership Renewal",
        family ? fees.familyRenewFee : fees.singleRenewFee,
        year,
        "renew",
        family ? fees.familyRenewProduct : fees.singleRenewProduct,
        60,
      );
    }
  }
  return list;
}

/** One open, paid ticket for the demo Family, so My Tickets and the door have something to show. */
export function demoTickets(member: Member, settings: SiteSettings, now: number, year: number, eventId: string): Ticket[] {
  return [
    {
      id: seedId(ID_SPACE.ticket, 1),
      userId: member.id,
      eventId,
      title: settings.tickets.title,
      email: member.email,
      membership: member.membership,
      year,
      price: 2 * settings.tickets.christmasAdultPrice + settings.tickets.christmasAbove13Price + settings.tickets.christmasKidsPrice,
      paid: true,
      used: false,
      code: "XMAS7K2P",
      createdAt: now - 5 * DAY,
      attendees: [
        { band: "adult", position: 1, name: member.fullName, admittedAt: null },
        { band: "adult", position: 2, name: member.spouse?.name ?? "Guest", admittedAt: null },
        { band: "above13", position: 1, name: member.children[0]?.name ?? "Child", admittedAt: null },
        { band: "above5", position: 1, name: member.children[1]?.name ?? "Child", admittedAt: null },
        { band: "below5", position: 1, name: member.children[2]?.name ?? "Child", admittedAt: null },
      ],
    },
  ];
}
