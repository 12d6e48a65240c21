import { rebuildRenewalTotals } from "~/kernel/store/d1/renewal-totals.server";
import { contentTypeFor } from "~/features/site/document-file";
import { resolveMediaUrl } from "~/kernel/media/media";
import { mediaKeyForPath } from "~/kernel/media/uploads/media-key";
import { createMedia } from "~/kernel/media/media.server";
import { TICKET_CODE_ALPHABET } from "~/features/tickets/ticket-code";
import type { Ticket } from "~/kernel/store/records";
import { ACTIVITY, activityFromCockpit, isMissingCollection } from "~/kernel/store/cockpit/activity.server";
import type { CockpitClient, CockpitEntry } from "~/kernel/store/cockpit/client.server";
import { CONTACT_FORM, readContactMessages } from "~/kernel/store/cockpit/contact.server";
import {
  documentFromCockpit,
  eventFromCockpit,
  galleryFromCockpit,
  isEmptySingleton,
  newsFromCockpit,
  officeBearerFromCockpit,
  pageFromCockpit,
  previousTeamFromCockpit,
  settingsFromCockpit,
  slideFromCockpit,
} from "~/kernel/store/cockpit/shapes-content";
import { seconds } from "~/kernel/store/cockpit/shapes-loose";
import { memberFromCockpit, USERLIST } from "~/kernel/store/cockpit/shapes-members";
import { ticketFromCockpit, TICKETS } from "~/kernel/store/cockpit/shapes-tickets";
import { MEMBERTRANSACTIONS, transactionFromCockpit } from "~/kernel/store/cockpit/shapes-transactions";
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
} from "~/kernel/store/d1/rows";
import { activityToRow } from "~/kernel/store/d1/activity.server";
import { bulkUpsert, type SqlRow } from "~/kernel/store/d1/sql";
import { StoreUnavailableError } from "~/kernel/store/errors";

/**
 * `npm run import:cockpit`: copies an association's data from Cockpit into the D1 store, so
 * it can leave Cockpit. Every entry is read through the Cockpit adapter's own shapes
 * (shapes-*.ts, fromCockpit) and written with the D1 adapter's row mappers (rows.ts), so
 * a record means the same on both sides: Cockpit's `_id`s become the D1 ids (links,
 * payment references and ticket tokens keep working), member numbers, password hashes
 * (legacy ones too) and created times are kept.
 *
 * - Idempotent: each row is compared with the one D1 has under the same key; only new
 *   and changed rows are written (upserts on the key), so a second run writes nothing.
 * - Consistent: a collection is read completely before anything of it is written, and
 *   written in one D1 batch (one transaction). A Cockpit failure stops the import with
 *   the collections before it complete and nothing of the failed one written; running
 *   again completes it.
 * - Rows D1 has that Cockpit does not (e.g. the demo) are kept and counted ("only in D1").
 * - Media: images are resolved against CMS_ASSETS_URL (`assetsBase`), so they keep
 *   pointing at the CMS host. Documents keep their path; with `copyFiles` each file is
 *   downloaded from the CMS host into the MEDIA bucket (R2) under that path, which is
 *   where the D1 store serves documents from (ADR 40).
 * - Contact messages are read back from the contactus form with forms/export (a form that
 *   keeps no entries, or no such form, gives none).
 */

export interface ImportOptions {
  /** CMS_ASSETS_URL: the site root of the CMS host, for images and document files. */
  assetsBase?: string;
  /** Download the documents' files into the MEDIA bucket. */
  copyFiles?: boolean;
  /** The MEDIA bucket (R2) the documents' files are copied into and checked in. */
  media?: R2Bucket;
  /** Read and compare only; write nothing. */
  dryRun?: boolean;
  /** The fetch used for document files (tests). */
  fetchFile?: typeof fetch;
  /** updated_at of written member rows. */
  now?: number;
  /** Entries per Cockpit request. */
  pageSize?: number;
  log?: (line: string) => void;
}

export interface CollectionReport {
  name: string;
  read: number;
  new: number;
  changed: number;
  unchanged: number;
  /** Rows D1 has that this collection does not (kept). */
  onlyInD1: number;
}

export interface ImportReport {
  collections: CollectionReport[];
  files: { copied: number; unchanged: number; missing: string[] } | null;
  warnings: string[];
}

/** A failure the operator can act on: the message says what happened and what to do. */
export class ImportError extends Error {
  override name = "ImportError";
}

