import { receivedDay } from "../received-day";
import { normaliseEmail } from "../../values/email-address";
import {
  type Attendee,
  type CalendarEvent,
  type ContactMessage,
  type DocumentRecord,
  type Gallery,
  type HomeSlide,
  type MediaRef,
  type Member,
  type NewsItem,
  type OfficeBearer,
  type OutboxEmail,
  type PreviousTeam,
  type Ticket,
  type EventRecord,
  type EventTicketSettings,
  type Transaction,
  type FamilyDetails,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../records";
import { sortAttendees } from "../../../features/tickets";
import { defaultSiteSettings } from "../site-settings-defaults";

/**
 * Row shapes of the D1 tables and their mapping to records. Used by the D1
 * adapter and by the bulk writer of the seed (and of the Cockpit import to come),
 * so a record is turned into a row in exactly one place.
 */

type Row = Record<string, unknown>;

function json<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
const bool = (value: unknown) => value === 1 || value === true;
const str = (value: unknown) => (value == null ? "" : String(value));
const num = (value: unknown) => Number(value ?? 0);
const numOrNull = (value: unknown) => (value == null ? null : Number(value));
const jsonOrNull = (value: unknown) => (value == null ? null : JSON.stringify(value));

export const slideFromRow = (r: Row): HomeSlide => ({
  id: str(r.id),
  bannerImage: json<MediaRef>(r.banner_image, { path: "" }),
  smallText: str(r.small_text),
  title: str(r.title),
  description: str(r.description),
  createdAt: num(r.created_at),
});
export const slideToRow = (s: HomeSlide) => ({
  id: s.id,
  banner_image: JSON.stringify(s.bannerImage),
  small_text: s.smallText,
  title: s.title,
  description: s.description,
  created_at: s.createdAt,
});

export const officeBearerFromRow = (r: Row): OfficeBearer => ({
  id: str(r.id),
  name: str(r.name),
  role: str(r.role),
  photo: json<MediaRef | null>(r.photo, null),
  order: num(r.sort_order),
});
export const officeBearerToRow = (o: OfficeBearer, createdAt: number) => ({
  id: o.id,
  name: o.name,
  role: o.role,
  photo: jsonOrNull(o.photo),
  sort_order: o.order,
  created_at: createdAt,
});

export const previousTeamFromRow = (r: Row): PreviousTeam => ({
  id: str(r.id),
  title: str(r.title),
  contentHtml: str(r.content_html),
  createdAt: num(r.created_at),
});
export const previousTeamToRow = (p: PreviousTeam) => ({
  id: p.id,
  title: p.title,
  content_html: p.contentHtml,
  created_at: p.createdAt,
});

export const eventFromRow = (r: Row): CalendarEvent => ({
  id: str(r.id),
  month: str(r.month),
  date: str(r.date),
  name: str(r.name),
  url: str(r.url),
  createdAt: num(r.created_at),
});
export const eventToRow = (e: CalendarEvent) => ({
  id: e.id,
  month: e.month,
  date: e.date,
  name: e.name,
  url: e.url,
  created_at: e.createdAt,
});

export const galleryFromRow = (r: Row): Gallery => ({
  id: str(r.id),
  title: str(r.title),
  featuredImage: json<MediaRef>(r.featured_image, { path: "" }),
  images: json<MediaRef[]>(r.images, []),
  order: num(r.sort_order),
  createdAt: num(r.created_at),
});
export const galleryToRow = (g: Gallery) => ({
  id: g.id,
  title: g.title,
  featured_image: JSON.stringify(g.featuredImage),
  images: JSON.stringify(g.images),
  sort_order: g.order,
  created_at: g.createdAt,
});

export const newsFromRow = (r: Row): NewsItem => ({
  id: str(r.id),
  title: str(r.title),
  excerptHtml: str(r.excerpt_html),
  contentHtml: str(r.content_html),
  image: json<MediaRef | null>(r.image, null),
  published: bool(r.published),
  createdAt: num(r.created_at),
});
export const newsToRow = (n: NewsItem) => ({
  id: n.id,
  title: n.title,
  excerpt_html: n.excerptHtml,
  content_html: n.contentHtml,
  image: jsonOrNull(n.image),
  published: n.published ? 1 : 0,
  created_at: n.createdAt,
});

export const documentFromRow = (r: Row): DocumentRecord => ({
  id: str(r.id),
  title: str(r.title),
  file: json<MediaRef>(r.file, { path: "" }),
  createdAt: num(r.created_at),
});
export const documentToRow = (d: DocumentRecord) => ({
  id: d.id,
  title: d.title,
  file: JSON.stringify(d.file),
  created_at: d.createdAt,
});

export const memberFromRow = (r: Row): Member => ({
  id: str(r.id),
  memberNumber: numOrNull(r.member_number),
  email: str(r.email),
  passwordHash: str(r.password_hash),
  title: str(r.title) as Member["title"],
  fullName: str(r.full_name),
  address: str(r.address),
  city: str(r.city),
  county: str(r.county),
  postcode: str(r.postcode),
  mobile: str(r.mobile),
  membership: str(r.membership) as Member["membership"],
  spouse: json<Member["spouse"]>(r.spouse, null),
  children: json<Member["children"]>(r.children, []),
  consents: json<Member["consents"]>(r.consents, {
    agreeTerms: false,
    giftAid: false,
    resident: false,
    payment: false,
    childPhoto: false,
    childPhotoShare: false,
  }),
  role: str(r.role) as Member["role"],
  active: bool(r.active),
  registrationPaid: bool(r.registration_paid),
  lastRenewedYear: numOrNull(r.last_renewed_year),
  deleted: bool(r.deleted),
  resetKey: r.reset_key == null ? null : str(r.reset_key),
  resetKeyExpiresAt: numOrNull(r.reset_key_expires_at),
  passwordChangedAt: numOrNull(r.password_changed_at),
  // Absent (not null) unless rejected, as records made before it existed have it.
  rejected: json<Member["rejected"]>(r.rejected, null) ?? undefined,
  createdAt: num(r.created_at),
});

/** Column for each member field, so a patch touches only the columns it names. */
export const MEMBER_COLUMNS = {
  email: "email",
  passwordHash: "password_hash",
  title: "title",
  fullName: "full_name",
  address: "address",
  city: "city",
  county: "county",
  postcode: "postcode",
  mobile: "mobile",
  membership: "membership",
  spouse: "spouse",
  children: "children",
  consents: "consents",
  role: "role",
  active: "active",
  registrationPaid: "registration_paid",
  lastRenewedYear: "last_renewed_year",
  deleted: "deleted",
  resetKey: "reset_key",
  resetKeyExpiresAt: "reset_key_expires_at",
  passwordChangedAt: "password_changed_at",
  rejected: "rejected",
} as const satisfies Record<keyof Omit<Member, "id" | "memberNumber" | "createdAt">, string>;

/** The stored value of one member field. */
export function memberValue<K extends keyof typeof MEMBER_COLUMNS>(key: K, value: Member[K]): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (key === "email") return normaliseEmail(String(value));
  if (key === "spouse" || key === "rejected") return jsonOrNull(value);
  if (key === "children" || key === "consents") return JSON.stringify(value);
  return value ?? null;
}

