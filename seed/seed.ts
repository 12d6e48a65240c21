import { hashPassword } from "~/kernel/auth/password.server";
import { buildDemo } from "./demo";
import { syntheticData } from "./synthetic";
import { writeAccounts, writeDemo, writeEventTotals } from "./write";
import { rebuildRenewalTotals } from "~/kernel/store/d1/renewal-totals.server";
import { bulkUpsert } from "~/kernel/store/d1/sql";
import { eventRecordToRow } from "~/kernel/store/d1/rows";
import { eventRecordYear } from "~/features/tickets";
import { syntheticEvents } from "./demo";
import { d1GiftAidDeclarations } from "~/kernel/store/d1/gift-aid-declarations.server";
import type { Member } from "~/kernel/store/records";

export interface SeedOptions {
  /** Only write the demo when the database has no site settings yet. */
  ifEmpty?: boolean;
  /** Synthetic members (and their transactions) to add for benchmarks. */
  members?: number;
  /** Synthetic tickets; defaults to two per synthetic member. */
  tickets?: number;
  date?: Date;
  log?: (line: string) => void;
  /** The MEDIA bucket, for the demo documents' files; without it only the records are written. */
  media?: R2Bucket;
}

export interface SeedReport {
  demo: "written" | "kept";
  counts: Record<string, number>;
}

const COUNTED_TABLES = [
  "singletons",
  "home_slides",
  "office_bearers",
  "previous_teams",
  "calendar_events",
  "galleries",
  "news",
  "documents",
  "members",
  "transactions",
  "tickets",
  "ticket_attendees",
  "gift_aid_declarations",
] as const;

export async function seedDatabase(db: D1Database, options: SeedOptions = {}): Promise<SeedReport> {
  const log = options.log ?? (() => {});
  const existing = await db.prepare("SELECT COUNT(*) AS n FROM singletons WHERE name = 'general'").first<{ n: number }>();
  const demo = await buildDemo(options.date);
  let written: SeedReport["demo"] = "kept";
  if (!options.ifEmpty || !existing?.n) {
    await writeDemo(db, demo, options.media);
    written = "written";
    log("Demo content and demo accounts written.");
  } else {
    log("Database already has content: demo data kept as it is.");
  }

  const members = options.members ?? 0;
  if (members > 0) {
    const tickets = options.tickets ?? members * 2;
    log(`Generating ${members} synthetic members and ${tickets} tickets...`);
    // The tickets are spread over three events (ADR 60): this year's demo event, a spring
    // fair this year and last year's celebration, as the bench's budgets assume.
    const events = syntheticEvents(demo);
    await db.batch(bulkUpsert(db, "events", events.map(eventRecordToRow)));
    const data = syntheticData({
      members,
      tickets,
      passwordHash: await hashPassword("synthetic-member-password"),
      settings: demo.settings,
      now: demo.now,
      year: new Date(demo.now * 1000).getUTCFullYear(),
      events: events.map((e) => ({ id: e.id, title: e.title, year: eventRecordYear(e) })),
    });
    let lastShown = 0;
    await writeAccounts(db, data, demo.now, (done, total) => {
      const percent = Math.floor((done / total) * 100);
      if (percent >= lastShown + 10 || done === total) {
        lastShown = percent;
        log(`  ${percent}% written`);
      }
    });
  }

  await writeEventTotals(db);
  // Members' sign-up consents as Gift Aid declarations, as migration 0031 made them for the
  // members before it (docs/requirements.md §14, ADR 74); a second seed adds none.
  await seedSignUpDeclarations(db);
  // The subscriptions report's running totals per year (ADR 64), from the transactions just written.
  await db.batch(rebuildRenewalTotals(db));

  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const row = await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
    counts[table] = Number(row?.n ?? 0);
  }
  return { demo: written, counts };
}

async function seedSignUpDeclarations(db: D1Database): Promise<number> {
  const { results } = await db
    .prepare("SELECT id, title, full_name, address, postcode, created_at FROM members WHERE json_extract(consents, '$.giftAid') = 1 AND rejected IS NULL")
    .all<{ id: string; title: Member["title"]; full_name: string; address: string; postcode: string; created_at: number }>();
  return d1GiftAidDeclarations(db).backfillSignUp(
    results.map((r) => ({ id: r.id, title: r.title, fullName: r.full_name, address: r.address, postcode: r.postcode, createdAt: Number(r.created_at) })),
  );
}
