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
import { insertRow, runInBatches } from "~/services/store/d1/sql";
import type { DemoData } from "./demo";

/**
 * Writes records into D1 with INSERT OR REPLACE on fixed ids, so seeding twice
 * leaves the same rows. The same row mappers as the D1 adapter are used.
 */

export async function writeDemo(db: D1Database, demo: DemoData): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  const put = (table: string, row: Record<string, unknown>) => statements.push(insertRow(db, table, row, { replace: true }));

  put("singletons", { name: "general", data: JSON.stringify(demo.settings), updated_at: demo.now });
  for (const [name, page] of Object.entries(demo.pages)) put("singletons", { name, data: JSON.stringify(page), updated_at: demo.now });
  demo.slides.forEach((s) => put("home_slides", slideToRow(s)));
  demo.officeBearers.forEach((o) => put("office_bearers", officeBearerToRow(o, demo.now)));
  demo.previousTeams.forEach((p) => put("previous_teams", previousTeamToRow(p)));
  demo.events.forEach((e) => put("calendar_events", eventToRow(e)));
  demo.galleries.forEach((g) => put("galleries", galleryToRow(g)));
  demo.news.forEach((n) => put("news", newsToRow(n)));
  demo.documents.forEach((d) => put("documents", documentToRow(d)));
  await runInBatches(db, statements);
  await writeAccounts(db, demo, demo.now);
}

export async function writeAccounts(
  db: D1Database,
  data: { members: Member[]; transactions: Transaction[]; tickets: Ticket[] },
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  const put = (table: string, row: Record<string, unknown>) => statements.push(insertRow(db, table, row, { replace: true }));
  data.members.forEach((m) => put("members", memberToRow(m, now)));
  data.transactions.forEach((t) => put("transactions", transactionToRow(t)));
  for (const ticket of data.tickets) {
    put("tickets", ticketToRow(ticket));
    ticket.attendees.forEach((a) => put("ticket_attendees", attendeeToRow(ticket.id, a)));
  }
  const size = 500;
  for (let i = 0; i < statements.length; i += size) {
    await runInBatches(db, statements.slice(i, i + size), size);
    onProgress?.(Math.min(i + size, statements.length), statements.length);
  }
}
