import type { EventFields, NewMember, NewTicket, NewTransaction } from "~/kernel/store/records";

let counter = 0;

/** A valid new member; each call gets its own e-mail. */
export function newMember(overrides: Partial<NewMember> = {}): NewMember {
  counter += 1;
  return {
    email: `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: "pbkdf2-sha256$100000$AAAA$AAAA",
    title: "Mr",
    fullName: `Test Person ${counter}`,
    address: "1 Test Street",
    city: "Manchester",
    county: "",
    postcode: "M1 1AA",
    mobile: "07700900123",
    membership: "Single",
    spouse: null,
    children: [],
    consents: { agreeTerms: true, giftAid: true, resident: true, payment: true, childPhoto: false, childPhotoShare: false },
    role: "member",
    active: false,
    registrationPaid: false,
    lastRenewedYear: 2026,
    deleted: false,
    resetKey: null,
    resetKeyExpiresAt: null,
    ...overrides,
  };
}

export function newTransaction(userId: string, overrides: Partial<NewTransaction> = {}): NewTransaction {
  return {
    userId,
    title: "Membership Renewal",
    unitAmount: 1000,
    qty: 1,
    year: 2026,
    priceRef: "price_test",
    membershipType: "Single",
    memberName: "Test Person",
    memberEmail: "test@example.com",
    paymentType: "renew",
    ticketId: null,
    ...overrides,
  };
}

export function newTicket(userId: string, overrides: Partial<NewTicket> = {}): NewTicket {
  counter += 1;
  return {
    userId,
    eventId: null,
    title: "Christmas Party",
    email: "test@example.com",
    membership: "Family",
    year: 2026,
    price: 2900,
    // Unique per call (the counter in base 8, written with the digits 2-9 that codes use).
    code: `T${[...counter.toString(8).padStart(7, "0")].map((digit) => String(Number(digit) + 2)).join("")}`,
    attendees: [
      { band: "adult", position: 1, name: "Adult One" },
      { band: "adult", position: 2, name: "Adult Two" },
      { band: "above5", position: 1, name: "Kid One" },
    ],
    ...overrides,
  };
}

/** A published event's fields (ADR 60): its title is its tickets' title; its last booking day its date (or 1 December 2026). */
export function newEventFields(title: string, date: string, overrides: Partial<EventFields> = {}): EventFields {
  return {
    date,
    startTime: "",
    endTime: "",
    venue: "",
    descriptionHtml: "",
    image: null,
    capacity: 0,
    tickets: {
      type: "Other",
      pattern: "A+13+5-5+P",
      title,
      lastBookingDate: date || "2026-12-01",
      familyPrice: 2900,
      familyPriceId: "",
      singlePrice: 1500,
      singlePriceId: "",
      christmasAdultPrice: 1000,
      christmasAdultPriceId: "",
      christmasAbove13Price: 800,
      christmasAbove13PriceId: "",
      christmasKidsPrice: 500,
      christmasKidsPriceId: "",
    },
    bookingOpensOn: "",
    published: true,
    membersOnly: true,
    ...overrides,
  };
}
