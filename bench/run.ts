import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, hasBuild, ROOT } from "../scripts/lib";
import { BUDGETS, checkGalleryImages, checkPage, checkPhotoLighthouse, PHOTO_BUDGETS, SIGNED_IN_BUDGETS } from "./budgets";
import { buildStamp } from "./build-stamp";
import { connectionErrorCount, fetchBody } from "./http";
import { onInterrupt } from "./interrupt";
import { measurePageSizes, withTiming, type PageResult, type PageSizes } from "./measure-page";
import { COCKPIT_PAGES, parseOptions, USAGE, UsageError, type BenchOptions } from "./options";
import { budgetsTable, machine, pagesTable, scriptsTable } from "./report";
import { seededServer } from "./seeded-server";
import { timeRequests } from "./timing";
import { ADMIN_BUDGETS, adminTable, benchAdmin } from "./admin";
import { COCKPIT_BUDGETS, benchCockpit } from "./cockpit";
import { benchLighthouse, failingAuditsText, LIGHTHOUSE_BUDGETS, lighthouseTable } from "./lighthouse";
import { benchLoad, LOAD_BUDGETS, loadTable } from "./load";
import { pagesFor, type Audience, type BenchPage } from "./pages";
import { measureImagesBeforeScroll, PHONE_SCREEN } from "./photo-gallery";
import { PHOTO_GALLERY_ID } from "../seed/photos";
import { signInAs } from "./sign-in";
import { benchRows, makeRoomAtTheEvent, ROWS_BUDGETS, ROWS_PUBLIC_PAGES, rowsTable, totalRows } from "./d1-rows";
import { currentYear } from "../app/kernel/dates/dates";

/**
 * npm run bench: the public pages against the budgets of docs/requirements.md §11.9
 * (HTML and JS gzipped sizes, server time compared with a static file), on the
 * built worker in wrangler dev with a fresh demo database; then the back office
 * (bench/admin.ts: /accounts pages and the CSV export with 10,000 members) on a
 * second server; D1 rows per page view (bench/d1-rows.ts) on a third, behind the bench's
 * own worker entry (ADR 61). Writes bench/results/public-pages.json, admin.json,
 * d1-rows.json…; exits 1 when a budget fails (unless --no-fail). --no-… / --only-… choose parts.
 */

const RESULTS_FILE = path.join(ROOT, "bench", "results", "public-pages.json");
const ADMIN_RESULTS_FILE = path.join(ROOT, "bench", "results", "admin.json");
const COCKPIT_RESULTS_FILE = path.join(ROOT, "bench", "results", "cockpit.json");
const LOAD_RESULTS_FILE = path.join(ROOT, "bench", "results", "load.json");
const LIGHTHOUSE_RESULTS_FILE = path.join(ROOT, "bench", "results", "lighthouse.json");
const ROWS_RESULTS_FILE = path.join(ROOT, "bench", "results", "d1-rows.json");
const PHOTOS_RESULTS_FILE = path.join(ROOT, "bench", "results", "photos.json");

function readOptions(): BenchOptions {
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options) return options;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
}

/** The session cookies of the signed-in audiences that the pages need. */
async function sessions(baseUrl: string, pages: BenchPage[]): Promise<Record<Audience, Record<string, string> | undefined>> {
  const needs = (audience: Audience) => pages.some((page) => page.audience === audience);
  return {
    visitor: undefined,
    member: needs("member") ? { Cookie: await signInAs(baseUrl, "member") } : undefined,
    accountant: needs("accountant") ? { Cookie: await signInAs(baseUrl, "treasurer") } : undefined,
  };
}

