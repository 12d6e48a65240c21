import type {
  AttendeeBand,
  CalendarEvent,
  ContactMessage,
  DocumentRecord,
  Gallery,
  HomeSlide,
  Id,
  InfoPage,
  Member,
  Membership,
  MemberPatch,
  NewMember,
  NewOutboxEmail,
  NewTicket,
  NewTransaction,
  NewsItem,
  OfficeBearer,
  OutboxEmail,
  Page,
  PaymentType,
  Pence,
  PageKey,
  PreviousTeam,
  Ticket,
  Transaction,
  TransactionStatus,
  UnixSeconds,
  EmailStatus,
  EventFields,
  EventRecord,
  EventTotals,
  RenewalTotals,
  Audience,
  BadAddress,
  ConsentSource,
  DeliveryStatus,
  MailPreferenceChange,
  MailPreferences,
  Mailing,
  MailingCounts,
  MailingDelivery,
  MailingDraftPatch,
  MailingKind,
  MailingRecipient,
  NewMailing,
  Donation,
  Donor,
  GiftAidClaim,
  GiftAidClaimItem,
  GiftAidDeclaration,
  GiftAidSettings,
  NewDonation,
  NewGiftAidClaim,
  NewGiftAidClaimItem,
  NewGiftAidDeclaration,
} from "./records";
import type { ActivityEntry, NewActivityEntry } from "../activity/activity";
import type { MemberSettlement } from "../../features/payments";
import type { PageRequest } from "./paging";
import type { InboxMessage } from "../../features/office";
import type { MembershipDecision, NewRefund, Refund } from "../../features/payments";
import type { SiteSettings } from "./site-settings";
import type { PageInput, SlideInput } from "../../features/studio";
import type { PaymentMethod } from "./records";
import type { CheckoutLineItem } from "../../features/payments";

/**
 * The store port: every collection of the site behind one typed interface (ADR 3).
 * Two adapters implement it: D1 (default) and Cockpit (when CMS_API_URL is set).
 * Methods are shaped by what the screens ask (the filters and sorts of docs/requirements.md), so
 * each maps to one query on D1 and to one `collections/get` call on Cockpit.
 *
 * Listings page in one vocabulary, `PageRequest` (app/kernel/store/paging.ts): a 0-based
 * `page` of `pageSize` rows (1–500, clamped by every adapter with `pageWindow`);
 * without `pageSize`, every row (the CSV exports).
 */

export interface ContentRepository {
  /** The `general` singleton. */
  getSiteSettings(): Promise<SiteSettings>;
  /** aboutUs / aboutSchool; null when the record is missing. */
  getPage(key: PageKey): Promise<InfoPage | null>;
  /** homeBanner in the studio's order (oldest first until an editor reorders them). */
  listSlides(): Promise<HomeSlide[]>;
  /** officeBearers by order ascending. */
  listOfficeBearers(): Promise<OfficeBearer[]>;
  /** officeBearersHistory, newest first. */
  listPreviousTeams(): Promise<PreviousTeam[]>;
  /** eventCalender by created time ascending. */
  listEvents(): Promise<CalendarEvent[]>;
  /** gallery by order ascending. */
  listGalleries(): Promise<Gallery[]>;
  getGallery(id: Id): Promise<Gallery | null>;
  /** news, published only, newest first. */
  listPublishedNews(): Promise<NewsItem[]>;
  /** One published news item. */
  getPublishedNews(id: Id): Promise<NewsItem | null>;

  // Studio: site settings
  /** Replaces the `general` singleton with `next` (money in pence here; each store keeps it its own way). */
  saveSiteSettings(next: SiteSettings): Promise<void>;
  // Studio: home slides, About Us and School (listSlides above is in their order).
  /** One slide, or null. */
  getSlide(id: Id): Promise<HomeSlide | null>;
  /** A new slide, last in the order; its id. */
  createSlide(slide: SlideInput): Promise<Id>;
  /** False when there is no such slide. An undefined `bannerImage` keeps the slide's image. */
  updateSlide(id: Id, slide: SlideInput): Promise<boolean>;
  /** False when there was no such slide. */
  deleteSlide(id: Id): Promise<boolean>;
  /** Puts the slides in this order (every slide's id, first first); ids not listed keep their place after them. */
  setSlideOrder(ids: Id[]): Promise<void>;
  /**
   * Writes aboutUs / aboutSchool (an undefined `image` keeps it, null removes it). On Cockpit
   * v1 through the custom `singletons/save/<name>` endpoint (ADR 42).
   */
  savePage(key: PageKey, page: PageInput): Promise<void>;
  // Studio: news writes
  /** Every news item, drafts too, newest first (by its date, then by id). */
  listAllNews(): Promise<NewsItem[]>;
  /** One news item, draft or published; null when unknown. */
  getNews(id: Id): Promise<NewsItem | null>;
  /** Creates a news item with the given fields; returns it with its new id. */
  createNews(item: NewsInput): Promise<NewsItem>;
  /** Replaces its title, date, texts, image and published flag; null when unknown. */
  updateNews(id: Id, item: NewsInput): Promise<NewsItem | null>;
  /** Publishes (true) or takes back to draft (false); null when unknown. */
  setNewsPublished(id: Id, published: boolean): Promise<NewsItem | null>;
  /** Removes it; false when it was not there. */
  deleteNews(id: Id): Promise<boolean>;
  // Studio: galleries writes (the photo pipeline's part)
  /** Makes an empty gallery at the end of the list; returns it. */
  createGallery(input: GalleryInput): Promise<Gallery>;
  /** Replaces its title, featured image and photos (in their order); null when unknown. */
  updateGallery(id: Id, input: GalleryInput): Promise<Gallery | null>;
  /** Removes it; false when it was not there (its files are the caller's to delete). */
  deleteGallery(id: Id): Promise<boolean>;

  // Studio: event calendar and office bearers writes (docs/requirements.md §7.7, §7.9). An update or delete of an id that is not there answers null / false.
  /** Adds a calendar entry, created now (so it is listed last). */
  createEvent(entry: CalendarEventFields): Promise<CalendarEvent>;
  updateEvent(id: Id, entry: CalendarEventFields): Promise<CalendarEvent | null>;
  deleteEvent(id: Id): Promise<boolean>;
  /** Adds an office bearer at the end of the team (order: one more than the last). */
  createOfficeBearer(bearer: OfficeBearerFields): Promise<OfficeBearer>;
  updateOfficeBearer(id: Id, bearer: OfficeBearerFields): Promise<OfficeBearer | null>;
  deleteOfficeBearer(id: Id): Promise<boolean>;
  /** Gives the listed bearers the orders 1, 2, 3 ... in the order given (ids not in the team are ignored). */
  reorderOfficeBearers(ids: Id[]): Promise<void>;
  /**
   * Keeps `team` as a previous team (created now, so newest) and empties the current team.
   * D1 does both in one batch; Cockpit saves the previous team first, then removes the bearers.
   */
  moveTeamToPrevious(team: PreviousTeamFields): Promise<PreviousTeam>;
  updatePreviousTeam(id: Id, team: PreviousTeamFields): Promise<PreviousTeam | null>;
  deletePreviousTeam(id: Id): Promise<boolean>;
}

