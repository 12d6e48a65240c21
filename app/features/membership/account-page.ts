import type { EventDetails } from "~/features/tickets";
import type { Membership, TransactionStatus } from "~/kernel/store/records";

/**
 * What /mem-account shows: display values only, built by loadAccountPage
 * (app/features/membership/account.server.ts) and drawn by app/features/membership/components/AccountSections.tsx.
 */
export interface AccountPage {
  details: {
    memberId: string;
    fullName: string;
    status: string;
    registrationPayment: string;
    membership: Membership;
    email: string;
    lastRenewal: string;
    nextRenewal: string;
    /** The member's own printable application sheet. */
    applicationSheetHref: string;
    /** Newsletter consent as words: "Not asked", "Yes, since 05-03-2026" (docs/requirements.md §13). */
    newsletters: string;
    /** "Stopped…" when a notice's one-click unsubscribe stopped membership notices; null while they come. */
    notices: string | null;
    /** The Gift Aid declaration in force, as words: "In force since 05-03-2026 (at sign-up)" or "None" (docs/requirements.md §14). */
    giftAid: string;
  };
  renewal: { year: number; paid: boolean; fee: string };
  /** The way to /book-ticket while the upcoming event takes bookings. */
  booking: { title: string } | null;
  tickets: AccountTicket[];
  /** `refunded`: "Refunded £5.00" when part or all of it was given back (docs/requirements.md §2.6, §4.10). */
  transactions: Array<{ id: string; title: string; amount: string; date: string; status: TransactionStatus; refunded: string | null }>;
}

export interface AccountTicket {
  id: string;
  title: string;
  year: number;
  /** The year once: "Christmas & New Year Celebration 2026" is not followed by "2026" again. */
  heading: string;
  /** When and where, for a ticket of the event on sale (docs/requirements.md §5.1); null for another event or when not set. */
  event: EventDetails | null;
  /** As the door reads it: "XMAS-7K2P". */
  code: string;
  price: string;
  /** SVG markup made by qrcode from our own signed token: nothing the member typed is in it. */
  qrSvg: string;
  people: Array<{ name: string; type: string; admittedAt: string | null }>;
  /** "2 of 6 already in": the rest come in later with the same code. */
  admittedCount: number;
}