/** Sizes of every page first (a short window, in case someone rebuilds build/ meanwhile), then the timings. */
async function bench(baseUrl: string, options: BenchOptions) {
  const staticUrl = new URL(options.staticPath, baseUrl).href;
  const { status: staticStatus } = await fetchBody(staticUrl);
  if (staticStatus !== 200) throw new Error(`The static file ${options.staticPath} answered ${staticStatus}; choose another with --static.`);

  const targets = pagesFor(options.pages);
  const headersOf = await sessions(baseUrl, targets);
  console.log(`  sizes: ${targets.map((page) => page.path).join(", ")}`);
  const sizes: PageSizes[] = [];
  for (const page of targets) sizes.push(await measurePageSizes(baseUrl, page, options.warmup, headersOf[page.audience]));

  const pages: PageResult[] = [];
  for (const page of sizes) {
    console.log(`  ${page.path} (${page.audience}): ${options.warmup} warm-up and ${options.requests} timed requests...`);
    const headers = headersOf[page.audience];
    pages.push(withTiming(page, await timeRequests(new URL(page.path, baseUrl).href, { ...options, unique: options.render, headers })));
  }
  // After the pages, so that the static file is timed on a worker as warm as theirs.
  console.log(`  ${options.staticPath} (static): ${options.warmup} warm-up and ${options.requests} timed requests...`);
  const staticTiming = await timeRequests(staticUrl, options);
  return { pages, staticTiming, staticStatus };
}

const options = readOptions();
const host = machine();
console.log(`Machine: Node ${host.node}, ${host.cpus} CPUs (${host.cpuModel}), ${host.platform}, ${host.memoryGB} GB`);

let server: ReturnType<typeof seededServer> | undefined;
let interrupted = false;
onInterrupt(async (signal) => {
  interrupted = true;
  console.error(`\n${signal}: stopping${server ? ` the server and removing ${server.persistTo}` : ""}...`);
  await server?.stop();
});
// Last resort should the process end some other way: kills the server outright, removes the directory.
process.on("exit", () => server?.killNow());

if (options.build) {
  console.log("Building (remix vite:build)...");
  try {
    build({ quiet: true });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
} else if (!hasBuild()) {
  console.error("There is no build/ yet: run without --no-build.");
  process.exit(2);
}
const log = options.verbose ? (text: string) => process.stderr.write(text) : undefined;

/** The public pages on a server with the demo: returns the exit code. */
async function publicPart(): Promise<number> {
  server = seededServer({ log });
  let exitCode = 0;
  const stampBefore = buildStamp();
  try {
    console.log("Fresh D1: migrating and seeding the demo, then starting wrangler dev...");
    const baseUrl = await server.start();
    console.log(`Server: ${baseUrl} (wrangler dev, workerd)`);
    const { pages, staticTiming, staticStatus } = await bench(baseUrl, options);
    const runWarnings: string[] = [];
    if (buildStamp() !== stampBefore) {
      runWarnings.push("build/ changed during the run (someone else built): wrangler dev reloaded, the figures may mix two builds. Run again.");
    }
    if (connectionErrorCount() > 0) {
      runWarnings.push(`${connectionErrorCount()} requests failed to connect and were retried (a worker reload?): the timings may be off.`);
    }
    const checks = pages.flatMap((page) => checkPage(page, staticTiming));
    const failed = checks.filter((check) => check.verdict === "FAIL");

    console.log(
      `\nSizes: gzip level 9 of the response bodies; kB = 1000 bytes. Times: full response (body read), ` +
        `${options.requests} sequential requests after ${options.warmup} warm-up` +
        (options.render ? "; --render: every page request rendered afresh (page cache bypassed).\n" : ".\n"),
    );
    console.log(pagesTable(pages, options.staticPath, staticTiming, staticStatus));
    console.log("\nJavaScript loaded on first visit (script src, modulepreload, inline module imports, manifest, and their static imports):\n");
    console.log(scriptsTable(pages));
    if (pages.some((page) => page.js.scripts.some((script) => script.source === "manifest-url"))) {
      console.log("(manifest-url: named in the inline partial manifest, not loaded on a first visit with v3_lazyRouteDiscovery; not counted)");
    }
    for (const page of pages) {
      for (const warning of page.warnings) console.log(`! ${page.path}: ${warning}`);
    }
    for (const warning of runWarnings) console.log(`! ${warning}`);
    console.log("\nBudgets:\n");
    console.log(budgetsTable(checks));

    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    const results = {
      date: new Date().toISOString(),
      machine: host,
      server: "wrangler dev (workerd), built worker, fresh local D1 with the demo seed",
      units: { sizes: "bytes, gzip level 9 of the response body; kB = 1000 bytes", times: "ms, until the body is read" },
      options: {
        pages: pages.map((page) => ({ path: page.path, audience: page.audience })),
        requests: options.requests,
        warmup: options.warmup,
        staticPath: options.staticPath,
      },
      budgets: { public: BUDGETS, signedIn: { ...SIGNED_IN_BUDGETS, js: "reported, no budget", p50Ratio: "reported, no budget" } },
      static: { path: options.staticPath, status: staticStatus, timing: staticTiming },
      pages: pages.map((page) => ({ ...page, p50RatioToStatic: page.timing.p50 / staticTiming.p50 })),
      checks,
      warnings: runWarnings,
      passed: failed.length === 0,
    };
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

    console.log(`\nFigures written to ${path.relative(ROOT, RESULTS_FILE)}.`);
    if (failed.length === 0) console.log("PASS: every budget is met.");
    else {
      console.log(`FAIL: ${failed.length} of ${checks.length} checks failed (${failed.map((check) => `${check.page} ${check.budget}`).join("; ")}).`);
      if (options.fail) exitCode = 1;
      else console.log("(--no-fail: exit code 0 all the same)");
    }
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      if (buildStamp() !== stampBefore) console.error("build/ changed during the run: someone else built and wrangler dev reloaded. Run again.");
      exitCode = 1;
    }
  } finally {
    await server.stop();
  }
  return exitCode;
}