/** A news item as the studio writes it: everything but its id (`createdAt` is its date). */
export type NewsInput = Omit<NewsItem, "id">;

/** A gallery as the studio writes it. An empty `featuredImage.path` means none chosen yet. */
export type GalleryInput = Pick<Gallery, "title" | "featuredImage" | "images">;

/** What the studio sets on a calendar entry, an office bearer and a previous team. */
export type CalendarEventFields = Pick<CalendarEvent, "month" | "date" | "name" | "url">;
export type OfficeBearerFields = Pick<OfficeBearer, "name" | "role" | "photo">;
export type PreviousTeamFields = Pick<PreviousTeam, "title" | "contentHtml">;

/** A document's file: its bytes and their type. */
export interface DocumentFile {
  body: BodyInit;
  contentType: string;
}

export interface DocumentsRepository {
  list(): Promise<DocumentRecord[]>;
  get(id: Id): Promise<DocumentRecord | null>;
  /**
   * The file a document names (`document.file.path`), or null when there is none. D1: the
   * object in the MEDIA bucket (R2) keyed by that path (ADR 40). Cockpit: a relative path is
   * looked up in the MEDIA bucket first (the demo data served from a Cockpit), then fetched
   * from the CMS host (CMS_ASSETS_URL's origin, never another host).
   */
  file(document: DocumentRecord): Promise<DocumentFile | null>;

  // Studio: documents writes (docs/requirements.md §7.10). The file's bytes are in the MEDIA bucket (R2): the record keeps its path, "/documents/<key>", on both stores.
  /** Adds a document, created now (so it is listed first). */
  create(document: DocumentFields): Promise<DocumentRecord>;
  /** Renames it and/or points it at another file; null when there is no such document. */
  update(id: Id, patch: Partial<DocumentFields>): Promise<DocumentRecord | null>;
  /** true when it was there. */
  remove(id: Id): Promise<boolean>;
}

export type DocumentFields = Pick<DocumentRecord, "title" | "file">;

/** The studio's writes of the calendar, the office bearers and previous teams: the part each store's people-writes module builds. */
export type PeopleWrites = Pick<
  ContentRepository,
  | "createEvent"
  | "updateEvent"
  | "deleteEvent"
  | "createOfficeBearer"
  | "updateOfficeBearer"
  | "deleteOfficeBearer"
  | "reorderOfficeBearers"
  | "moveTeamToPrevious"
  | "updatePreviousTeam"
  | "deletePreviousTeam"
>;

/** The studio's writes of the members' documents. */
export type DocumentWrites = Pick<DocumentsRepository, "create" | "update" | "remove">;

export interface ContactMessagesRepository {
  /** Stores a message (Cockpit's contactus form answers with the data only, no id). */
  create(message: Omit<ContactMessage, "id" | "createdAt">): Promise<void>;

  // Contact inbox (docs/requirements.md §6.13): the state (read, handled, replied) is kept in D1 on both stores (ADR 0049).
  /** Messages newest first, in pages with the total and how many are unread. */
  listInbox(query?: PageRequest): Promise<Page<InboxMessage> & { unread: number }>;
  /** How many messages nobody has opened yet. */
  countUnread(): Promise<number>;
  getInboxMessage(id: Id): Promise<InboxMessage | null>;
  /** Marks it read (the first time only); false when there is no such message. */
  markRead(id: Id, at: UnixSeconds): Promise<boolean>;
  /** Marks it handled with the accountant's note (again: the newest note wins); false when there is no such message. */
  markHandled(id: Id, handled: { note: string; by: string; at: UnixSeconds }): Promise<boolean>;
  /** Records that a reply was sent (the e-mail itself is in the outbox); false when there is no such message. */
  recordReply(id: Id, reply: { by: string; at: UnixSeconds }): Promise<boolean>;
}

export type MemberSortKey = "memberNumber" | "fullName" | "membership" | "active" | "createdAt" | "registrationPaid" | "email" | "lastRenewedYear" | "role";

/**
 * What the members tables ask for. Names sort case-insensitively and missing
 * values sort last in either direction, on every adapter.
 */
export interface MemberListQuery extends PageRequest {
  deleted: boolean;
  /** Matches name, e-mail, postcode or member number (with or without MMA). */
  search?: string;
  active?: boolean;
  membership?: Membership;
  registrationPaid?: boolean;
  /** Members whose last renewed year is not this one (the pending renewals). */
  notRenewedIn?: number;
  sort?: { key: MemberSortKey; direction: "asc" | "desc" };
}

/** The orders of the members tables' keyset pages (ADR 63): newest registrations first, or by name. */
export type MemberBrowseOrder = "newest" | "oldest" | "name" | "name-desc";

/**
 * One page of the members tables (/accounts, /deleted-members), read by keyset (ADR 63):
 * the page after the member `after`, or before the member `before` (ids of a row of the
 * page the accountant was on), never an OFFSET and never a count, so a page reads about
 * `pageSize` rows whatever the size of the list. With `search`, the members whose household
 * names, e-mail, number, phones or postcode have words that begin with each word searched,
 * in the search index's order (latest added first); `order` applies without a search.
 */
export interface MemberBrowseQuery {
  deleted: boolean;
  search?: string;
  active?: boolean;
  membership?: Membership;
  registrationPaid?: boolean;
  order: MemberBrowseOrder;
  after?: Id;
  before?: Id;
  /** Clamped to 1–MAX_PAGE_SIZE like every page. */
  pageSize: number;
}

/** A keyset page: its rows and the ids the Next and Previous links carry (null: no such page). */
export interface MemberBrowsePage {
  rows: Member[];
  /** Ask `after` this id for the next page. */
  next: Id | null;
  /** Ask `before` this id for the previous page. */
  previous: Id | null;
}

