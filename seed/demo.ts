import type {
  CalendarEvent,
  DocumentRecord,
  Gallery,
  HomeSlide,
  InfoPage,
  Member,
  NewsItem,
  OfficeBearer,
  PreviousTeam,
  EventRecord,
  Ticket,
  Transaction,
} from "~/kernel/store/records";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { demoDocuments, demoEvents, demoGalleries, demoNews, demoOfficeBearers, demoPages, demoPreviousTeams, demoSettings, demoSlides } from "./demo-content";
import { demoMembers, demoTickets, demoTransactions } from "./demo-members";
import { eventFieldsFromSettings } from "~/features/tickets";
import { ID_SPACE, seedId } from "./ids";

export interface DemoData {
  now: number;
  settings: SiteSettings;
  pages: Record<"aboutUs" | "aboutSchool", InfoPage>;
  slides: HomeSlide[];
  officeBearers: OfficeBearer[];
  previousTeams: PreviousTeam[];
  events: CalendarEvent[];
  galleries: Gallery[];
  news: NewsItem[];
  documents: DocumentRecord[];
  members: Member[];
  transactions: Transaction[];
  tickets: Ticket[];
  /** The events people book (ADR 60): the one the settings describe. */
  eventRecords: EventRecord[];
}

/** The whole demo, for one day: `date` fixes every relative time and the current year. */
export async function buildDemo(date = new Date()): Promise<DemoData> {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1000;
  const now = day;
  const year = date.getUTCFullYear();
  const settings = demoSettings(year);
  const members = await demoMembers(now, year);
  const familyMember = members.find((m) => m.membership === "Family")!;
  const eventRecord = demoEventRecord(settings, now);
  return {
    now,
    settings,
    pages: demoPages,
    slides: demoSlides(now),
    officeBearers: demoOfficeBearers(),
    previousTeams: demoPreviousTeams(now, year),
    events: demoEvents(now, year),
    galleries: demoGalleries(now, year),
    news: demoNews(now),
    documents: demoDocuments(now),
    members,
    transactions: demoTransactions(members, settings, now, year),
    tickets: demoTickets(familyMember, settings, now, year, eventRecord.id),
    eventRecords: [eventRecord],
  };
}

/** This year's event, as the settings describe it (features/tickets eventFieldsFromSettings), with a fixed id. */
export function demoEventRecord(settings: SiteSettings, now: number): EventRecord {
  const fields = eventFieldsFromSettings(settings);
  return { ...fields, id: seedId(ID_SPACE.eventRecord, 1), title: fields.tickets.title, cancelledAt: null, createdAt: now, updatedAt: now };
}

/** The bench's three events (ADR 60): this year's demo event, a spring fair this year, and last year's celebration. */
export function syntheticEvents(demo: Pick<DemoData, "eventRecords" | "now">): EventRecord[] {
  const main = demo.eventRecords[0]!;
  const year = Number(main.tickets.lastBookingDate.slice(0, 4));
  const like = (n: number, title: string, date: string, lastBookingDate: string): EventRecord => ({
    ...main,
    id: seedId(ID_SPACE.eventRecord, n),
    title,
    date,
    tickets: { ...main.tickets, title, lastBookingDate },
  });
  return [
    main,
    like(2, `Spring Fair ${year}`, `${year}-04-18`, `${year}-04-15`),
    like(3, `Christmas & New Year Celebration ${year - 1}`, `${year - 1}-12-27`, `${year - 1}-12-20`),
  ];
}
