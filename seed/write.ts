import type { Member, Ticket, Transaction } from "~/kernel/store/records";
import {
  attendeeToRow,
  documentToRow,
  eventToRow,
  eventRecordToRow,
  galleryToRow,
  memberToRow,
  newsToRow,
  officeBearerToRow,
  previousTeamToRow,
  slideToRow,
  ticketToRow,
  transactionToRow,
} from "~/kernel/store/d1/rows";
import { bulkUpsert } from "~/kernel/store/d1/sql";
import { recountTotals, releaseExpiredHolds, writeTotals } from "~/kernel/store/d1/event-totals.server";
import { heldSince } from "~/features/tickets";
import { nowSeconds } from "~/kernel/store/ids";
import type { DemoData } from "./demo";
import { writeDocumentFiles } from "./document-files";

/**
 * Writes records into D1 as upserts on fixed ids, so seeding twice leaves the
 * same rows. The same row mappers as the D1 adapter are used; rows go
 * many to a statement, so 10,000 members take seconds, not minutes.
 */

/** Writes the demo; its documents' files go to `media` (the MEDIA bucket) when given. */
export async function writeDemo(db: D1Database, demo: DemoData, media?: R2Bucket): Promise<void> {
  const singletons = [
    { name: "general", data: JSON.stringify(demo.settings), updated_at: demo.now },
    ...Object.entries(demo.pages).map(([name, page]) => ({ name, data: JSON.stringify(page), updated_at: demo.now })),
  ];
  await db.batch([
    ...bulkUpsert(db, "singletons", singletons),
    ...bulkUpsert(db, "home_slides", demo.slides.map(slideToRow)),
    ...bulkUpsert(
      db,
      "office_bearers",
      demo.officeBearers.map((o) => officeBearerToRow(o, demo.now)),
    ),
    ...bulkUpsert(db, "previous_teams", demo.previousTeams.map(previousTeamToRow)),
    ...bulkUpsert(db, "calendar_events", demo.events.map(eventToRow)),
    ...bulkUpsert(db, "galleries", demo.galleries.map(galleryToRow)),
    ...bulkUpsert(db, "news", demo.news.map(newsToRow)),
    ...bulkUpsert(db, "documents", demo.documents.map(documentToRow)),
    ...bulkUpsert(db, "events", demo.eventRecords.map(eventRecordToRow)),
  ]);
  if (media) await writeDocumentFiles(media, demo.documents);
  await writeAccounts(db, demo, demo.now);
}

export async function writeAccounts(
  db: D1Database,
  data: { members: Member[]; transactions: Transaction[]; tickets: Ticket[] },
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const statements = [
    ...bulkUpsert(
      db,
      "members",
      data.members.map((m) => memberToRow(m, now)),
    ),
    ...bulkUpsert(db, "transactions", data.transactions.map(transactionToRow)),
    ...bulkUpsert(db, "tickets", data.tickets.map(ticketToRow)),
    ...bulkUpsert(
      db,
      "ticket_attendees",
      data.tickets.flatMap((t) => t.attendees.map((a) => attendeeToRow(t.id, a))),
    ),
  ];
  const size = 10;
  for (let i = 0; i < statements.length; i += size) {
    await db.batch(statements.slice(i, i + size));
    onProgress?.(Math.min(i + size, statements.length), statements.length);
  }
}

/**
 * Every event's running totals, counted from the rows just written (ADR 62), once the holds
 * of the unpaid tickets older than a checkout's life are given back, as the daily run does.
 */
export async function writeEventTotals(db: D1Database): Promise<void> {
  const { results } = await db.prepare("SELECT id FROM events").all<{ id: string }>();
  for (const { id } of results) {
    await db.batch(releaseExpiredHolds(db, id, heldSince(nowSeconds())));
    await writeTotals(db, id, await recountTotals(db, id)).run();
  }
}
