import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCockpitDemo } from "../../../../../seed/cockpit-demo";
import { ROOT } from "../../../../../scripts/lib";
import { codeFromId, ImportError, importCockpit, type ImportReport } from "../../../../../scripts/import-cockpit/import";
import { createCockpitClient, type CockpitClient } from "~/kernel/store/cockpit/client.server";
import { createCockpitStore } from "~/kernel/store/cockpit/index.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { createTestD1 } from "../../../../support/d1";
import { LEGACY_USERLIST_ENTRY } from "../../../../support/cockpit-legacy";
import { startFakeCockpit, type FakeCockpit } from "../../../../support/fake-cockpit";
import { TIMEOUTS } from "../../../../support/time-budget";

/**
 * npm run import:cockpit: the demo Cockpit (seed/cockpit-demo.ts) plus a legacy member and
 * a legacy ticket, imported into a fresh D1, read back through the D1 store as the Cockpit
 * store reads them; a second run changes nothing; a Cockpit failure stops it cleanly.
 */

const date = new Date("2026-11-21T12:00:00Z");
const ASSETS = "https://cms.example.org";

/** A ticket as the legacy browser app left it: no code, the door's flag only, price as text. */
const LEGACY_TICKET = {
  _id: "5f1e2d3c4b5a6978877665aa",
  _created: 1608000000,
  _modified: 1608500000,
  userId: LEGACY_USERLIST_ENTRY._id,
  title: "Christmas Party",
  email: "legacy.member@example.org",
  membership: "Family",
  year: "2020",
  ticketPrice: "25",
  paymentStatus: true,
  status: true,
  verificationStatus: true,
  numberOfAdults: 2,
  adultName1: "Legacy Member",
  adultName2: "Legacy Spouse",
  adult1Status: true,
  adult2Status: false,
};

const TABLES = [
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
  "contact_messages",
  "activity",
];

/** Every imported row, and every file in the MEDIA bucket with when it was written (a rewrite shows). */
async function snapshot(db: D1Database, media?: R2Bucket): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const order = table === "singletons" ? "name" : table === "ticket_attendees" ? "ticket_id, band, position" : "id";
    out[table] = (await db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all()).results;
  }
  if (media) out.media = (await media.list()).objects.map((o) => ({ key: o.key, etag: o.etag, uploaded: o.uploaded.toISOString() }));
  return out;
}

const line = (report: ImportReport, name: string) => report.collections.find((c) => c.name === name)!;

/** Two messages sent with the contact form before the import. */
const MESSAGES = [
  { name: "Ann", lastname: "Sender", email: "ann@example.com", subject: "Membership", notes: "How do I join?" },
  // Sent signed in: the entry carries the member's id, and the import keeps it.
  { name: "Bob", lastname: "Asker", email: "bob@example.com", subject: "Tickets", notes: "Are there tickets left?", memberId: "member-bob" },
];

/** Files served by the CMS host (the fetch given to the import). */
const fileFetch = (async (input: RequestInfo | URL) => {
  const url = String(input);
  return url.startsWith(`${ASSETS}/`) ? new Response(`bytes of ${url}`) : new Response("", { status: 404 });
}) as typeof fetch;

let fake: FakeCockpit;
let client: CockpitClient;
const disposers: Array<() => Promise<void>> = [];

async function freshPlatform() {
  const test = await createTestD1();
  disposers.push(test.dispose);
  return test;
}

async function freshD1() {
  return (await freshPlatform()).db;
}

/** The activity log as the Cockpit store keeps it (before and after as JSON text; a delete has none). */
const ACTIVITY_ENTRIES = [
  {
    _id: "6a1e2d3c4b5a697887766501",
    _created: 1790000000,
    at: "2026-09-21T10:13:20.000Z",
    actorId: "a1",
    actorName: "Jane Smith",
    kind: "role-granted",
    subjectId: "m1",
    subjectName: "MMA12 John Doe",
    before: '"member"',
    after: '"accountant"',
    summary: "Jane Smith gave member MMA12 John Doe the Admin role.",
  },
  {
    _id: "6a1e2d3c4b5a697887766502",
    _created: 1790000100,
    at: "2026-09-21T10:15:00.000Z",
    actorId: "a1",
    actorName: "Jane Smith",
    kind: "member-deleted",
    subjectId: "m2",
    subjectName: "MMA13 Ann Lee",
    before: null,
    after: null,
    summary: "Jane Smith deleted member MMA13 Ann Lee.",
  },
];