const DEFAULT_PAGE_SIZE = 500;

/** Every entry of a collection, in pages, oldest first (ties by id, so pages are stable). */
async function readAll(client: CockpitClient, collection: string, pageSize: number): Promise<CockpitEntry[]> {
  const all: CockpitEntry[] = [];
  for (let skip = 0; ; skip += pageSize) {
    const { entries } = await client.find(collection, { sort: { _created: 1, _id: 1 }, limit: pageSize, skip });
    all.push(...entries);
    if (entries.length < pageSize) return all;
  }
}

/** A singleton's raw data, or null when Cockpit does not have it (404). */
async function readSingleton(client: CockpitClient, name: string): Promise<Record<string, unknown> | null> {
  try {
    return await client.singleton<Record<string, unknown>>(name);
  } catch (error) {
    if (error instanceof StoreUnavailableError && error.status === 404) return null;
    throw error;
  }
}

// ---- comparing and writing rows ------------------------------------------------------

interface TableRows {
  table: string;
  key: string[];
  rows: SqlRow[];
  /** Columns that do not make a row different (bookkeeping such as updated_at). */
  ignore?: string[];
}

const keyOf = (row: SqlRow, key: string[]) => JSON.stringify(key.map((k) => row[k]));
const stored = (value: unknown) => (value === undefined ? null : typeof value === "boolean" ? (value ? 1 : 0) : value);

function sameRow(target: SqlRow, existing: SqlRow, ignore: string[]): boolean {
  return Object.keys(target).every((column) => ignore.includes(column) || stored(target[column]) === stored(existing[column]));
}

interface SyncHooks {
  /** Throws an ImportError when D1 could not take the rows (before anything is written). */
  check?: (existing: SqlRow[][]) => void;
  /** Deletes to run in the same batch. */
  remove?: (diffs: Diff[]) => D1PreparedStatement[];
  /** The collection's counts, when its records span several tables. */
  count?: (diffs: Diff[]) => Omit<CollectionReport, "name" | "read">;
}

interface Diff {
  fresh: SqlRow[];
  changed: SqlRow[];
  unchanged: number;
  onlyInD1: SqlRow[];
}

async function existingRows(db: D1Database, table: string): Promise<SqlRow[]> {
  return (await db.prepare(`SELECT * FROM ${table}`).all<SqlRow>()).results;
}

function diff(target: TableRows, existing: SqlRow[]): Diff {
  const byKey = new Map(existing.map((row) => [keyOf(row, target.key), row]));
  const result: Diff = { fresh: [], changed: [], unchanged: 0, onlyInD1: [] };
  const seen = new Set<string>();
  for (const row of target.rows) {
    const key = keyOf(row, target.key);
    seen.add(key);
    const current = byKey.get(key);
    if (!current) result.fresh.push(row);
    else if (sameRow(row, current, target.ignore ?? [])) result.unchanged++;
    else result.changed.push(row);
  }
  result.onlyInD1 = existing.filter((row) => !seen.has(keyOf(row, target.key)));
  return result;
}

// ---- the checks D1's constraints make ------------------------------------------------------

/** Cockpit cannot keep e-mails, member numbers or ticket codes unique; D1 refuses duplicates. Say which, before writing. */
function checkUnique(collection: string, rows: SqlRow[], existing: SqlRow[], column: string, label: string, normalise = (v: unknown) => v): void {
  const owner = new Map<unknown, string>();
  const problems: string[] = [];
  const ids = new Set(rows.map((r) => r.id));
  for (const row of existing) if (!ids.has(row.id) && row[column] != null) owner.set(normalise(row[column]), `D1 row ${String(row.id)}`);
  for (const row of rows) {
    const value = row[column];
    if (value == null) continue;
    const other = owner.get(normalise(value));
    if (other) problems.push(`${label} ${String(value)} of ${String(row.id)} is also used by ${other}`);
    else owner.set(normalise(value), `Cockpit entry ${String(row.id)}`);
  }
  if (problems.length) {
    throw new ImportError(
      `${collection}: ${problems.length} duplicate ${label}${problems.length > 1 ? "s" : ""}, which D1 cannot store: ${problems.slice(0, 5).join("; ")}` +
        `${problems.length > 5 ? "; ..." : ""}. Correct them in Cockpit (or import into an empty D1 database) and run the import again. Nothing of ${collection} was written.`,
    );
  }
}