export interface MembersRepository {
  getById(id: Id): Promise<Member | null>;
  /** Case-insensitive; deleted members included (an e-mail is never reused). */
  findByEmail(email: string): Promise<Member | null>;
  /** Creates the member with the next member number: unique under concurrency on D1, best effort on Cockpit (ADR 3). */
  register(member: NewMember): Promise<Member>;
  /** Changes only the given fields; returns the updated member, or null if unknown. */
  update(id: Id, patch: MemberPatch): Promise<Member | null>;
  /**
   * Clears the member's reset key if it is still `key` and unexpired at `now`, and says
   * whether this call cleared it. D1: one conditional UPDATE, so only one of any number of
   * calls at the same moment gets true and a reset link changes the password once.
   * Cockpit has no conditional write: it reads the member, compares, then clears the key,
   * so a used link is refused afterwards but two posts in the same instant may both get
   * true (best effort, ADR 21).
   */
  claimResetKey(id: Id, key: string, now: UnixSeconds): Promise<boolean>;
  list(query: MemberListQuery): Promise<Page<Member>>;
  /**
   * The subscriptions report's pending table without a search (docs/requirements.md §6.9, ADR 64):
   * a page of the active members not renewed in `notRenewedIn`, newest first as `list`, and
   * their count up to `countUpTo` (`atLeast`: there are that many or more). D1 reads the page
   * and the count through indexes, so a view reads rows in hundreds, not the whole table.
   */
  listPendingRenewal(query: { notRenewedIn: number } & PageRequest, countUpTo: number): Promise<Page<Member> & { atLeast: boolean }>;
  /** One keyset page of a members table, with its search (ADR 63). */
  browse(query: MemberBrowseQuery): Promise<MemberBrowsePage>;
  /**
   * A mailing's audience (docs/requirements.md §13, ADR 73), every member in it (not deleted),
   * in member id order; `year` is this membership year (for "not renewed"). The event's ticket
   * holders come from TicketsRepository.holders.
   */
  audience(audience: Exclude<Audience, { kind: "event-tickets" }>, year: number): Promise<MailingRecipient[]>;
  /** These members (not deleted) as a mailing's recipients, in one query (an event's ticket holders, ADR 73). */
  recipientsByIds(ids: Id[]): Promise<MailingRecipient[]>;
}

export interface TransactionsRepository {
  create(transaction: NewTransaction): Promise<Transaction>;
  getById(id: Id): Promise<Transaction | null>;
  /** A member's transactions, newest first, optionally of one status. */
  listByUser(userId: Id, status?: TransactionStatus): Promise<Transaction[]>;
  setCheckoutSession(id: Id, checkoutSessionId: string): Promise<void>;
  /** Every transaction still pending, oldest first (the accountant's Reconcile list). */
  listPending(query?: PageRequest): Promise<Page<Transaction>>;
  /**
   * Settles a transaction. `failed` applies only to a pending one; `success`
   * applies to a pending or failed one (a member may cancel, go back and pay in the
   * same checkout). Returns true only for the one call that made the change, so
   * whatever follows a settlement runs once; D1 guarantees it (one conditional
   * UPDATE), Cockpit can only re-read and compare.
   */
  settle(id: Id, status: Exclude<TransactionStatus, "pending">, at: UnixSeconds): Promise<boolean>;
  /**
   * Settles a paid transaction ('success', from pending or failed) and applies its change
   * to the member as one step: D1 runs both in one batch, so a crash cannot leave a settled
   * transaction with an unchanged member; Cockpit writes one after the other (ADR 21).
   * Returns true only for the one call that made the change. Refused (false, nothing
   * written) when the member already has the change (features/payments/member-settlement.ts): one
   * transaction settles a year, a registration or an upgrade.
   */
  settlePaid(id: Id, at: UnixSeconds, change: { memberId: Id; settlement: MemberSettlement } | null): Promise<boolean>;
  /**
   * The paid ('success') transactions of a year and payment type, for the reports
   * (the renewals table): newest received first (ADR 64: the day the money came), then by id.
   */
  listSettled(query: SettledQuery & PageRequest): Promise<Page<Transaction>>;
  /**
   * The same transactions summed up: how many, their amount (unit × qty) and how many
   * were received (ADR 64: the day the money came, at noon UTC) within each period
   * [from, to), e.g. the months of the year in UK time, which the caller computes.
   */
  summarizeSettled(query: SettledQuery, periods: ReadonlyArray<{ from: UnixSeconds; to: UnixSeconds }>): Promise<SettledSummary>;
  /**
   * A page of listSettled without its count (the report without a search counts from the
   * running totals, ADR 64): D1 reads the page's rows through its index, newest received first.
   */
  pageSettled(query: SettledQuery & PageRequest): Promise<Transaction[]>;
  /**
   * The running totals of a subscription year's paid renewals (ADR 64): D1 reads its rows of
   * `renewal_totals`, kept in the batch of each settlement; Cockpit counts its entries
   * (Cockpit reads are not D1 rows).
   */
  renewalTotals(year: number): Promise<RenewalTotals>;
  /**
   * Paid ('success') transactions of these types whose money was received (ADR 64's UK day)
   * from `from` to `to` inclusive (YYYY-MM-DD), oldest first, then by id (the Gift Aid claim and
   * the donations report, docs/requirements.md §14).
   */
  listReceived(query: { types: PaymentType[]; from: string; to: string }): Promise<Transaction[]>;
  /** The same, counted afresh from the transactions: what the running totals must equal. */
  recountRenewalTotals(year: number): Promise<RenewalTotals>;

  // Offline payments (docs/requirements.md §4.9, ADR 0054): the events report shows how each ticket was paid
  /** The method of each ticket's paid ('success') transaction, by ticket id; a ticket without one (free) is absent. */
  ticketPaymentMethods(ticketIds: Id[]): Promise<Record<Id, PaymentMethod>>;
}

export interface SettledQuery {
  year: number;
  paymentType: PaymentType;
  /** Matches the member's name or e-mail on the transaction, or the member's number (with or without MMA). */
  search?: string;
}

export interface SettledSummary {
  count: number;
  amount: Pence;
  perPeriod: number[];
}

export interface TicketsRepository {
  /** The members holding a paid ticket of the event, once each, in member id order (a mailing's audience, ADR 73). */
  holders(eventId: Id): Promise<Id[]>;
  create(ticket: NewTicket): Promise<Ticket>;
  getById(id: Id): Promise<Ticket | null>;
  getByCode(code: string): Promise<Ticket | null>;
  /**
   * Paid with someone on it still to be admitted, newest first (My Tickets): a household's
   * ticket stays until the last of them is in (features/tickets/my-tickets.ts someoneStillToCome).
   */
  listOpenByUser(userId: Id): Promise<Ticket[]>;
  /** Every ticket of a member, paid or not, newest first (booking: a paid one for the event, an unpaid one to reuse). */
  listByUser(userId: Id): Promise<Ticket[]>;
  /** Marks an unpaid ticket paid; true only for the call that changed it. */
  markPaid(id: Id): Promise<boolean>;
  /**
   * Admits the given people of a paid ticket and marks it used. Each person is
   * admitted once, whatever the number of concurrent calls; returns who this call admitted.
   */
  admit(id: Id, people: Array<{ band: AttendeeBand; position: number }>, at: UnixSeconds): Promise<Array<{ band: AttendeeBand; position: number }>>;
  /** The event payments report (docs/requirements.md §6.10): the years of paid tickets, newest first (its year choices). */
  listReportYears(): Promise<number[]>;
  /**
   * The titles of a year's paid tickets, alphabetical; with `noEvent`, only those of tickets
   * with no event (the report's by-title fallback for tickets older than events, ADR 60).
   */
  listReportTitles(year: number, options?: { noEvent?: boolean }): Promise<string[]>;
  /** The paid tickets of one event (by id), or of a year (and one title), summed up in one query. */
  summarizeReport(query: TicketReportQuery): Promise<TicketReportSummary>;
  /** The same tickets with their attendees, newest first. */
  listReport(query: TicketReportQuery & PageRequest): Promise<Page<Ticket>>;