/** The back office on a second server with the demo plus synthetic members (bench/admin.ts): returns the exit code. */
async function adminPart(): Promise<number> {
  server = seededServer({ log, members: options.adminMembers });
  let exitCode = 0;
  const stampBefore = buildStamp();
  try {
    console.log(`\nBack office: fresh D1 with the demo and ${options.adminMembers} synthetic members, then wrangler dev...`);
    const started = performance.now();
    const baseUrl = await server.start();
    console.log(`Server: ${baseUrl} (seeded and started in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const results = await benchAdmin(
      baseUrl,
      { members: options.adminMembers, requests: options.adminRequests, csvRequests: options.csvRequests, warmup: Math.min(options.warmup, 10) },
      (line) => console.log(line),
    );
    const runWarnings: string[] = [];
    if (buildStamp() !== stampBefore) runWarnings.push("build/ changed during the run (someone else built): the figures may mix two builds. Run again.");
    if (connectionErrorCount() > 0) runWarnings.push(`${connectionErrorCount()} requests failed to connect and were retried: the timings may be off.`);
    console.log(
      `\nSigned in as the demo accountant. Times: from this client on loopback (wrangler dev), until the body is read: ` +
        `an upper bound of the server time (it includes wrangler's local proxy). "server p95" is the worker's Server-Timing ` +
        `header when it sends one; the budgets use it then, else the client p95.\n`,
    );
    console.log(adminTable(results));
    for (const warning of runWarnings) console.log(`! ${warning}`);

    mkdirSync(path.dirname(ADMIN_RESULTS_FILE), { recursive: true });
    const failed = results.filter((result) => result.verdict === "FAIL");
    writeFileSync(
      ADMIN_RESULTS_FILE,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: host,
          server: `wrangler dev (workerd), built worker, fresh local D1 with the demo seed plus ${options.adminMembers} synthetic members`,
          units: {
            times:
              "ms, from the client on loopback until the body is read (an upper bound of the server time); serverTiming: the worker's Server-Timing header, when sent",
            sizes: "bytes of the response body as sent (uncompressed on loopback); gzipBytes at level 9",
          },
          options: { members: options.adminMembers, requests: options.adminRequests, csvRequests: options.csvRequests },
          budgets: { ...ADMIN_BUDGETS, percentile: "p95" },
          results,
          warnings: runWarnings,
          passed: failed.length === 0,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nFigures written to ${path.relative(ROOT, ADMIN_RESULTS_FILE)}.`);
    exitCode = verdict(failed, "PASS: every back-office budget is met (or not available yet).");
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      exitCode = 1;
    }
  } finally {
    await server.stop();
  }
  return exitCode;
}

