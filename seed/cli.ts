import { parseArgs } from "node:util";
import { moveLocalDocumentFiles } from "../scripts/documents-to-r2/local";
import { DEFAULT_PERSIST_TO, migrate } from "../scripts/lib";
import { parsePhotoSize } from "./photo-plan";
import { openLocalPlatform } from "./platform";
import { seedPhotos } from "./photos";
import { seedDatabase } from "./seed";

/**
 * npm run seed -- [--members N] [--tickets N] [--if-empty] [--persist-to DIR]
 *                 [--photos [--photo-count N] [--photo-size WxH]]
 * Writes the demo content and accounts (and synthetic members for benchmarks)
 * into the local D1 database, after applying its migrations as npm start does (so it also
 * works on a fresh clone before the first start).
 * --photos adds a gallery of 40 generated 4000×3000 phone photos and full-size
 * banners on the home slides, stored with their renditions (seed/photos.ts).
 */
const { values } = parseArgs({
  options: {
    members: { type: "string", default: "0" },
    tickets: { type: "string" },
    "if-empty": { type: "boolean", default: false },
    "persist-to": { type: "string", default: DEFAULT_PERSIST_TO },
    photos: { type: "boolean", default: false },
    "photo-count": { type: "string", default: "40" },
    "photo-size": { type: "string" },
  },
});

function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
    console.error(`--${name} must be a whole number from 0 to 1000000`);
    process.exit(2);
  }
  return value;
}

const photoSize = values["photo-size"] === undefined ? undefined : parsePhotoSize(values["photo-size"]);
if (photoSize === null) {
  console.error("--photo-size must be WIDTHxHEIGHT, each from 16 to 8000, e.g. 4000x3000");
  process.exit(2);
}

const started = performance.now();
await moveLocalDocumentFiles(values["persist-to"], (line) => console.log(line));
migrate(values["persist-to"], { quiet: true });
const { db, media, images, dispose } = await openLocalPlatform(values["persist-to"]);
try {
  const report = await seedDatabase(db, {
    media,
    ifEmpty: values["if-empty"],
    members: count("members", values.members),
    tickets: count("tickets", values.tickets),
    log: (line) => console.log(line),
  });
  if (values.photos) {
    console.log("Generating photos and storing them with their renditions (a minute or two)...");
    const photos = await seedPhotos(
      { db, media, images },
      { count: count("photo-count", values["photo-count"]), size: photoSize, log: (line) => console.log(line) },
    );
    const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
    console.log(
      `Gallery /gallery/${photos.galleryId}: ${photos.photos} photos (originals ${mb(photos.originalBytes.min)}–${mb(photos.originalBytes.max)} MB), ${photos.banners} banners.`,
    );
  }
  console.log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      Object.entries(report.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(", "),
  );
} finally {
  await dispose();
}