  // An event's capacity (docs/requirements.md §5.5; features/tickets/event-capacity.ts, ADR 43, ADR 62)
  /**
   * How many people hold a place at the event (by its id): the attendees of its paid tickets
   * not refunded in full, and of its unpaid ones made at or after `heldSince` (their checkout
   * may still be paid).
   */
  countPeopleHoldingPlaces(eventId: Id, heldSince: UnixSeconds): Promise<number>;
  /**
   * Gives back the places of the event's unpaid tickets made before `heldSince` (their
   * checkout has expired), once each; how many tickets. D1 keeps a running count of places
   * (ADR 62); Cockpit counts afresh each time, so there it does nothing.
   */
  releaseExpiredHolds(eventId: Id, heldSince: UnixSeconds): Promise<number>;
  /** The event's totals counted afresh from its tickets and refunds (ADR 62): what the running totals must equal. */
  recountEventTotals(eventId: Id): Promise<EventTotals>;
  /**
   * Gives the tickets of an event's title and year that have no event yet this event's id
   * (the adoption of the settings' event, ADR 60); how many were linked.
   */
  linkToEvent(eventId: Id, event: { title: string; year: number }): Promise<number>;
  /**
   * create(), only while the people holding places at the ticket's event plus this party
   * stay within `capacity`; null, nothing written, when they would not. D1: the count and the
   * insert are one conditional statement in one batch, so two bookings racing for the last
   * places never both get them. Cockpit cannot: it counts, then creates, and two bookings
   * in that gap may both be taken (the over-booking window, ADR 43).
   */
  createWithinCapacity(ticket: NewTicket, limit: { capacity: number; heldSince: UnixSeconds }): Promise<Ticket | null>;
}

/**
 * Events as records (docs/requirements.md §5.1, ADR 60), in D1 on both stores. The table
 * holds a handful of rows a year, so lists read it whole through its date index.
 */
export interface EventsRepository {
  /** Whether any event exists (one row read: the adoption's check, ADR 60). */
  hasAny(): Promise<boolean>;
  /** Every event, cancelled ones too, by date then id (the studio, the door, the reports). */
  list(): Promise<EventRecord[]>;
  /**
   * Published, not cancelled, dated `fromDay` or later or undated (those last), by date; at most
   * `limit` (the public pages, booking). Whether an undated one is over is the caller's
   * (event-schedule eventOver).
   */
  listUpcoming(fromDay: string, limit: number): Promise<EventRecord[]>;
  get(id: Id): Promise<EventRecord | null>;
  /** Every write (create, update, setCancelled) also bumps the content version: events are on the public pages (§1.12, ADR 42). */
  create(fields: EventFields): Promise<EventRecord>;
  /** Null when there is no such event. */
  update(id: Id, fields: EventFields): Promise<EventRecord | null>;
  /** Cancels (at `at`) or restores (null) an event; null when there is none. */
  setCancelled(id: Id, at: UnixSeconds | null): Promise<EventRecord | null>;
  /** The event's running totals (ADR 62): one row read; zeros for an event with none yet. */
  totals(id: Id): Promise<EventTotals>;
  /** Replaces them (the adoption, and a repair after a recount disagreed). */
  writeTotals(id: Id, totals: EventTotals): Promise<void>;
}

/**
 * Which paid tickets the event payments report covers (docs/requirements.md §6.10): one
 * event's, by its id (ADR 60), or a year's by title, for tickets with no event.
 */
export type TicketReportQuery = TicketReportByEvent | TicketReportByTitle;

export interface TicketReportByEvent {
  /** The event's id: its tickets whatever their title and year. */
  eventId: Id;
}

export interface TicketReportByTitle {
  year: number;
  /** One title; omitted: every title of the year. */
  title?: string;
  /** Only tickets with no event (eventId null): the by-title fallback, so an event's tickets are never counted twice. */
  noEvent?: boolean;
}

export interface TicketReportSummary {
  tickets: number;
  /** Sum of the tickets' prices. */
  amount: Pence;
  /** Attendees per band. */
  bands: Record<AttendeeBand, number>;
}

export interface OutboxResult {
  status: EmailStatus;
  providerId?: string | null;
  error?: string | null;
}

export interface OutboxRepository {
  add(email: NewOutboxEmail, status: EmailStatus, provider: string): Promise<OutboxEmail>;
  markResult(id: Id, result: OutboxResult): Promise<void>;
  /**
   * 'Send again' claims a failed e-mail: failed becomes queued in one conditional write,
   * true for the one caller that changed it (so a double click sends once).
   */
  claimFailed(id: Id): Promise<boolean>;
  /** Many e-mails at once (a bulk send), in one round trip; returned in the order given. */
  addMany(emails: NewOutboxEmail[], status: EmailStatus, provider: string): Promise<OutboxEmail[]>;
  /** Many results at once, in one round trip. */
  markResults(results: Array<OutboxResult & { id: Id }>): Promise<void>;
  get(id: Id): Promise<OutboxEmail | null>;
  /** The e-mail Resend knows by this id (its webhook's bounces and complaints, ADR 73), or null. */
  findByProviderId(providerId: string): Promise<OutboxEmail | null>;
  /** Newest first. */
  list(query?: PageRequest): Promise<Page<OutboxEmail>>;
}

/** The activity log (kernel/activity/activity.ts): entries are added, never changed. */
export interface ActivityRepository {
  /** Keeps one entry; returns it with its id. */
  record(entry: NewActivityEntry): Promise<ActivityEntry>;
  /** Newest first (by `at`, then by the order they were recorded), with the total. */
  list(query?: PageRequest): Promise<Page<ActivityEntry>>;
  /**
   * The newest `limit` entries about one member (ActivityEntry.memberId), newest first: the
   * member page's activity (docs/requirements.md §6.3.1), read by the indexed member id.
   */
  listAbout(memberId: Id, limit: number): Promise<ActivityEntry[]>;
}

export interface Store {
  /** Which adapter serves this request ("d1" or "cockpit"). */
  readonly kind: "d1" | "cockpit";
  content: ContentRepository;
  documents: DocumentsRepository;
  contactMessages: ContactMessagesRepository;
  members: MembersRepository;
  transactions: TransactionsRepository;
  tickets: TicketsRepository;
  events: EventsRepository;
  outbox: OutboxRepository;
  activity: ActivityRepository;
  personalData: PersonalDataRepository;
  refunds: RefundsRepository;
  rateLimits: RateLimitsRepository;
  memberSessions: MemberSessionsRepository;
  twoStep: TwoStepRepository;
  signInCodes: SignInCodesRepository;
  renewalReminders: RenewalRemindersRepository;
  contentVersion: ContentVersionRepository;
  practiceCheckouts: PracticeCheckoutsRepository;
  mailings: MailingsRepository;
  mailingDeliveries: MailingDeliveriesRepository;
  mailPreferences: MailPreferencesRepository;
  badAddresses: BadAddressesRepository;
  webhookReceipts: WebhookReceiptsRepository;
  // Gift Aid and donations (docs/requirements.md §14, ADR 74): D1 on both stores.
  giftAidDeclarations: GiftAidDeclarationsRepository;
  giftAidClaims: GiftAidClaimsRepository;
  giftAidSettings: GiftAidSettingsRepository;
  donors: DonorsRepository;
  donations: DonationsRepository;
}