export function memberToRow(m: Member, updatedAt: number): Row {
  const row: Row = { id: m.id, member_number: m.memberNumber, created_at: m.createdAt, updated_at: updatedAt };
  for (const [key, column] of Object.entries(MEMBER_COLUMNS) as Array<[keyof typeof MEMBER_COLUMNS, string]>) {
    row[column] = memberValue(key, m[key]);
  }
  return row;
}

export const transactionFromRow = (r: Row): Transaction => ({
  id: str(r.id),
  userId: str(r.user_id),
  title: str(r.title),
  unitAmount: num(r.unit_amount),
  qty: num(r.qty),
  year: num(r.year),
  status: str(r.status) as Transaction["status"],
  priceRef: str(r.price_ref),
  membershipType: str(r.membership_type) as Transaction["membershipType"],
  memberName: str(r.member_name),
  memberEmail: str(r.member_email),
  paymentType: str(r.payment_type) as Transaction["paymentType"],
  ticketId: r.ticket_id == null ? null : str(r.ticket_id),
  checkoutSessionId: r.checkout_session_id == null ? null : str(r.checkout_session_id),
  createdAt: num(r.created_at),
  settledAt: numOrNull(r.settled_at),
  familyDetails: json<FamilyDetails | null>(r.family_details, null),
  // Offline payments (docs/requirements.md §4.9): NULL method is a card payment
  method: (PAYMENT_METHODS as readonly string[]).includes(str(r.method)) ? (str(r.method) as PaymentMethod) : "card",
  reference: r.reference == null ? null : str(r.reference),
  paidOn: r.paid_on == null ? null : str(r.paid_on),
});
export const transactionToRow = (t: Transaction) => ({
  id: t.id,
  user_id: t.userId,
  title: t.title,
  unit_amount: t.unitAmount,
  qty: t.qty,
  year: t.year,
  status: t.status,
  price_ref: t.priceRef,
  membership_type: t.membershipType,
  member_name: t.memberName,
  member_email: t.memberEmail,
  payment_type: t.paymentType,
  ticket_id: t.ticketId,
  checkout_session_id: t.checkoutSessionId,
  created_at: t.createdAt,
  settled_at: t.settledAt,
  family_details: jsonOrNull(t.familyDetails ?? null),
  // Offline payments (docs/requirements.md §4.9)
  method: t.method ?? "card",
  reference: t.reference ?? null,
  paid_on: t.paidOn ?? null,
  // The day the money came (ADR 64), kept once it is paid (the seed's and an import's paid rows).
  received_on: t.status === "success" ? receivedDay(t) : null,
});

