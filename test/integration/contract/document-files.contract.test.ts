import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { buildCockpitDemo } from "../../../seed/cockpit-demo";
import { buildDemo } from "../../../seed/demo";
import { writeDocumentFiles } from "../../../seed/document-files";
import { seedDatabase } from "../../../seed/seed";
import { describeStore } from "../../support/store-adapters";

/**
 * documents.file: a document's file comes through the store, on both adapters. Over the
 * same demo: D1 seeded by the seed; the Cockpit holding the demo's records, whose
 * relative paths name files kept in the MEDIA bucket (as the demo served from a Cockpit
 * does; ADR 40). Fetching from the CMS host is the Cockpit adapter's own:
 * test/integration/kernel/store/cockpit/document-files.test.ts.
 */
const date = new Date("2026-11-21T12:00:00Z");
const SEED_FILES = path.resolve(import.meta.dirname, "../../../seed/files");

describeStore(
  "document files",
  {
    seedD1: async (db, media) => {
      await seedDatabase(db, { date, media });
    },
    cockpit: async () => {
      const demo = await buildCockpitDemo(date);
      return { collections: demo.collections, singletons: demo.singletons };
    },
  },
  (t) => {
    beforeAll(async () => {
      // The Cockpit store finds relative paths in the MEDIA bucket: give it the demo's files.
      if (t.kind === "cockpit") {
        const demo = await buildDemo(date);
        await writeDocumentFiles(t.media, demo.documents);
      }
    });

    const bytesOf = async (body: BodyInit) => Buffer.from(await new Response(body).arrayBuffer());

    it("hands back each document's file: the stored bytes and their type", async () => {
      const documents = await t.store.documents.list();
      expect(documents).toHaveLength(3);
      for (const document of documents) {
        const file = await t.store.documents.file(document);
        expect(file, document.title).not.toBeNull();
        expect(file!.contentType).toBe("application/pdf");
        const expected = readFileSync(path.join(SEED_FILES, document.file.path));
        expect((await bytesOf(file!.body)).equals(expected), document.title).toBe(true);
      }
    });

    it("answers null for a document whose file is not there", async () => {
      const [document] = await t.store.documents.list();
      expect(await t.store.documents.file({ ...document!, file: { path: "/documents/not-there.pdf" } })).toBeNull();
    });
  },
);