/** Prints a part's PASS line or its failed paths; the exit code (0 with --no-fail). */
function verdict(failed: ReadonlyArray<{ path: string }>, passLine: string): number {
  if (failed.length === 0) {
    console.log(passLine);
    return 0;
  }
  console.log(`FAIL: ${failed.map((result) => result.path).join("; ")}.`);
  if (options.fail) return 1;
  console.log("(--no-fail: exit code 0 all the same)");
  return 0;
}

/** Cockpit requests per public page view, cold and warm (bench/cockpit.ts): returns the exit code. */
async function cockpitPart(): Promise<number> {
  let exitCode = 0;
  try {
    const pages = options.pages ?? COCKPIT_PAGES;
    console.log(`\nCockpit: the fake Cockpit with the demo, and a fresh server on it for each page (${pages.join(", ")})...`);
    const results = await benchCockpit(pages, { log, print: (line) => console.log(line), onServer: (running) => (server = running) });
    console.log(
      `\nCold: the first view after the server starts (nothing cached); warm: a second view (the visitors' page cache) ` +
        `and a fresh render (page cache bypassed, the content cache warm). A page may need several content sets ` +
        `(home: slides, the event, news, the site settings): the budget is per content set.`,
    );
    mkdirSync(path.dirname(COCKPIT_RESULTS_FILE), { recursive: true });
    const failed = results.filter((result) => result.verdict === "FAIL");
    writeFileSync(
      COCKPIT_RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), machine: host, budgets: COCKPIT_BUDGETS, results, passed: failed.length === 0 }, null, 2)}\n`,
    );
    console.log(`Figures written to ${path.relative(ROOT, COCKPIT_RESULTS_FILE)}.`);
    exitCode = verdict(failed, "PASS: every page is within the Cockpit request budget.");
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      exitCode = 1;
    }
  }
  return exitCode;
}

/**
 * Runs one part on its own fresh seeded server: stops it afterwards, and turns an
 * error into exit code 1 (unless it came from Ctrl-C).
 */
async function onFreshServer(
  serverOptions: Parameters<typeof seededServer>[0],
  part: (baseUrl: string, persistTo: string, running: ReturnType<typeof seededServer>) => Promise<number>,
): Promise<number> {
  const running = seededServer({ log, ...serverOptions });
  server = running;
  try {
    const baseUrl = await running.start();
    console.log(`Server: ${baseUrl}`);
    return await part(baseUrl, running.persistTo, running);
  } catch (error) {
    if (interrupted) return 0;
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  } finally {
    await running.stop();
  }
}

function writeResults(file: string, results: object): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine: host, ...results }, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(ROOT, file)}.`);
}

/** Lighthouse mobile on the public pages of a fresh server with the demo (bench/lighthouse.ts): returns the exit code. */
function lighthousePart(): Promise<number> {
  console.log(`\nLighthouse (mobile): fresh D1 with the demo, then wrangler dev...`);
  return onFreshServer({}, async (baseUrl) => {
    const results = await benchLighthouse(baseUrl, options.lighthousePages, options.lighthouseRuns, (line) => console.log(line));
    console.log(`\n${NOTE_LIGHTHOUSE}\n`);
    console.log(lighthouseTable(results));
    const failing = failingAuditsText(results);
    console.log(failing ? `\nAudits that did not pass:\n${failing}` : "\nEvery scored audit passed.");
    writeResults(LIGHTHOUSE_RESULTS_FILE, { budgets: LIGHTHOUSE_BUDGETS, results, passed: results.every((result) => result.verdict === "PASS") });
    return verdict(
      results.filter((result) => result.verdict === "FAIL"),
      "PASS: every page meets the Lighthouse budgets.",
    );
  });
}