// ---- Gift Aid and donations (docs/requirements.md §14, ADR 74) ----------------

export interface GiftAidDeclarationsRepository {
  create(declaration: NewGiftAidDeclaration, at: UnixSeconds): Promise<GiftAidDeclaration>;
  get(id: Id): Promise<GiftAidDeclaration | null>;
  /** A person's declarations, newest given first (My Account, the member page, Download my data). */
  listByPerson(personId: Id): Promise<GiftAidDeclaration[]>;
  /** The declarations of these people, by person id, each list newest given first (the claim: one read for a page of payments). */
  listByPeople(personIds: Id[]): Promise<Record<Id, GiftAidDeclaration[]>>;
  /** Cancels it from `on` (UK day): only one not yet cancelled changes; true when it did. */
  withdraw(id: Id, on: string, by: Id, at: UnixSeconds): Promise<boolean>;
  /** An accountant's correction of the name or address (a claim's problem). */
  correct(id: Id, fields: Pick<GiftAidDeclaration, "title" | "fullName" | "address" | "postcode">, by: Id, at: UnixSeconds): Promise<void>;
  /**
   * Members' sign-up consents without a declaration become "sign-up" declarations dated from their
   * registration (migration 0031 does it on D1; the Cockpit store's members are given here). Idempotent; how many were made.
   */
  backfillSignUp(members: Array<Pick<Member, "id" | "title" | "fullName" | "address" | "postcode" | "createdAt">>): Promise<number>;
  /** Name and address become `as` (erasure once out of HMRC's window); how many changed. */
  pseudonymise(personId: Id, as: { fullName: string }, at: UnixSeconds): Promise<number>;
}

export interface DonorsRepository {
  create(donor: Pick<Donor, "email" | "fullName">, at: UnixSeconds): Promise<Donor>;
  get(id: Id): Promise<Donor | null>;
  getMany(ids: Id[]): Promise<Record<Id, Donor>>;
}

export interface DonationsRepository {
  create(donation: NewDonation, at: UnixSeconds): Promise<Donation>;
  get(transactionId: Id): Promise<Donation | null>;
  getMany(transactionIds: Id[]): Promise<Record<Id, Donation>>;
  /** A person's donations, newest first (Download my data). */
  listByPerson(personId: Id): Promise<Donation[]>;
  /** Erasure: the messages typed with this person's donations become ERASED_VALUE (the amounts stay for the accounts); how many. */
  eraseMessages(personId: Id): Promise<number>;
}

export interface GiftAidSettingsRepository {
  get(): Promise<GiftAidSettings>;
  save(settings: Pick<GiftAidSettings, "eligibleKinds" | "charityReference" | "charityName">, by: Id, at: UnixSeconds): Promise<void>;
}

export interface GiftAidClaimsRepository {
  /**
   * Records a claim and its payments in one D1 batch. A payment already in a claim (a double
   * submit, two treasurers) fails the whole batch: "already-claimed" with those payments' ids, nothing written.
   */
  create(
    claim: NewGiftAidClaim,
    items: NewGiftAidClaimItem[],
    at: UnixSeconds,
  ): Promise<{ kind: "created"; claim: GiftAidClaim } | { kind: "already-claimed"; transactionIds: Id[] }>;
  get(id: Id): Promise<GiftAidClaim | null>;
  /** Every claim, newest first (the claims history: a few a year). */
  list(): Promise<GiftAidClaim[]>;
  items(claimId: Id): Promise<GiftAidClaimItem[]>;
  /** The claim items of these payments, by transaction id (which of a period's payments were claimed). */
  claimedOf(transactionIds: Id[]): Promise<Record<Id, GiftAidClaimItem>>;
  /**
   * Claimed payments refunded since (docs/requirements.md §14.3): the done refunds made after their
   * claim and since the latest claim was marked (the next claim is where HMRC expects them netted
   * off, so marking it ends the flag), summed per payment and capped at what was claimed on.
   */
  refundedSinceLastClaim(): Promise<Array<{ item: GiftAidClaimItem; refunded: Pence }>>;
  /** Every payment claimed on, with its item (the "refunded after claiming" flags read their refunds). */
  listItemsOfPerson(personId: Id): Promise<GiftAidClaimItem[]>;
  /** Sets HMRC's reference; only while none is set. True when it changed. */
  setReference(id: Id, reference: string): Promise<boolean>;
  /** Reopens a claim without a reference: its items go (their payments can be claimed again). False when it has a reference or was reopened. */
  reopen(id: Id, reason: string, by: Id, at: UnixSeconds): Promise<boolean>;
}

// Members' data rights (docs/requirements.md §8, ADR 0056): what "Download my data" reads and "Erase" changes beyond the member's own record.
export interface PersonalDataRepository {
  // Found by the member's id, written on each record when it was made, never by an address
  // (docs/security.md, "Whose is this record"): anyone can type anyone's address.
  /** E-mails in the outbox about this member (OutboxEmail.memberId), newest first. */
  outboxAbout(memberId: Id): Promise<OutboxEmail[]>;
  /** Deletes those e-mails; how many went. */
  deleteOutboxAbout(memberId: Id): Promise<number>;
  /** Contact-form messages this member sent while signed in (ContactMessage.memberId), newest first. */
  contactMessagesBy(memberId: Id): Promise<ContactMessage[]>;
  /**
   * Removes those messages and their inbox state; how many. Cockpit v1's API cannot delete a
   * form entry, so there the entries are emptied of their text in the inbox (their ids are
   * kept in D1 as erased) and the Cockpit admin deletes them by hand (docs/privacy.md).
   */
  eraseContactMessagesBy(memberId: Id): Promise<number>;
  /**
   * The member's transactions and tickets keep their amounts, dates, types, methods and ids, but
   * their copies of the name and e-mail (and an upgrade's family details, and the ticket's
   * attendees' names) become `as`, and an offline payment's reference becomes
   * features/data-rights/erasure.ts ERASED_VALUE. How many records changed.
   */
  pseudonymisePayments(userId: Id, as: { name: string; email: string }): Promise<number>;
  /**
   * Activity entries about (subject) or by (actor) any of `ids` (the member, their contact
   * messages, payments and tickets: a refund's entry is about the payment and names the
   * payer) are rewritten as features/data-rights/erasure.ts erasedActivity says: every one of `names` in
   * their texts becomes `pseudonym`, and the entries about them lose their before and after
   * values. Found by those ids, never by searching the texts. How many entries changed.
   */
  pseudonymiseActivity(ids: Id[], names: string[], pseudonym: string): Promise<number>;
  /** The reasons typed for the refunds of this payer's payments (refunds.user_id) become ERASED_VALUE; how many. */
  eraseRefundReasons(userId: Id): Promise<number>;
  /** The daily run's retention (settings `retention`): deletes outbox e-mails made before `cutoff`; how many. */
  deleteOutboxBefore(cutoff: UnixSeconds): Promise<number>;
  /**
   * Up to `limit` e-mails written before e-mails carried a member id and not yet attributed
   * (migration 0022): each one's id and its one recipient, for the daily run to look up.
   */
  outboxOwnersUnknown(limit: number): Promise<Array<{ id: Id; address: string }>>;
  /** Settles such an e-mail: the member it is about (or null: nobody's), never asked again. */
  settleOutboxOwner(id: Id, memberId: Id | null): Promise<void>;
  /** The same for contact messages (on Cockpit: marked erased, as eraseContactMessagesBy does); how many. */
  deleteContactMessagesBefore(cutoff: UnixSeconds): Promise<number>;
}

