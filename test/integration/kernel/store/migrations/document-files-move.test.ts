import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { bucketTarget, d1Rows, moveDocumentFiles } from "../../../../../scripts/documents-to-r2/move";
import { applyMigrations, createTestD1, migrationFiles } from "../../../../support/d1";

/**
 * Moving the documents' files from D1 (migration 0004's document_files) into the MEDIA
 * bucket (ADR 40), on a database as it was before migration 0011: the site serves the
 * files throughout, 0011 refuses to drop the table while a row is left, and the move
 * (npm run documents:to-r2) empties it.
 */
const PDF = new TextEncoder().encode("%PDF-1.4 the constitution");
const DOCX = new TextEncoder().encode("PK\x03\x04 the handbook");
const ROWS = [
  { path: "/documents/constitution.pdf", type: "application/pdf", bytes: PDF },
  { path: "/storage/uploads/2025/handbook.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes: DOCX },
];

let db: D1Database;
let media: R2Bucket;
let store: Store;
let dispose: () => Promise<void>;

const insertRow = (path: string, type: string, bytes: Uint8Array) =>
  db
    .prepare("INSERT INTO document_files (path, content_type, bytes, updated_at) VALUES (?, ?, ?, 0)")
    .bind(path, type, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    .run();
const migration0011 = () =>
  applyMigrations(
    db,
    migrationFiles().filter((file) => file.startsWith("0011_")),
  );
const served = async (path: string) => {
  const file = await store.documents.file({ id: "d1", title: "A document", file: { path }, createdAt: 0 });
  return file && { type: file.contentType, bytes: new Uint8Array(await new Response(file.body).arrayBuffer()) };
};
const tableExists = async () => (await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'document_files'").first()) !== null;

beforeAll(async () => {
  ({ db, media, dispose } = await createTestD1(migrationFiles().filter((file) => file < "0011")));
  store = createD1Store(db, media);
  for (const row of ROWS) await insertRow(row.path, row.type, row.bytes);
});
afterAll(() => dispose());

describe("documents' files moving from D1 into R2", () => {
  it("are served from D1's rows while they are not moved yet", async () => {
    for (const row of ROWS) expect(await served(row.path), row.path).toEqual({ type: row.type, bytes: row.bytes });
    expect((await media.list()).objects).toHaveLength(0);
  });

  it("migration 0011 refuses to drop the table while a row is left, naming the command, and changes nothing", async () => {
    await expect(migration0011()).rejects.toThrow(/document_files_must_be_moved_first__run_npm_run_documents_to_r2/);
    expect(await tableExists()).toBe(true);
    expect((await db.prepare("SELECT COUNT(*) AS n FROM document_files").first<{ n: number }>())!.n).toBe(ROWS.length);
    expect(await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'document_files_move_check'").first()).toBeNull();
  });

  it("a row whose path the site cannot serve is left in D1 and reported", async () => {
    await insertRow("../outside.pdf", "application/pdf", PDF);
    const report = await moveDocumentFiles(d1Rows(db), bucketTarget(media));
    expect(report.left).toEqual(["../outside.pdf (not a file path the site can serve)"]);
    expect(report.moved).toBe(ROWS.length);
    await db.prepare("DELETE FROM document_files WHERE path = '../outside.pdf'").run();
  });

  it("the move puts each file in R2 under its path with its type, and empties the table", async () => {
    for (const row of ROWS) {
      const object = await media.get(row.path.slice(1));
      expect(object?.httpMetadata?.contentType, row.path).toBe(row.type);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(row.bytes);
    }
    expect((await db.prepare("SELECT COUNT(*) AS n FROM document_files").first<{ n: number }>())!.n).toBe(0);
    for (const row of ROWS) expect(await served(row.path), row.path).toEqual({ type: row.type, bytes: row.bytes });
  });

  it("then migration 0011 drops the table, the files are still served, and a second move has nothing to do", async () => {
    await migration0011();
    expect(await tableExists()).toBe(false);
    for (const row of ROWS) expect(await served(row.path), row.path).toEqual({ type: row.type, bytes: row.bytes });
    expect(await served("/documents/not-there.pdf")).toBeNull();
    expect(await moveDocumentFiles(d1Rows(db), bucketTarget(media))).toEqual({ moved: 0, left: [], tableGone: true });
  });
});