/**
 * A ticket without a code (a legacy entry) gets one derived from its id, so D1's unique
 * code column takes it and a re-run derives the same code: 12 characters of the door's
 * alphabet (the new codes have 8, so it cannot take a booked ticket's code).
 */
export function codeFromId(id: string): string {
  let n = BigInt(`0x${id.replace(/[^0-9a-f]/gi, "") || "0"}`);
  const base = BigInt(TICKET_CODE_ALPHABET.length);
  let code = "";
  for (let i = 0; i < 12; i++) {
    code += TICKET_CODE_ALPHABET[Number(n % base)];
    n /= base;
  }
  return code;
}

// ---- the import -------------------------------------------------------------------

export async function importCockpit(client: CockpitClient, db: D1Database, options: ImportOptions = {}): Promise<ImportReport> {
  const log = options.log ?? (() => {});
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const base = options.assetsBase;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const report: ImportReport = { collections: [], files: null, warnings: [] };

  /** Reads a collection (or singleton), stopping the import with a clear message when Cockpit fails. */
  async function read<T>(name: string, reader: () => Promise<T>): Promise<T> {
    try {
      return await reader();
    } catch (error) {
      const done = report.collections.map((c) => c.name);
      throw new ImportError(
        `Reading ${name} from Cockpit failed: ${error instanceof Error ? error.message : String(error)}. ` +
          `${done.length ? `Imported completely: ${done.join(", ")}. ` : ""}Nothing of ${name} or after it was written; run the import again to complete it.`,
        { cause: error },
      );
    }
  }

  const finish = (line: CollectionReport) => {
    report.collections.push(line);
    log(progressLine(line));
  };

  /** Compares, writes (one batch: all or nothing) and reports one collection. */
  async function sync(name: string, read: number, tables: TableRows[], hooks: SyncHooks = {}): Promise<void> {
    const existing = await Promise.all(tables.map((t) => existingRows(db, t.table)));
    hooks.check?.(existing);
    const diffs = tables.map((t, i) => diff(t, existing[i]!));
    const statements = [...(hooks.remove?.(diffs) ?? []), ...tables.flatMap((t, i) => bulkUpsert(db, t.table, [...diffs[i]!.fresh, ...diffs[i]!.changed]))];
    if (!options.dryRun && statements.length) await db.batch(statements);
    const [main] = diffs;
    finish({
      name,
      read,
      ...(hooks.count?.(diffs) ?? { new: main!.fresh.length, changed: main!.changed.length, unchanged: main!.unchanged, onlyInD1: main!.onlyInD1.length }),
    });
  }

  // Singletons: general, aboutUs, aboutSchool (one row each in `singletons`).
  for (const name of ["general", "aboutUs", "aboutSchool"] as const) {
    const data = await read(name, () => readSingleton(client, name));
    let record: unknown = null;
    if (name === "general") {
      if (data && !isEmptySingleton(data)) record = settingsFromCockpit(data, base);
      else report.warnings.push("general: Cockpit has no saved site settings; D1 keeps its own.");
    } else record = data ? pageFromCockpit(data, base) : null;
    const [current] = (await existingRows(db, "singletons")).filter((r) => r.name === name);
    const state = !record ? null : !current ? "new" : sameJson(JSON.stringify(record), current.data) ? "unchanged" : "changed";
    if (!options.dryRun && (state === "new" || state === "changed")) {
      await db.batch(bulkUpsert(db, "singletons", [{ name, data: JSON.stringify(record), updated_at: now }]));
    }
    finish({
      name,
      read: record ? 1 : 0,
      new: +(state === "new"),
      changed: +(state === "changed"),
      unchanged: +(state === "unchanged"),
      onlyInD1: +(!record && !!current),
    });
  }

  // Public content collections: one table each, written with the D1 adapter's row mappers.
  const content: Array<{ name: string; table: string; toRow: (e: CockpitEntry) => SqlRow }> = [
    { name: "homeBanner", table: "home_slides", toRow: (e) => slideToRow(slideFromCockpit(e, base)) },
    { name: "officeBearers", table: "office_bearers", toRow: (e) => officeBearerToRow(officeBearerFromCockpit(e, base), seconds(e._created)) },
    { name: "officeBearersHistory", table: "previous_teams", toRow: (e) => previousTeamToRow(previousTeamFromCockpit(e)) },
    { name: "eventCalender", table: "calendar_events", toRow: (e) => eventToRow(eventFromCockpit(e)) },
    { name: "gallery", table: "galleries", toRow: (e) => galleryToRow(galleryFromCockpit(e, base)) },
    // Every news item, unpublished ones too (the D1 store filters on `published`).
    { name: "news", table: "news", toRow: (e) => newsToRow(newsFromCockpit(e, base)) },
    // Documents keep their path: the D1 store serves the file from the MEDIA bucket by it.
    { name: "documents", table: "documents", toRow: (e) => documentToRow(documentFromCockpit(e)) },
  ];
  const documentPaths: string[] = [];
  for (const c of content) {
    const entries = await read(c.name, () => readAll(client, c.name, pageSize));
    const rows = entries.map(c.toRow);
    if (c.name === "documents") documentPaths.push(...rows.map((r) => JSON.parse(String(r.file)).path as string).filter(Boolean));
    await sync(c.name, entries.length, [{ table: c.table, key: ["id"], rows }]);
  }

  // Members: every userlist entry, deleted ones too, legacy entries as the adapter reads them.
  const users = await read(USERLIST, () => readAll(client, USERLIST, pageSize));
  const memberRows = users.map((e) => memberToRow(memberFromCockpit(e), now));
  const noEmail = memberRows.filter((r) => String(r.email).length < 3);
  if (noEmail.length) {
    throw new ImportError(
      `${USERLIST}: ${noEmail.length} entries without a usable e-mail (${noEmail
        .slice(0, 5)
        .map((r) => r.id)
        .join(", ")}), which D1 cannot store. Correct them in Cockpit and run the import again. Nothing of ${USERLIST} was written.`,
    );
  }
  await sync(USERLIST, users.length, [{ table: "members", key: ["id"], rows: memberRows, ignore: ["updated_at"] }], {
    check: ([existing]) => {
      checkUnique(USERLIST, memberRows, existing!, "email", "e-mail", (v) => String(v).toLowerCase());
      checkUnique(USERLIST, memberRows, existing!, "member_number", "member number");
    },
  });

  const payments = await read(MEMBERTRANSACTIONS, () => readAll(client, MEMBERTRANSACTIONS, pageSize));
  await sync(MEMBERTRANSACTIONS, payments.length, [
    { table: "transactions", key: ["id"], rows: payments.map((e) => transactionToRow(transactionFromCockpit(e))) },
  ]);
  // The subscriptions report's running totals per year (ADR 64), counted from what was just written.
  if (!options.dryRun) await db.batch(rebuildRenewalTotals(db));

  // Tickets and their attendees. A person no longer on an imported ticket is removed from
  // it; a ticket counts as changed when any of its rows is.
  const ticketEntries = await read(TICKETS, () => readAll(client, TICKETS, pageSize));
  // Events live in D1 beside Cockpit (ADR 60): a ticket keeps its event where this D1 holds
  // it; otherwise it has none here, and the adoption links it by title and year.
  const knownEvents = new Set((await db.prepare("SELECT id FROM events").all<{ id: string }>()).results.map((r) => r.id));
  const tickets: Ticket[] = ticketEntries.map((e) => {
    const found = ticketFromCockpit(e);
    const ticket = found.eventId !== null && !knownEvents.has(found.eventId) ? { ...found, eventId: null } : found;
    return ticket.code ? ticket : { ...ticket, code: codeFromId(ticket.id) };
  });
  const ticketRows = tickets.map(ticketToRow);
  const ticketIds = new Set(tickets.map((t) => t.id));
  const stale = (attendees: Diff) => attendees.onlyInD1.filter((r) => ticketIds.has(String(r.ticket_id)));
  await sync(
    TICKETS,
    ticketEntries.length,
    [
      { table: "tickets", key: ["id"], rows: ticketRows },
      { table: "ticket_attendees", key: ["ticket_id", "band", "position"], rows: tickets.flatMap((t) => t.attendees.map((a) => attendeeToRow(t.id, a))) },
    ],
    {
      check: ([existing]) => checkUnique(TICKETS, ticketRows, existing!, "code", "ticket code"),
      remove: ([, attendees]) =>
        stale(attendees!).map((r) =>
          db.prepare("DELETE FROM ticket_attendees WHERE ticket_id = ? AND band = ? AND position = ?").bind(r.ticket_id, r.band, r.position),
        ),
      count: ([t, a]) => {
        const fresh = new Set(t!.fresh.map((r) => r.id));
        const touched = [...t!.changed, ...a!.fresh, ...a!.changed, ...stale(a!)].map((r) => String(r.id ?? r.ticket_id)).filter((id) => !fresh.has(id));
        const changed = new Set(touched).size;
        return { new: fresh.size, changed, unchanged: tickets.length - fresh.size - changed, onlyInD1: t!.onlyInD1.length };
      },
    },
  );

  // Contact messages, with their Cockpit ids and times (the row d1ContactMessages writes).
  const messages = await read(CONTACT_FORM, async () => {
    try {
      return await readContactMessages(client);
    } catch (error) {
      if (error instanceof StoreUnavailableError && error.status === 404) return [];
      throw error;
    }
  });
  // The signed-in sender's id comes along, so data rights find the message by id in D1 too.
  const messageRows = messages.map(({ createdAt, memberId, ...m }) => ({ ...m, member_id: memberId, created_at: createdAt }));
  await sync(CONTACT_FORM, messages.length, [{ table: "contact_messages", key: ["id"], rows: messageRows }]);

  // The activity log (the site's own collection): a Cockpit that never had it (Cockpit
  // answers 412 "Collection not found") has none to copy.
  const activity = await read(ACTIVITY, async () => {
    try {
      return await readAll(client, ACTIVITY, pageSize);
    } catch (error) {
      if (isMissingCollection(error)) return [];
      throw error;
    }
  });
  await sync(ACTIVITY, activity.length, [{ table: "activity", key: ["id"], rows: activity.map((e) => activityToRow(activityFromCockpit(e))) }]);

  if (options.copyFiles) report.files = await copyDocumentFiles(options.media, documentPaths, options, log);
  else if (documentPaths.length) {
    const missing = await missingFiles(options.media, documentPaths);
    if (missing.length)
      report.warnings.push(
        `documents: ${missing.length} of ${documentPaths.length} files are not in R2, which the D1 store serves document files from: run again with --copy-files.`,
      );
  }
  return report;
}