const NOTE_LIGHTHOUSE =
  "Lighthouse's mobile defaults (emulated phone, simulated slow 4G and 4× CPU slowdown), headless Debian chromium, " +
  `the server on loopback over http; ${options.lighthouseRuns} run(s) per page, the figures are the median run's (by performance).`;

/**
 * D1 rows read and written per page view (bench/d1-rows.ts, ADR 61): the built worker behind
 * bench/d1-rows-worker.ts, which counts every D1 statement's rows, on a fresh D1 with the demo
 * plus synthetic members. Returns the exit code.
 */
function rowsPart(): Promise<number> {
  const started = performance.now();
  console.log(
    `\nD1 rows: fresh D1 with the demo and ${options.rowsMembers} synthetic members (two tickets each), then wrangler dev on the bench's counting entry...`,
  );
  const stampBefore = buildStamp();
  const serverOptions = { members: options.rowsMembers, script: "bench/d1-rows-worker.ts", prepare: makeRoomAtTheEvent };
  return onFreshServer(serverOptions, async (baseUrl, _persistTo, running) => {
    console.log(`  (seeded and started in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const results = await benchRows(baseUrl, running, (line) => console.log(line), currentYear());
    const seconds = (performance.now() - started) / 1000;
    const warnings = buildStamp() === stampBefore ? [] : ["build/ changed during the run (someone else built): wrangler dev reloaded. Run again."];
    console.log(
      `\nRows: the sum of meta.rows_read and meta.rows_written of every D1 statement the request ran: until its answer ` +
        `(X-Bench-D1-Rows), and after it (its body's stream and waitUntil work, asked for once they settled). Public pages cold: each ` +
        `the first request of a freshly started server (${ROWS_PUBLIC_PAGES.join(", ")}). ${options.rowsMembers} synthetic ` +
        `members, ${options.rowsMembers * 2} tickets; the event's capacity raised so that the booking goes through. ` +
        `Budgets on rows read; rows written reported.\n`,
    );
    console.log(rowsTable(results));
    for (const warning of warnings) console.log(`! ${warning}`);
    console.log(`\nThe rows part took ${seconds.toFixed(0)} s (seeding and ${ROWS_PUBLIC_PAGES.length} server starts included).`);
    const failed = results.filter((result) => result.verdict === "FAIL");
    writeResults(ROWS_RESULTS_FILE, {
      server: `wrangler dev (workerd), built worker behind bench/d1-rows-worker.ts, fresh local D1 with the demo seed plus ${options.rowsMembers} synthetic members`,
      units: { rows: "D1 meta.rows_read / meta.rows_written summed over the request's statements, after its answer too (afterAnswer)" },
      options: { members: options.rowsMembers, tickets: options.rowsMembers * 2 },
      budgets: { ...ROWS_BUDGETS, measure: "rows read per view" },
      results,
      totals: totalRows(results),
      seconds,
      warnings,
      passed: failed.length === 0,
    });
    return verdict(
      failed.map((result) => ({
        path: `${result.method} ${result.path} (${result.rows ? `${result.rows.read} rows read` : "no rows header"}, budget ${result.budget})`,
      })),
      "PASS: every view is within its D1 rows budget.",
    );
  });
}

/** Mixed traffic at the knee of a ramp on a fresh server (bench/load.ts): returns the exit code. */
function loadPart(): Promise<number> {
  console.log(`\nLoad: fresh D1 with the demo and ${options.loadMembers} synthetic members, then wrangler dev...`);
  const stampBefore = buildStamp();
  return onFreshServer({ members: options.loadMembers }, async (baseUrl, persistTo) => {
    const result = await benchLoad(
      baseUrl,
      persistTo,
      { seconds: options.loadSeconds, rampSeconds: options.rampSeconds, connections: options.loadConnections },
      (line) => console.log(line),
    );
    const warnings = buildStamp() === stampBefore ? [] : ["build/ changed during the run (someone else built): wrangler dev reloaded. Run again."];
    console.log(
      `\nMixed traffic (autocannon, closed loop), each connection cycling through: visitor pages (cached, and uncached with a ` +
        `query string), member pages, the accountant's table (search, paging), event report and CSV, and a contact message ` +
        `(the write). Latency: every response, from sending the request to its end. Errors: a status other than the expected ` +
        `one, a timeout or a socket error. Lost: writes answered as sent minus their rows counted in D1.\n`,
    );
    console.log(loadTable(result));
    for (const [kind, count] of Object.entries(result.run.unexpected)) console.log(`! run: ${count} × ${kind}`);
    for (const warning of warnings) console.log(`! ${warning}`);
    writeResults(LOAD_RESULTS_FILE, { options: { members: options.loadMembers }, budgets: LOAD_BUDGETS, ...result, warnings });
    const failed = result.verdict === "PASS" ? [] : [{ path: `load: ${result.run.errors} errors, ${result.run.writes.lost} lost writes` }];
    return verdict(failed, "PASS: 0 errors, 0 lost writes.");
  });
}

/**
 * Real-size photos (docs/requirements.md §7.12, ADR 46): a fresh server seeded with the demo plus
 * `npm run seed -- --photos`'s gallery of phone photos and full-size banners; the gallery's images
 * before scrolling on a 360 px phone screen, then Lighthouse mobile on / and that gallery. Returns
 * the exit code.
 */
function photosPart(): Promise<number> {
  const size = options.photoSize ?? { width: 4000, height: 3000 };
  console.log(
    `\nReal-size photos: fresh D1 with the demo, ${options.photoCount} generated ${size.width}×${size.height} photos and full-size banners (a few minutes), then wrangler dev...`,
  );
  const photos = { count: options.photoCount, size: options.photoSize, log: (line: string) => console.log(line) };
  return onFreshServer({ photos }, async (baseUrl) => {
    const galleryPath = `/gallery/${PHOTO_GALLERY_ID}`;
    console.log(`  ${galleryPath}: images before scrolling at ${PHONE_SCREEN.width} px (${PHONE_SCREEN.deviceScaleFactor}× pixels)...`);
    const gallery = await measureImagesBeforeScroll(baseUrl, galleryPath);
    const lighthouse = await benchLighthouse(baseUrl, ["/", galleryPath], options.lighthouseRuns, (line) => console.log(line));
    const checks = [
      ...checkGalleryImages(gallery),
      ...lighthouse.flatMap((result) => checkPhotoLighthouse({ path: result.path, performance: result.scores.performance, lcpMs: result.lcpMs })),
    ];
    console.log(
      `\nImages: what a ${PHONE_SCREEN.width} × ${PHONE_SCREEN.height} px phone screen at ${PHONE_SCREEN.deviceScaleFactor}× loads before scrolling ` +
        `(chromium, until the network is quiet), bytes as transferred; kB = 1000 bytes. ${NOTE_LIGHTHOUSE}\n`,
    );
    console.log(lighthouseTable(lighthouse, { judged: false }));
    console.log("");
    console.log(budgetsTable(checks));
    const failed = checks.filter((check) => check.verdict === "FAIL");
    writeResults(PHOTOS_RESULTS_FILE, {
      options: { photos: options.photoCount, size, screen: PHONE_SCREEN },
      budgets: PHOTO_BUDGETS,
      gallery,
      lighthouse,
      checks,
      passed: failed.length === 0,
    });
    return verdict(
      failed.map((check) => ({ path: `${check.page} ${check.budget}` })),
      "PASS: the photo budgets are met.",
    );
  });
}

let exitCode = 0;
if (options.public) exitCode = Math.max(exitCode, await publicPart());
if (options.cockpit && !interrupted) exitCode = Math.max(exitCode, await cockpitPart());
if (options.admin && !interrupted) exitCode = Math.max(exitCode, await adminPart());
if (options.rows && !interrupted) exitCode = Math.max(exitCode, await rowsPart());
if (options.load && !interrupted) exitCode = Math.max(exitCode, await loadPart());
if (options.lighthouse && !interrupted) exitCode = Math.max(exitCode, await lighthousePart());
if (options.photos && !interrupted) exitCode = Math.max(exitCode, await photosPart());
if (!interrupted) process.exit(exitCode);