// Refunds (docs/requirements.md §4.10): kept in D1 on both stores (migration 0018, ADR 0055).
export interface RefundsRepository {
  /**
   * Records a refund of at most what is left of `paid` (pence): one conditional INSERT, so a
   * double submit or two accountants at once never refund more than was paid. The same id
   * again is the same refund ("exists", nothing written); "over" when it would exceed.
   */
  create(refund: NewRefund, paid: Pence): Promise<{ kind: "created" | "exists"; refund: Refund } | { kind: "over" }>;
  get(id: Id): Promise<Refund | null>;
  findByProviderId(providerRefundId: string): Promise<Refund | null>;
  /** A transaction's refunds, oldest first. */
  listByTransaction(transactionId: Id): Promise<Refund[]>;
  /** A member's refunds, oldest first (My Account's "Refunded £x"). */
  listByUser(userId: Id): Promise<Refund[]>;
  /** The provider said: succeeded (with its refund id) or failed. Only a pending refund changes; true when it did. */
  settle(id: Id, outcome: { status: "succeeded" | "failed"; providerRefundId: string | null }): Promise<boolean>;
  /** The accountant's answer to "Does the membership change stand?". */
  setMembershipDecision(id: Id, decision: MembershipDecision): Promise<void>;
  /** Whether the ticket was refunded in full (a succeeded completing refund): the door refuses it. */
  isTicketRefunded(ticketId: Id): Promise<boolean>;
  /** How many people held places on the event's tickets refunded in full: places freed again. */
  countPeopleFreed(eventId: Id): Promise<number>;
  /**
   * The done refunds of a year's payments of one type, in pence (the reports' net totals);
   * with `eventTitle`, only the tickets of that event (a ticket's year is its event's).
   */
  sumRefunded(query: { year: number; paymentType: PaymentType; eventTitle?: string }): Promise<Pence>;
  /** The done refunds of each of these payments (`by: "transaction"`) or tickets (`by: "ticket"`), in pence, by id; none: absent (the downloads' "Refunded" column). */
  refundedBy(by: "transaction" | "ticket", ids: Id[]): Promise<Record<Id, Pence>>;
}

/** One fixed-window counter at one moment: its key and its current window (kernel/http/rate-limit.server.ts decides both). */
export interface CounterWindow {
  key: string;
  start: UnixSeconds;
  end: UnixSeconds;
}

/**
 * Abuse limits' counters (kernel/http/rate-limit.server.ts, migrations 0002 and 0007): kept in D1 on both
 * stores, like the outbox and the refunds, because each count is one atomic upsert, which
 * Cockpit's API does not have. `sweep` also deletes a bounded batch of ended windows.
 */
export interface RateLimitsRepository {
  /** Counts one hit on each counter, all in one transaction; each counter's hits in its window, in order. */
  hit(windows: CounterWindow[], at: UnixSeconds, sweep: boolean): Promise<number[]>;
  /**
   * Reads each failure counter and counts one failure at `at`, all in one transaction, so
   * concurrent attempts see each other; each counter's state before this failure, in order.
   */
  countFailure(windows: CounterWindow[], at: UnixSeconds, sweep: boolean): Promise<Array<{ failures: number; lastFailureAt: UnixSeconds }>>;
  /**
   * Takes the failure counted at `at` back off each counter in one transaction: a counter at 1
   * goes, any other counts down and gets `previousLastFailureAt` back unless a later failure set a newer one.
   */
  forgiveFailure(windows: Array<CounterWindow & { previousLastFailureAt: UnixSeconds }>, at: UnixSeconds): Promise<void>;
  /** The daily run (ADR 0050): deletes every counter whose window has ended by `now`; how many. */
  deleteExpired(now: UnixSeconds): Promise<number>;
}

/** One sign-in (docs/decisions/0070-sessions-as-records.md): the row behind a session cookie. */
export interface MemberSession {
  /** The cookie's sessionId. */
  id: string;
  memberId: Id;
  /** Unix seconds with milliseconds: the cookie's issuedAt. */
  createdAt: number;
  lastSeenAt: UnixSeconds;
  expiresAt: UnixSeconds;
  userAgent: string | null;
  /** Two letters (Cloudflare's request.cf.country), or null when unknown. */
  country: string | null;
  /** The session signs nobody in until its second step is done (ADR 71). */
  secondStepRequired: boolean;
  secondStepAt: UnixSeconds | null;
  revokedAt: UnixSeconds | null;
}

export type NewMemberSession = Omit<MemberSession, "lastSeenAt" | "secondStepAt" | "revokedAt"> & { secondStepAt?: UnixSeconds | null };

/**
 * Sessions as records (ADR 70, migration 0027): kept in D1 on both stores, like the rate limits.
 * Every write names the session by its id; the ones a member asks for also name the member, so
 * nobody ends a session that is not theirs.
 */
export interface MemberSessionsRepository {
  /** Records a sign-in. */
  create(session: NewMemberSession): Promise<void>;
  /** The session by its id (one read by primary key on every signed-in request), or null. */
  get(id: string): Promise<MemberSession | null>;
  /** The member's sessions not revoked and not expired by `now`, most recently seen first. */
  listOpen(memberId: Id, now: UnixSeconds): Promise<MemberSession[]>;
  /** Writes last_seen_at unless a newer one is there (ADR 70: at most once per 5 minutes per session, the caller decides). */
  touch(id: string, now: UnixSeconds): Promise<void>;
  /** Records the second step on a session not revoked; whether it was. */
  completeSecondStep(id: string, now: UnixSeconds): Promise<boolean>;
  /** Signs one session out (logout); whether it was signed in. `memberId`, when given, must own it. */
  revoke(id: string, now: UnixSeconds, memberId?: Id): Promise<boolean>;
  /** Signs out every open session of the member but `keepId`; how many. */
  revokeAllBut(memberId: Id, keepId: string, now: UnixSeconds): Promise<number>;
  /** The daily run (ADR 0050): deletes the sessions expired by `now`; how many. */
  deleteExpired(now: UnixSeconds): Promise<number>;
  /** Erasure (ADR 0056): every session of the member, open or ended, goes (a device and a country are theirs); how many. */
  deleteForMember(memberId: Id): Promise<number>;
}