async function missingFiles(media: R2Bucket | undefined, paths: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const path of new Set(paths)) {
    const key = mediaKeyForPath(path);
    if (!media || !key || !(await createMedia(media).has(key))) missing.push(path);
  }
  return missing;
}

/** Downloads each document's file from the CMS host into the MEDIA bucket, keyed by its path (replaced only when the bytes differ). */
async function copyDocumentFiles(
  media: R2Bucket | undefined,
  paths: string[],
  options: ImportOptions,
  log: (line: string) => void,
): Promise<NonNullable<ImportReport["files"]>> {
  const result = { copied: 0, unchanged: 0, missing: [] as string[] };
  const doFetch = options.fetchFile ?? fetch;
  for (const path of new Set(paths)) {
    const url = resolveMediaUrl(path, options.assetsBase);
    const key = mediaKeyForPath(path);
    if (!url || !/^https?:\/\//i.test(url)) {
      result.missing.push(`${path} (no CMS_ASSETS_URL to fetch it from)`);
      continue;
    }
    if (!key || !media) {
      result.missing.push(`${path} (${key ? "no MEDIA bucket to copy it into" : "not a path the site can serve"})`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      result.missing.push(`${path} (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const bucket = createMedia(media);
    const current = await bucket.get(key);
    if (current && sameBytes(new Uint8Array(await new Response(current.body).arrayBuffer()), bytes)) {
      result.unchanged++;
      continue;
    }
    if (!options.dryRun) await bucket.putAt(key, bytes, contentTypeFor(path));
    result.copied++;
  }
  log(
    `document files: ${result.copied} copied, ${result.unchanged} unchanged${result.missing.length ? `, ${result.missing.length} could not be fetched` : ""}`,
  );
  return result;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** The same JSON value whatever the order of its keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  try {
    return canonical(JSON.parse(a)) === canonical(JSON.parse(b));
  } catch {
    return false;
  }
}
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export function progressLine(c: CollectionReport): string {
  return `${c.name}: ${c.read} read, ${c.new} new, ${c.changed} changed, ${c.unchanged} unchanged${c.onlyInD1 ? `, ${c.onlyInD1} only in D1 (kept)` : ""}`;
}

export function summaryLine(report: ImportReport, dryRun = false): string {
  const sum = (key: "read" | "new" | "changed" | "unchanged") => report.collections.reduce((n, c) => n + c[key], 0);
  return `${dryRun ? "Dry run (nothing written): " : "Imported: "}${report.collections.length} collections and singletons, ${sum("read")} records read, ${sum("new")} new, ${sum("changed")} changed, ${sum("unchanged")} unchanged.`;
}