beforeAll(async () => {
  const demo = await buildCockpitDemo(date);
  fake = await startFakeCockpit({
    collections: {
      ...demo.collections,
      userlist: [...demo.collections.userlist!, LEGACY_USERLIST_ENTRY],
      tickets: [...demo.collections.tickets!, LEGACY_TICKET],
      activity: ACTIVITY_ENTRIES,
    },
    singletons: demo.singletons,
  });
  client = createCockpitClient({ baseUrl: fake.url, token: fake.token, timeoutMs: TIMEOUTS.poll });
  for (const message of MESSAGES) await client.submitForm("contactus", message);
});
afterAll(async () => {
  await fake?.stop();
  for (const dispose of disposers) await dispose();
});

describe("npm run import:cockpit", () => {
  let db: D1Database;
  let media: R2Bucket;
  let d1: Store;
  let cockpit: Store;
  let first: ImportReport;

  beforeAll(async () => {
    ({ db, media } = await freshPlatform());
    d1 = createD1Store(db, media);
    cockpit = createCockpitStore(client, db, { assetsBase: ASSETS });
    first = await importCockpit(client, db, { assetsBase: ASSETS, copyFiles: true, media, fetchFile: fileFetch });
  });

  it("reads every collection and singleton, and counts each record as new in an empty D1", () => {
    const names = first.collections.map((c) => c.name);
    expect(names).toEqual([
      "general",
      "aboutUs",
      "aboutSchool",
      "homeBanner",
      "officeBearers",
      "officeBearersHistory",
      "eventCalender",
      "gallery",
      "news",
      "documents",
      "userlist",
      "membertransactions",
      "tickets",
      "contactus",
      "activity",
    ]);
    for (const c of first.collections) {
      const expected = (fake.data.collections[c.name] ?? fake.data.forms[c.name])?.length ?? 1;
      expect(c, c.name).toEqual({ name: c.name, read: expected, new: expected, changed: 0, unchanged: 0, onlyInD1: 0 });
      expect(c.read, c.name).toBeGreaterThan(0);
    }
    expect(line(first, "userlist").read).toBe(fake.data.collections.userlist!.length);
    expect(first.warnings).toEqual([]);
  });

  it("gives D1 the records the Cockpit store reads: same ids, numbers, hashes, times and image URLs", async () => {
    expect(await d1.content.getSiteSettings()).toEqual(await cockpit.content.getSiteSettings());
    for (const key of ["aboutUs", "aboutSchool"] as const) expect(await d1.content.getPage(key), key).toEqual(await cockpit.content.getPage(key));
    expect(await d1.content.listSlides()).toEqual(await cockpit.content.listSlides());
    expect((await d1.content.listSlides())[0]!.bannerImage.path.startsWith(`${ASSETS}/`)).toBe(true);
    expect(await d1.content.listOfficeBearers()).toEqual(await cockpit.content.listOfficeBearers());
    expect(await d1.content.listPreviousTeams()).toEqual(await cockpit.content.listPreviousTeams());
    expect(await d1.content.listEvents()).toEqual(await cockpit.content.listEvents());
    expect(await d1.content.listGalleries()).toEqual(await cockpit.content.listGalleries());
    expect(await d1.content.listPublishedNews()).toEqual(await cockpit.content.listPublishedNews());
    // Documents keep their path (the D1 store serves the file from the MEDIA bucket by it).
    expect(await d1.documents.list()).toEqual(await createCockpitStore(client, db).documents.list());

    for (const entry of fake.data.collections.userlist!) {
      expect(await d1.members.getById(entry._id), entry._id).toEqual(await cockpit.members.getById(entry._id));
    }
    for (const entry of fake.data.collections.membertransactions!) {
      expect(await d1.transactions.getById(entry._id), entry._id).toEqual(await cockpit.transactions.getById(entry._id));
    }
    for (const entry of fake.data.collections.tickets!.filter((e) => e._id !== LEGACY_TICKET._id)) {
      // Events are in D1 beside Cockpit (ADR 60); this D1 is fresh and holds none, so the
      // imported tickets have no event here (the adoption links them by title and year).
      const fromCockpit = await cockpit.tickets.getById(entry._id);
      expect(await d1.tickets.getById(entry._id), entry._id).toEqual(fromCockpit && { ...fromCockpit, eventId: null });
    }
    const page = { deleted: false, page: 0, pageSize: 50 };
    expect((await d1.members.list(page)).total).toBe((await cockpit.members.list(page)).total);
    const log = await d1.activity.list();
    expect(log).toEqual(await cockpit.activity.list());
    expect(log.rows.map((e) => [e.kind, e.before, e.after])).toEqual([
      ["member-deleted", undefined, undefined],
      ["role-granted", "member", "accountant"],
    ]);
  });

  it("imports from a Cockpit that never had the activity collection, with nothing to copy for it", async () => {
    const kept = fake.data.collections.activity;
    delete fake.data.collections.activity;
    try {
      const report = await importCockpit(client, await freshD1(), { assetsBase: ASSETS });
      expect(line(report, "activity")).toEqual({ name: "activity", read: 0, new: 0, changed: 0, unchanged: 0, onlyInD1: 0 });
      expect(line(report, "tickets").read).toBe(fake.data.collections.tickets!.length);
    } finally {
      fake.data.collections.activity = kept!;
    }
  });

  it("copies the contact form's messages, read back with forms/export, with their Cockpit ids, times and signed-in senders", async () => {
    const kept = fake.data.forms.contactus!;
    const rows = (await db.prepare("SELECT * FROM contact_messages ORDER BY created_at, id").all()).results;
    expect(rows).toHaveLength(MESSAGES.length);
    for (const [i, { memberId, ...message }] of MESSAGES.entries()) {
      expect(rows.find((r) => r.id === kept[i]!._id)).toEqual({ id: kept[i]!._id, ...message, member_id: memberId ?? null, created_at: kept[i]!._created });
    }
  });

  it("keeps a legacy member as it is: no member number, the legacy hash (upgraded at the next sign-in), flattened children", async () => {
    const member = await d1.members.findByEmail("legacy.member@example.org");
    expect(member).toMatchObject({
      id: LEGACY_USERLIST_ENTRY._id,
      memberNumber: null,
      passwordHash: LEGACY_USERLIST_ENTRY.password,
      createdAt: LEGACY_USERLIST_ENTRY._created,
      children: [
        { name: "First Child", birthYear: 2012 },
        { name: "Second Child", birthYear: 2016 },
      ],
    });
  });

  it("gives a legacy ticket without a code one derived from its id, and keeps who was admitted", async () => {
    const ticket = await d1.tickets.getById(LEGACY_TICKET._id);
    const fromCockpit = await cockpit.tickets.getById(LEGACY_TICKET._id);
    expect(ticket).toEqual({ ...fromCockpit, code: codeFromId(LEGACY_TICKET._id) });
    expect(ticket!.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
    expect(ticket!.attendees.map((a) => [a.name, a.admittedAt])).toEqual([
      ["Legacy Member", LEGACY_TICKET._modified],
      ["Legacy Spouse", null],
    ]);
    expect(await d1.tickets.getByCode(ticket!.code)).toEqual(ticket);
  });

  it("copies the documents' files from the CMS host into the MEDIA bucket when asked, where the D1 store serves them", async () => {
    const docs = await d1.documents.list();
    expect(docs.length).toBeGreaterThan(0);
    expect(first.files).toEqual({ copied: docs.length, unchanged: 0, missing: [] });
    for (const doc of docs) {
      const file = await d1.documents.file(doc);
      expect(await new Response(file!.body).text(), doc.file.path).toBe(`bytes of ${ASSETS}${doc.file.path}`);
      expect(await media.head(doc.file.path.replace(/^\//, ""))).not.toBeNull();
    }
  });

  it("changes nothing on a second run", async () => {
    const before = await snapshot(db, media);
    expect(before.media).toHaveLength(first.files!.copied);
    const second = await importCockpit(client, db, { assetsBase: ASSETS, copyFiles: true, media, fetchFile: fileFetch, now: 2_000_000_000 });
    for (const c of second.collections) expect(c, c.name).toMatchObject({ new: 0, changed: 0, unchanged: c.read, onlyInD1: 0 });
    expect(second.files).toMatchObject({ copied: 0, missing: [] });
    expect(await snapshot(db, media)).toEqual(before);
  });

  it("writes only what changed in Cockpit since the last run", async () => {
    const entry = fake.data.collections.userlist!.find((e) => e._id === LEGACY_USERLIST_ENTRY._id)!;
    entry.fullName = "Legacy Member Renamed";
    const ticket = fake.data.collections.tickets!.find((e) => e._id === LEGACY_TICKET._id)!;
    ticket.adultName2 = null;
    try {
      const third = await importCockpit(client, db, { assetsBase: ASSETS });
      expect(line(third, "userlist")).toMatchObject({ new: 0, changed: 1 });
      expect(line(third, "tickets")).toMatchObject({ new: 0, changed: 1 });
      expect(line(third, "membertransactions")).toMatchObject({ new: 0, changed: 0 });
      expect((await d1.members.getById(LEGACY_USERLIST_ENTRY._id))!.fullName).toBe("Legacy Member Renamed");
      // A person taken off the ticket in Cockpit is taken off it in D1.
      expect((await d1.tickets.getById(LEGACY_TICKET._id))!.attendees.map((a) => a.name)).toEqual(["Legacy Member"]);
      expect(await d1.tickets.getById(LEGACY_TICKET._id)).toEqual({
        ...(await cockpit.tickets.getById(LEGACY_TICKET._id)),
        code: codeFromId(LEGACY_TICKET._id),
      });
    } finally {
      entry.fullName = LEGACY_USERLIST_ENTRY.fullName;
      ticket.adultName2 = LEGACY_TICKET.adultName2;
    }
  });

  it("does not write anything on a dry run", async () => {
    const entry = fake.data.collections.news![0]!;
    const title = entry.title;
    entry.title = "Changed in Cockpit";
    try {
      const before = await snapshot(db);
      const dry = await importCockpit(client, db, { assetsBase: ASSETS, dryRun: true });
      expect(line(dry, "news")).toMatchObject({ changed: 1 });
      expect(await snapshot(db)).toEqual(before);
    } finally {
      entry.title = title;
    }
  });
});

describe("a Cockpit failure in the middle of an import", () => {
  it("stops with a clear message, leaves whole collections only, and a re-run completes it", async () => {
    const db = await freshD1();
    // Cockpit answers the transactions' read with an error.
    const failing = createCockpitClient({
      baseUrl: fake.url,
      token: fake.token,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes("collections/get/membertransactions")) fake.failNext(500, '{"error":"Database is locked"}');
        return fetch(input, init);
      }) as typeof fetch,
    });
    const error = await importCockpit(failing, db, { assetsBase: ASSETS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(
      /^Reading membertransactions from Cockpit failed: Cockpit answered collections\/get with 500: Database is locked\./,
    );
    expect((error as Error).message).toContain("run the import again to complete it");
    const count = async (table: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    expect(await count("members")).toBe(fake.data.collections.userlist!.length);
    expect(await count("transactions")).toBe(0);
    expect(await count("tickets")).toBe(0);

    const again = await importCockpit(client, db, { assetsBase: ASSETS });
    expect(line(again, "userlist")).toMatchObject({ new: 0, changed: 0 });
    expect(line(again, "membertransactions")).toMatchObject({ new: fake.data.collections.membertransactions!.length });
    expect(line(again, "tickets")).toMatchObject({ new: fake.data.collections.tickets!.length });
  });

  it("refuses duplicate e-mails Cockpit let in, naming them, and writes none of the members", async () => {
    const db = await freshD1();
    const copy = { ...LEGACY_USERLIST_ENTRY, _id: "5f1e2d3c4b5a6978877665ff", email: "LEGACY.member@example.org", _created: 1600000000 };
    fake.data.collections.userlist!.push(copy);
    try {
      const error = await importCockpit(client, db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as Error).message).toContain(
        `userlist: 1 duplicate e-mail, which D1 cannot store: e-mail legacy.member@example.org of ${copy._id} is also used by Cockpit entry ${LEGACY_USERLIST_ENTRY._id}`,
      );
      expect((await db.prepare("SELECT COUNT(*) AS n FROM members").first<{ n: number }>())!.n).toBe(0);
    } finally {
      fake.data.collections.userlist!.pop();
    }
  });
});

/** Runs the command without blocking this process (which serves the fake Cockpit). */
function runImport(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  return new Promise((resolve) => {
    execFile(
      tsx,
      [path.join(ROOT, "scripts", "import-cockpit.ts"), ...args],
      { cwd: ROOT, env, encoding: "utf8", timeout: TIMEOUTS.long },
      (error, stdout, stderr) => {
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("the command", () => {
  it(
    "prints a progress line per collection and a summary, and exits non-zero when Cockpit refuses the token",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "import-cockpit-"));
      try {
        const env = { ...process.env, CMS_API_URL: fake.url, CMS_API_TOKEN: fake.token, CMS_ASSETS_URL: "" };
        const ok = await runImport(["--persist-to", dir], env);
        expect(ok.status, ok.stderr).toBe(0);
        expect(ok.stdout).toContain(
          `  userlist: ${fake.data.collections.userlist!.length} read, ${fake.data.collections.userlist!.length} new, 0 changed, 0 unchanged`,
        );
        expect(ok.stdout).toMatch(/ {2}tickets: \d+ read, \d+ new, 0 changed, 0 unchanged/);
        expect(ok.stdout).toMatch(/Imported: 15 collections and singletons, \d+ records read/);

        // A second run changing nothing is proven in-process above ("changes nothing on a
        // second run"): each run of the command is a tsx, a wrangler and a workerd (ADR 57).
        const refused = await runImport(["--persist-to", dir, "--token", "wrong"], env);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain("Import stopped. Reading general from Cockpit failed: Cockpit answered singletons/get with 401: Unauthorized.");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUTS.long,
  );
});