/** A member's two-step set-up as D1 keeps it (migration 0029, docs/decisions/0071). */
export interface TwoStepRecord {
  memberId: Id;
  /** The TOTP secret sealed with a key from SESSION_SECRET (features/two-step/secret-box.server.ts). */
  secretSealed: string;
  createdAt: UnixSeconds;
  /** Null while the set-up waits for its first code: such a record turns nothing on. */
  confirmedAt: UnixSeconds | null;
  /** The newest 30-second step whose code was accepted (a code of it or older is refused). */
  lastUsedStep: number | null;
}

/**
 * Two-step verification (docs/decisions/0071, migration 0029): members' authenticator set-ups,
 * their recovery codes (hashed) and the setting "Staff must use two-step verification"; in D1
 * on both stores, like the rate limits. Each "use" is one conditional write, so two requests
 * racing with the same code cannot both succeed.
 */
export interface TwoStepRepository {
  get(memberId: Id): Promise<TwoStepRecord | null>;
  /** Starts a set-up with a new secret, replacing one not yet confirmed; false (and nothing changed) when one is confirmed. */
  begin(memberId: Id, secretSealed: string, at: UnixSeconds): Promise<boolean>;
  /** Confirms a waiting set-up with its first code's step, and keeps these recovery codes (hashes); false when none waits. */
  confirm(memberId: Id, at: UnixSeconds, step: number, codeHashes: string[]): Promise<boolean>;
  /** Records `step` as used if it is newer than the last one used: false for a replay (or no confirmed set-up). */
  useStep(memberId: Id, step: number): Promise<boolean>;
  /** Marks an unused recovery code as used: false when there is no such unused code. */
  useRecoveryCode(memberId: Id, codeHash: string, at: UnixSeconds): Promise<boolean>;
  /** Replaces every recovery code (used or not) with these. */
  replaceRecoveryCodes(memberId: Id, codeHashes: string[]): Promise<void>;
  /** How many recovery codes are left unused. */
  unusedRecoveryCodes(memberId: Id): Promise<number>;
  /** Removes the set-up and its codes (turned off, or reset by an accountant); whether there was one. */
  remove(memberId: Id): Promise<boolean>;
  /** "Staff must use two-step verification": off until an accountant (or `npm run admin:create`) turns it on. */
  staffRequired(): Promise<boolean>;
  setStaffRequired(on: boolean, at: UnixSeconds, by: Id | null): Promise<void>;
}

/** An e-mailed sign-in code as kept (migration 0028, ADR 69): hashes only, never the code or the link. */
export interface SignInCode {
  id: Id;
  /** Null when the e-mail matched nobody: the page answered the same and nothing was sent. */
  memberId: Id | null;
  /** SHA-256 of the random value in the cookie of the browser that asked (hex). */
  browserHash: string;
  /** HMAC-SHA256 of the id and the 6-digit code, keyed with the site's secret (hex). */
  codeHash: string;
  /** SHA-256 of the one-tap link's token (hex). */
  linkHash: string;
  createdAt: UnixSeconds;
  expiresAt: UnixSeconds;
  /** Wrong codes (or links) tried so far. */
  failures: number;
  usedAt: UnixSeconds | null;
}

/**
 * E-mailed sign-in codes (features/sign-in/email-code-strategy.server.ts, migration 0028, ADR 69):
 * kept in D1 on both stores, like the rate limits, because a wrong try and a use are each one
 * conditional UPDATE, which Cockpit's API does not have.
 */
export interface SignInCodesRepository {
  /** Keeps a new code, and in the same batch deletes a bounded batch of codes expired by `now`. */
  create(code: Omit<SignInCode, "failures" | "usedAt">, now: UnixSeconds): Promise<void>;
  get(id: Id): Promise<SignInCode | null>;
  /**
   * Counts one wrong try on a code still open at `now` (unused, unexpired, under `maxFailures`
   * wrong tries): the failures after it, or null when the code was no longer open.
   */
  countFailure(id: Id, now: UnixSeconds, maxFailures: number): Promise<number | null>;
  /** Marks an open code used (one conditional UPDATE): true for exactly one of two tries at once. */
  claim(id: Id, now: UnixSeconds, maxFailures: number): Promise<boolean>;
  /** Deletes every code expired by `now`; how many. */
  deleteExpired(now: UnixSeconds): Promise<number>;
}

/** When one renewal-reminder stage of a year last ran, and to how many members (the subscriptions page). */
export interface StageRun {
  /** "09-01". */
  stage: string;
  /** Unix seconds of the latest reminder of the stage. */
  lastSentAt: UnixSeconds;
  reminded: number;
}

/**
 * The records of automatic renewal reminders (features/membership/renewal-reminders.server.ts,
 * migration 0015, ADR 0050): one per member, year and stage, kept in D1 on both stores (a
 * Cockpit site has its D1 too), because a claim is one INSERT OR IGNORE.
 */
export interface RenewalRemindersRepository {
  /**
   * Claims the stage for each member before the e-mail is sent, so each member gets each stage
   * once however often the daily run goes; returns the ids that were not claimed before (to be sent now).
   */
  claim(input: { memberIds: Id[]; year: number; stage: string; at: UnixSeconds }): Promise<Set<Id>>;
  /** When each stage of the year last ran, and to how many members, by stage. */
  stageRuns(year: number): Promise<StageRun[]>;
}

/**
 * The content version (kernel/store/content/content-version.server.ts, ADR 42, migration 0012):
 * a number every write to public content bumps, part of the content and page caches' keys.
 * Kept in D1 on both stores.
 */
export interface ContentVersionRepository {
  /** The version; null when its row is missing. */
  read(): Promise<number | null>;
  /** Adds one to the version (creating its row if a hand-made database lacks it). */
  bump(): Promise<void>;
}

/** A practice checkout session as stored (features/payments/checkout/practice-gateway.server.ts, migration 0005). */
export interface PracticeCheckoutRecord {
  id: string;
  lineItems: CheckoutLineItem[];
  customerEmail: string;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  amountTotal: number;
  currency: string;
  description: string;
  paymentStatus: "paid" | "unpaid";
  /** As stored: an open session past `expiresAt` is still "open" here. */
  status: "open" | "complete" | "expired";
  expiresAt: UnixSeconds;
}

/** A new practice session: open and unpaid, in pounds sterling. */
export type NewPracticeCheckout = Omit<PracticeCheckoutRecord, "currency" | "paymentStatus" | "status"> & { createdAt: UnixSeconds };

/**
 * The practice checkout's sessions (the embedded default when STRIPE_SECRET_KEY is unset):
 * kept in D1 on both stores, like the outbox.
 */
export interface PracticeCheckoutsRepository {
  get(id: string): Promise<PracticeCheckoutRecord | null>;
  create(session: NewPracticeCheckout): Promise<void>;
  /** One conditional UPDATE: only a session still open and not past its time at `at` changes. */
  close(id: string, to: { status: "complete" | "expired"; paymentStatus: "paid" | "unpaid" }, at: UnixSeconds): Promise<void>;
}

