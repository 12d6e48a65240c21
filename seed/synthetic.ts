import type { Attendee, AttendeeBand, Member, Ticket, Transaction } from "~/kernel/store/records";
import { BAND_LIMITS } from "~/kernel/store/records";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { ID_SPACE, prng, seedId } from "./ids";

/**
 * Synthetic members with transactions and tickets, for benchmarks at realistic
 * sizes (`npm run seed -- --members 10000 --tickets 20000`). Deterministic: the
 * same arguments give the same rows. They share one password hash (computing
 * 10,000 PBKDF2 hashes would take minutes and proves nothing); they are fake.
 */

const FIRST = [
  "Aisha",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hari",
  "Isla",
  "Jacob",
  "Kavya",
  "Liam",
  "Maya",
  "Nikhil",
  "Olivia",
  "Pranav",
  "Rosa",
  "Sam",
  "Tara",
  "Usha",
];
const LAST = [
  "Abraham",
  "Bose",
  "Chacko",
  "D'Souza",
  "Edwards",
  "Francis",
  "George",
  "Hughes",
  "Iyer",
  "Jacob",
  "Khan",
  "Lewis",
  "Mathew",
  "Nair",
  "O'Brien",
  "Patel",
  "Quinn",
  "Roy",
  "Singh",
  "Varghese",
];
const TOWNS: ReadonlyArray<readonly [string, string]> = [
  ["Manchester", "M14"],
  ["Salford", "M6"],
  ["Stockport", "SK4"],
  ["Trafford", "M32"],
  ["Oldham", "OL8"],
  ["Bolton", "BL3"],
];

const DAY = 24 * 60 * 60;
export const SYNTHETIC_MEMBER_NUMBER_BASE = 100_000;

// Ticket codes avoid look-alike characters (0/O, 1/I/L), as the door's manual field expects.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function syntheticCode(n: number): string {
  let code = "";
  for (let value = n; code.length < 7; value = Math.floor(value / CODE_ALPHABET.length)) {
    code = CODE_ALPHABET[value % CODE_ALPHABET.length] + code;
  }
  return `S${code}`;
}

export interface SyntheticData {
  members: Member[];
  transactions: Transaction[];
  tickets: Ticket[];
}