/** A ticket row carrying its attendees as a JSON array (see TICKET_SELECT). */
export const ticketFromRow = (r: Row): Ticket => ({
  id: str(r.id),
  userId: str(r.user_id),
  title: str(r.title),
  email: str(r.email),
  eventId: r.event_id == null ? null : str(r.event_id),
  membership: str(r.membership) as Ticket["membership"],
  year: num(r.year),
  price: num(r.price),
  paid: bool(r.paid),
  used: bool(r.used),
  code: str(r.code),
  attendees: sortAttendees(json<Attendee[]>(r.attendees, [])),
  createdAt: num(r.created_at),
});
export const ticketToRow = (t: Ticket) => ({
  id: t.id,
  user_id: t.userId,
  event_id: t.eventId,
  title: t.title,
  email: t.email,
  membership: t.membership,
  year: t.year,
  price: t.price,
  paid: t.paid ? 1 : 0,
  used: t.used ? 1 : 0,
  code: t.code,
  created_at: t.createdAt,
});
export const attendeeToRow = (ticketId: string, a: Attendee) => ({
  ticket_id: ticketId,
  band: a.band,
  position: a.position,
  name: a.name,
  admitted_at: a.admittedAt,
});

/** A contact_messages row (the inbox joins its state to it). */
export const contactMessageFromRow = (r: Row): ContactMessage => ({
  id: str(r.id),
  name: str(r.name),
  lastname: str(r.lastname),
  email: str(r.email),
  subject: str(r.subject),
  notes: str(r.notes),
  memberId: r.member_id == null ? null : str(r.member_id),
  createdAt: num(r.created_at),
});

export const outboxFromRow = (r: Row): OutboxEmail => ({
  id: str(r.id),
  to: json<string[]>(r.recipients, []),
  subject: str(r.subject),
  html: str(r.html),
  text: str(r.text),
  purpose: str(r.purpose),
  memberId: r.member_id == null ? null : str(r.member_id),
  status: str(r.status) as OutboxEmail["status"],
  provider: str(r.provider),
  providerId: r.provider_id == null ? null : str(r.provider_id),
  error: r.error == null ? null : str(r.error),
  headers: json<Record<string, string> | null>(r.headers, null),
  createdAt: num(r.created_at),
  updatedAt: num(r.updated_at),
});

/** An events row (ADR 60): the booking's prices as JSON, the rest in columns. */
export const eventRecordFromRow = (r: Row): EventRecord => {
  const prices = json<Partial<EventTicketSettings>>(r.prices, {});
  return {
    id: str(r.id),
    title: str(r.title),
    date: str(r.date),
    startTime: str(r.start_time),
    endTime: str(r.end_time),
    venue: str(r.venue),
    descriptionHtml: str(r.description_html),
    image: json<MediaRef | null>(r.image, null),
    capacity: num(r.capacity),
    tickets: {
      ...defaultSiteSettings().tickets,
      ...prices,
      type: str(r.ticket_type) as EventTicketSettings["type"],
      pattern: str(r.pattern) as EventTicketSettings["pattern"],
      title: str(r.title),
      lastBookingDate: str(r.last_booking_date),
    },
    bookingOpensOn: str(r.booking_opens_on),
    published: bool(r.published),
    membersOnly: bool(r.members_only),
    cancelledAt: numOrNull(r.cancelled_at),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
};
export const eventRecordToRow = (e: EventRecord) => {
  const { type, pattern, title: _title, lastBookingDate, ...prices } = e.tickets;
  return {
    id: e.id,
    title: e.title,
    date: e.date,
    start_time: e.startTime,
    end_time: e.endTime,
    venue: e.venue,
    description_html: e.descriptionHtml,
    image: jsonOrNull(e.image),
    capacity: e.capacity,
    ticket_type: type,
    pattern,
    prices: JSON.stringify(prices),
    booking_opens_on: e.bookingOpensOn,
    last_booking_date: lastBookingDate,
    published: e.published ? 1 : 0,
    members_only: e.membersOnly ? 1 : 0,
    cancelled_at: e.cancelledAt,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
};