// ---- Member mailings (docs/requirements.md §13, ADR 73): in D1 on both stores (migration 0030) ----

/** Mailings: drafts, scheduled, sending, sent. Every state change is one conditional write. */
export interface MailingsRepository {
  create(draft: NewMailing, now: UnixSeconds): Promise<Mailing>;
  get(id: Id): Promise<Mailing | null>;
  /** Newest first. */
  list(query?: PageRequest): Promise<Page<Mailing>>;
  /** Changes a draft or a scheduled mailing (never one that started); null when it has started or is unknown. */
  updateDraft(id: Id, patch: MailingDraftPatch, now: UnixSeconds): Promise<Mailing | null>;
  /** Schedules a draft (or moves a schedule) for `at`, or with null takes a scheduled mailing back to a draft; whether it changed. */
  schedule(id: Id, at: UnixSeconds | null, by: Id, now: UnixSeconds): Promise<boolean>;
  /**
   * Starts sending in one transaction (docs/requirements.md §13, ADR 73): the version read
   * (`updatedAt`) of a draft or scheduled mailing becomes sending, and its delivery rows are
   * written (as MailingDeliveriesRepository.addRecipients) only if that claim was this call's.
   * Null when the mailing started, or changed, since it was read: nothing written.
   */
  start(
    id: Id,
    claim: { siteUrl: string; by: Id; now: UnixSeconds; updatedAt: UnixSeconds },
    rows: { kind: MailingKind; recipients: MailingRecipient[]; batchSize: number },
  ): Promise<{ added: number; batches: number[] } | null>;
  /** The scheduled mailings due by `now` (the 15-minute cron), oldest first. */
  due(now: UnixSeconds, limit: number): Promise<Mailing[]>;
  setNewsId(id: Id, newsId: Id): Promise<void>;
  /** sending becomes sent (no delivery queued any more); whether it changed. */
  finish(id: Id, now: UnixSeconds): Promise<boolean>;
  /** Starts another round ("send the failed again"): the new round number, or null for a mailing that has not started. */
  nextRound(id: Id, now: UnixSeconds): Promise<number | null>;
}

/** One row per recipient of a mailing, unique on (mailing, member): nobody gets a second copy. */
export interface MailingDeliveriesRepository {
  /**
   * Writes the delivery rows of a mailing's recipients, numbered into batches of `batchSize`,
   * leaving out members who may not get this kind (newsletters: no "yes"; notices: "no"; a bad
   * address). A member already there is left as they are. How many rows were written and the
   * batch numbers to enqueue.
   */
  addRecipients(
    mailingId: Id,
    kind: MailingKind,
    recipients: MailingRecipient[],
    batchSize: number,
    now: UnixSeconds,
  ): Promise<{ added: number; batches: number[] }>;
  /** How many of these members this kind would reach (the same rule as addRecipients). */
  countReachable(kind: MailingKind, recipients: MailingRecipient[]): Promise<number>;
  /** Claims one batch's rows still queued (or left sending by a consumer that died) for sending, in member order. */
  claimBatch(mailingId: Id, round: number, batch: number, now: UnixSeconds): Promise<MailingDelivery[]>;
  markResults(
    mailingId: Id,
    results: Array<{ memberId: Id; status: DeliveryStatus; providerId?: string | null; error?: string | null }>,
    now: UnixSeconds,
  ): Promise<void>;
  /**
   * Without an e-mail provider (locally): each copy becomes one outbox row ("stored") and its
   * delivery row "sent" with the outbox row's id, in one transaction, only for rows still
   * queued or sending, so a retried batch stores nothing twice. How many were stored.
   */
  storeInOutbox(mailingId: Id, copies: Array<{ memberId: Id; outboxId: Id; email: NewOutboxEmail }>, now: UnixSeconds): Promise<number>;
  counts(mailingId: Id): Promise<MailingCounts>;
  /** Failed, bounced or complained rows (accountants only), by member. */
  unreachable(mailingId: Id, query?: PageRequest): Promise<Page<MailingDelivery>>;
  findByProviderId(providerId: string): Promise<MailingDelivery | null>;
  /** Failed rows go back to queued in round `round`, numbered into new batches; the batch numbers. */
  requeueFailed(mailingId: Id, round: number, batchSize: number, now: UnixSeconds): Promise<number[]>;
  /** Whether any row of the mailing is still queued or sending. */
  anyWaiting(mailingId: Id): Promise<boolean>;
  /**
   * The batches of mailings still sending whose rows have waited since before `before` (their
   * queue message was lost: the queue was down at Send, or the message went to the dead-letter
   * queue), for the 15-minute run to enqueue again; at most `limit`.
   */
  staleBatches(before: UnixSeconds, limit: number): Promise<Array<{ mailingId: Id; round: number; batch: number }>>;
  /**
   * Rows still queued or sending whose round began before `roundBefore` (the current round at
   * the mailing's last claim or "send the failed again", an earlier one at its start) become
   * failed with `error`: past Resend's 24-hour idempotency window a retry could send a second
   * copy (ADR 73). The mailings they belong to.
   */
  expireWaiting(roundBefore: UnixSeconds, error: string, now: UnixSeconds): Promise<Id[]>;
  listForMember(memberId: Id): Promise<MailingDelivery[]>;
  deleteForMember(memberId: Id): Promise<number>;
}

/** Members' mail choices (consent to newsletters, notices stopped), with every change kept. */
export interface MailPreferencesRepository {
  get(memberId: Id): Promise<MailPreferences | null>;
  /** Records consent given or withdrawn, with where and (unsubscribe, complaint) because of which mailing. */
  setNewsletters(memberId: Id, given: boolean, source: ConsentSource, mailingId: Id | null, now: UnixSeconds): Promise<void>;
  /** A notice's one-click unsubscribe: notices stop for this member. */
  stopNotices(memberId: Id, mailingId: Id | null, now: UnixSeconds): Promise<void>;
  /** The member starts stopped notices again (Edit Account): a change recorded with `source`, only while they are stopped. */
  restartNotices(memberId: Id, source: ConsentSource, now: UnixSeconds): Promise<void>;
  changesForMember(memberId: Id): Promise<MailPreferenceChange[]>;
  deleteForMember(memberId: Id): Promise<number>;
}

/** Addresses that bounced or complained, per member. */
export interface BadAddressesRepository {
  mark(bad: BadAddress): Promise<void>;
  /** Newest first (the accountants' "Bad addresses" list). */
  list(query?: PageRequest): Promise<Page<BadAddress>>;
  forMember(memberId: Id): Promise<BadAddress[]>;
  clear(memberId: Id, email: string): Promise<void>;
  deleteForMember(memberId: Id): Promise<number>;
}

/** Resend webhook deliveries already handled (by svix-id). */
export interface WebhookReceiptsRepository {
  /** Whether the id was recorded already (a replay), without recording it. */
  seen(id: string): Promise<boolean>;
  /** Records the id; true the first time, false for a replay. */
  firstTime(id: string, now: UnixSeconds): Promise<boolean>;
  deleteOlderThan(at: UnixSeconds): Promise<number>;
}
