import type { Member, Ticket, Transaction } from "~/domain/records";
import {
  attendeeToRow,
  documentToRow,
  eventToRow,
  galleryToRow,
  memberToRow,
  newsToRow,
  officeBearerToRow,
  previousTeamToRow,
  slideToRow,
  ticketToRow,
  transactionToRow,
} from "~/services/store/d1/rows";
import { bulkReplace } from "~/services/store/d1/sql";
import type { DemoData } from "./demo";

/**
 * Writes records into D1 with INSERT OR REPLACE on fixed ids, so seeding twice
 * leaves the same rows. The same row mappers as the D1 adapter are used; rows go
 * many to a statement, so 10,000 members take seconds, not minutes.
 */

export async function writeDemo(db: D1Database, demo: DemoData): Promise<void> {
  const singletons = [
    { name: "general", data: JSON.stringify(demo.settings), updated_at: demo.now },
    ...Object.entries(demo.pages).map(([name, page]) => ({ name, data: JSON.stringify(page), updated_at: demo.now })),
  ];
  await db.batch([
    ...bulkReplace(db, "singletons", singletons),
    ...bulkReplace(db, "home_slides", demo.slides.map(slideToRow)),
    ...bulkReplace(db, "office_bearers", demo.officeBearers.map((o) => officeBearerToRow(o, demo.now))),
    ...bulkReplace(db, "previous_teams", demo.previousTeams.map(previousTeamToRow)),
    ...bulkReplace(db, "calendar_events", demo.events.map(eventToRow)),
    ...bulkReplace(db, "galleries", demo.galleries.map(galleryToRow)),
    ...bulkReplace(db, "news", demo.news.map(newsToRow)),
    ...bulkReplace(db, "documents", demo.documents.map(documentToRow)),
  ]);
  await writeAccounts(db, demo, demo.now);
}

export async function writeAccounts(
  db: D1Database,
  data: { members: Member[]; transactions: Transaction[]; tickets: Ticket[] },
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const statements = [
    ...bulkReplace(db, "members", data.members.map((m) => memberToRow(m, now))),
    ...bulkReplace(db, "transactions", data.transactions.map(transactionToRow)),
    ...bulkReplace(db, "tickets", data.tickets.map(ticketToRow)),
    ...bulkReplace(db, "ticket_attendees", data.tickets.flatMap((t) => t.attendees.map((a) => attendeeToRow(t.id, a)))),
  ];
  const size = 10;
  for (let i = 0; i < statements.length; i += size) {
    await db.batch(statements.slice(i, i + size));
    onProgress?.(Math.min(i + size, statements.length), statements.length);
  }
}