export function syntheticData(options: {
  members: number;
  tickets: number;
  passwordHash: string;
  settings: SiteSettings;
  now: number;
  year: number;
  /** The events the tickets are spread over (ADR 60), each with its tickets' title and year. */
  events: Array<{ id: string; title: string; year: number }>;
}): SyntheticData {
  const random = prng(0x5eed ^ options.members);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const members: Member[] = [];
  const transactions: Transaction[] = [];
  const tickets: Ticket[] = [];

  for (let i = 1; i <= options.members; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const [city, district] = pick(TOWNS)!;
    const family = random() < 0.6;
    const active = random() < 0.92;
    const lastRenewedYear = active ? (random() < 0.75 ? options.year : options.year - 1 - Math.floor(random() * 2)) : options.year;
    const childCount = family ? Math.floor(random() * 4) : 0;
    const member: Member = {
      id: seedId(ID_SPACE.syntheticMember, i),
      memberNumber: SYNTHETIC_MEMBER_NUMBER_BASE + i,
      email: `synthetic-${String(i).padStart(5, "0")}@example.net`,
      passwordHash: options.passwordHash,
      title: pick(["Mr", "Mrs", "Miss", "Dr"] as const),
      fullName: `${first} ${last}`,
      address: `${1 + Math.floor(random() * 200)} ${pick(["High Street", "Church Road", "Park Avenue", "Mill Lane"])}`,
      city,
      county: "Greater Manchester",
      postcode: `${district} ${1 + Math.floor(random() * 9)}${pick(["AB", "CD", "EF", "GH"])}`,
      mobile: `07${String(700000000 + i).padStart(9, "0")}`,
      membership: family ? "Family" : "Single",
      spouse: family ? { title: "Mrs", name: `${pick(FIRST)} ${last}`, email: `spouse-${i}@example.net`, mobile: `07${String(800000000 + i)}` } : null,
      children: Array.from({ length: childCount }, () => ({ name: `${pick(FIRST)} ${last}`, birthYear: options.year - 1 - Math.floor(random() * 17) })),
      consents: { agreeTerms: true, giftAid: random() < 0.7, resident: true, payment: true, childPhoto: family, childPhotoShare: family && random() < 0.8 },
      role: "member",
      active,
      registrationPaid: active,
      lastRenewedYear,
      deleted: random() < 0.02,
      resetKey: null,
      resetKeyExpiresAt: null,
      createdAt: options.now - Math.floor(random() * 1500) * DAY,
    };
    members.push(member);

    if (member.registrationPaid) {
      const fees = options.settings.membership;
      transactions.push({
        id: seedId(ID_SPACE.syntheticTransaction, transactions.length + 1),
        userId: member.id,
        title: "Registration Fee",
        unitAmount: family ? fees.familyRegFee + fees.familyRenewFee : fees.singleRegFee + fees.singleRenewFee,
        qty: 1,
        year: new Date(member.createdAt * 1000).getUTCFullYear(),
        status: "success",
        priceRef: family ? fees.familyRegProduct : fees.singleRegProduct,
        membershipType: member.membership,
        memberName: member.fullName,
        memberEmail: member.email,
        paymentType: "registration",
        ticketId: null,
        checkoutSessionId: null,
        createdAt: member.createdAt,
        settledAt: member.createdAt,
      });
      if (lastRenewedYear === options.year) {
        const at = options.now - Math.floor(random() * 300) * DAY;
        transactions.push({
          id: seedId(ID_SPACE.syntheticTransaction, transactions.length + 1),
          userId: member.id,
          title: "Membership Renewal",
          unitAmount: family ? fees.familyRenewFee : fees.singleRenewFee,
          qty: 1,
          year: options.year,
          status: random() < 0.95 ? "success" : "failed",
          priceRef: family ? fees.familyRenewProduct : fees.singleRenewProduct,
          membershipType: member.membership,
          memberName: member.fullName,
          memberEmail: member.email,
          paymentType: "renew",
          ticketId: null,
          checkoutSessionId: null,
          createdAt: at,
          settledAt: at,
        });
      }
    }
  }

  const payers = members.filter((m) => m.active && !m.deleted);
  const ticketSettings = options.settings.tickets;
  for (let t = 1; t <= options.tickets && payers.length > 0; t++) {
    const member = payers[(t - 1) % payers.length]!;
    const event = options.events[Math.floor(random() * options.events.length)]!;
    const year = event.year;
    const counts: Record<AttendeeBand, number> = {
      adult: member.membership === "Family" ? 2 : 1,
      parent: member.membership === "Family" && random() < 0.15 ? 1 + Math.floor(random() * 2) : 0,
      above13: member.membership === "Family" ? Math.floor(random() * 2) : 0,
      above5: member.membership === "Family" ? Math.floor(random() * 3) : 0,
      below5: member.membership === "Family" ? Math.floor(random() * 2) : 0,
    };
    const used = random() < 0.3;
    const attendees: Attendee[] = [];
    for (const band of Object.keys(counts) as AttendeeBand[]) {
      for (let p = 1; p <= Math.min(counts[band], BAND_LIMITS[band].max); p++) {
        attendees.push({ band, position: p, name: `${pick(FIRST)} ${member.fullName.split(" ")[1]}`, admittedAt: used ? options.now - DAY : null });
      }
    }
    const price =
      (counts.adult + counts.parent) * ticketSettings.christmasAdultPrice +
      counts.above13 * ticketSettings.christmasAbove13Price +
      counts.above5 * ticketSettings.christmasKidsPrice;
    tickets.push({
      id: seedId(ID_SPACE.syntheticTicket, t),
      userId: member.id,
      eventId: event.id,
      title: event.title,
      email: member.email,
      membership: member.membership,
      year,
      price,
      paid: random() < 0.97,
      used,
      code: syntheticCode(t),
      createdAt: options.now - Math.floor(random() * 300) * DAY,
      attendees,
    });
  }
  return { members, transactions, tickets };
}
