import { parsePhotoSize } from "../seed/photo-plan";

/** Command-line options of `npm run bench` (pass them after `--`: `npm run bench -- --requests 50`). */

export interface BenchOptions {
  /** Build the app first (`--no-build` uses the existing build/). */
  build: boolean;
  /** Exit non-zero when a budget fails (`--no-fail` always exits 0 once the figures are in). */
  fail: boolean;
  /** Only these pages (`--pages`); all of bench/pages.ts when absent. */
  pages: string[] | undefined;
  /** Timed requests per page and for the static file. */
  requests: number;
  /** Untimed requests before the timed ones. */
  warmup: number;
  /** The static file the page timings are compared with. */
  staticPath: string;
  /** Print wrangler dev's own output. */
  verbose: boolean;
  /** Time a fresh render every time: a unique query string bypasses the visitors' page cache. */
  render: boolean;
  /** Run the pages part: every page of bench/pages.ts (`--no-pages`, or another `--only-…`, turns it off). */
  public: boolean;
  /** Run the back-office part (`--no-admin` turns it off): bench/admin.ts. */
  admin: boolean;
  /** Count Cockpit requests per public page view (`--no-cockpit` turns it off): bench/cockpit.ts. */
  cockpit: boolean;
  /** Synthetic members on the back-office server, on top of the demo. */
  adminMembers: number;
  /** Timed requests per /accounts page. */
  adminRequests: number;
  /** Timed requests of the full CSV export. */
  csvRequests: number;
  /** Count D1 rows read and written per page view (`--no-rows` turns it off): bench/d1-rows.ts. */
  rows: boolean;
  /** Synthetic members on the rows server, on top of the demo (two tickets each). */
  rowsMembers: number;
  /** Run the load test (`--no-load` turns it off): bench/load.ts. */
  load: boolean;
  /** Seconds of the measured load run. */
  loadSeconds: number;
  /** Connections of the load run; absent: found by the ramp. */
  loadConnections: number | undefined;
  /** Seconds of each step of the ramp. */
  rampSeconds: number;
  /** Synthetic members on the load server, on top of the demo. */
  loadMembers: number;
  /** Run Lighthouse (`--no-lighthouse` turns it off): bench/lighthouse.ts. */
  lighthouse: boolean;
  lighthousePages: string[];
  /** Lighthouse runs per page; the median run counts. */
  lighthouseRuns: number;
  /** Run the real-size photos part (`--no-photos` turns it off; `--photos` runs only it): bench/photo-gallery.ts. */
  photos: boolean;
  /** Photos in its gallery, and their size (defaults: 40 of 4000×3000, as a phone's). */
  photoCount: number;
  photoSize: { width: number; height: number } | undefined;
}

export type Part = "public" | "admin" | "cockpit" | "rows" | "load" | "lighthouse" | "photos";
const PARTS: Part[] = ["public", "admin", "cockpit", "rows", "load", "lighthouse", "photos"];

/** The public pages the Cockpit part counts requests for, unless --pages. */
export const COCKPIT_PAGES = ["/", "/blog", "/gallery", "/contact"];

export const DEFAULT_LIGHTHOUSE_PAGES = ["/", "/blog", "/signup"];

export const USAGE = `Usage: npm run bench -- [options]

Parts, in this order (each on its own fresh seeded wrangler dev server):
  pages       every page (public, member, back office: bench/pages.ts): JS and HTML kB gz,
              SSR p50 and its ratio to a static file
  cockpit     Cockpit requests per public page view
  admin       back-office server times at 10,000 members and 20,000 tickets
  rows        D1 rows read and written per page view and per write, at 10,000 members and
              20,000 tickets (a bench-only worker entry counts them: ADR 61)
  load        mixed traffic for 60 s at the knee of a connection ramp (autocannon)
  lighthouse  Lighthouse mobile scores (fetched on demand with npx: node@22, lighthouse)
  photos      real-size photos (npm run seed -- --photos): the photo gallery's images before
              scrolling at 360 px, and Lighthouse mobile on / and that gallery

  --only-pages, --only-cockpit, --only-admin, --only-rows, --only-load, --only-lighthouse, --only-photos
                     run only that part (several --only-… add up; --photos = --only-photos)
  --no-pages, --no-cockpit, --no-admin, --no-rows, --no-load, --no-lighthouse, --no-photos
                     skip that part

  --pages /a,/b      pages to measure (default: every page of bench/pages.ts; a path
                     not in that list is requested as a visitor)
  --requests N       timed requests per page and for the static file (default: 200)
  --warmup N         untimed requests before them (default: 20)
  --static PATH      static file to compare the page timings with (default: /favicon.svg)
  --no-build         use the existing build/ instead of building first
  --no-fail          exit 0 even when a budget fails
  --render           time a fresh render on every request (a unique query string
                     bypasses the visitors' page cache; the content cache still works)
  --admin-members N  synthetic members on the back-office server (default: 10000)
  --admin-requests N timed requests per /accounts page (default: 30)
  --csv-requests N   timed requests of the full CSV export (default: 10)
  --rows-members N   synthetic members on the rows server (default: 10000; two tickets each)
  --load-seconds N   length of the measured load run (default: 60)
  --load-connections N  connections of the load run (default: the knee of the ramp)
  --ramp-seconds N   length of each ramp step (default: 5)
  --load-members N   synthetic members on the load server (default: 1000)
  --lighthouse-pages /a,/b  pages for Lighthouse (default: ${DEFAULT_LIGHTHOUSE_PAGES.join(",")})
  --lighthouse-runs N  Lighthouse runs per page; the median run (by performance) counts (default: 3)
  --photo-count N    photos in the photos part's gallery (default: 40)
  --photo-size WxH   their size (default: 4000x3000)
  --verbose          show wrangler dev's output
  --help             this text`;

export class UsageError extends Error {}

function positiveInteger(flag: string, value: string | undefined, minimum: number): number {
  const number = Number(value);
  if (value === undefined || !Number.isInteger(number) || number < minimum) {
    throw new UsageError(`${flag} needs a whole number of at least ${minimum}, not "${value ?? ""}"`);
  }
  return number;
}

function path(flag: string, value: string | undefined): string {
  if (!value || !value.startsWith("/")) throw new UsageError(`${flag} needs a path starting with "/", not "${value ?? ""}"`);
  return value;
}

function pathList(flag: string, value: string | undefined): string[] {
  const paths = (value ?? "")
    .split(",")
    .map((page) => page.trim())
    .filter(Boolean);
  if (paths.length === 0) throw new UsageError(`${flag} needs at least one path, e.g. ${flag} /,/blog`);
  return [...new Set(paths.map((page) => path(flag, page)))];
}

/** Parses the arguments; `--flag value` and `--flag=value` both work. Returns null for --help. */
export function parseOptions(argv: string[]): BenchOptions | null {
  const options: BenchOptions = {
    build: true,
    fail: true,
    pages: undefined,
    requests: 200,
    warmup: 20,
    staticPath: "/favicon.svg",
    verbose: false,
    render: false,
    public: true,
    admin: true,
    cockpit: true,
    adminMembers: 10_000,
    adminRequests: 30,
    csvRequests: 10,
    rows: true,
    rowsMembers: 10_000,
    load: true,
    loadSeconds: 60,
    loadConnections: undefined,
    rampSeconds: 5,
    loadMembers: 1_000,
    lighthouse: true,
    lighthousePages: DEFAULT_LIGHTHOUSE_PAGES,
    lighthouseRuns: 3,
    photos: true,
    photoCount: 40,
    photoSize: undefined,
  };
  const only = new Set<Part>();
  const partOf = (name: string): Part => (name === "pages" ? "public" : (name as Part));
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const equals = argument.indexOf("=");
    const flag = equals > 0 ? argument.slice(0, equals) : argument;
    const value = () => (equals > 0 ? argument.slice(equals + 1) : argv[++index]);
    switch (flag) {
      case "--help":
      case "-h":
        return null;
      case "--no-build":
        options.build = false;
        break;
      case "--no-fail":
        options.fail = false;
        break;
      case "--verbose":
        options.verbose = true;
        break;
      case "--render":
        options.render = true;
        break;
      case "--no-pages":
      case "--no-admin":
      case "--no-cockpit":
      case "--no-load":
      case "--no-rows":
      case "--no-lighthouse":
      case "--no-photos":
        options[partOf(flag.slice("--no-".length))] = false;
        break;
      case "--only-pages":
      case "--only-admin":
      case "--only-cockpit":
      case "--only-load":
      case "--only-rows":
      case "--only-lighthouse":
      case "--only-photos":
        only.add(partOf(flag.slice("--only-".length)));
        break;
      case "--rows-members":
        options.rowsMembers = positiveInteger(flag, value(), 0);
        break;
      case "--load-seconds":
        options.loadSeconds = positiveInteger(flag, value(), 1);
        break;
      case "--load-connections":
        options.loadConnections = positiveInteger(flag, value(), 1);
        break;
      case "--ramp-seconds":
        options.rampSeconds = positiveInteger(flag, value(), 1);
        break;
      case "--load-members":
        options.loadMembers = positiveInteger(flag, value(), 0);
        break;
      case "--lighthouse-pages":
        options.lighthousePages = pathList(flag, value());
        break;
      case "--photos":
        only.add("photos");
        break;
      case "--photo-count":
        options.photoCount = positiveInteger(flag, value(), 1);
        break;
      case "--photo-size": {
        const text = value();
        const size = text === undefined ? null : parsePhotoSize(text);
        if (!size) throw new UsageError(`${flag} needs WIDTHxHEIGHT, e.g. 4000x3000, not "${text ?? ""}"`);
        options.photoSize = size;
        break;
      }
      case "--lighthouse-runs":
        options.lighthouseRuns = positiveInteger(flag, value(), 1);
        break;
      case "--admin-members":
        options.adminMembers = positiveInteger(flag, value(), 0);
        break;
      case "--admin-requests":
        options.adminRequests = positiveInteger(flag, value(), 1);
        break;
      case "--csv-requests":
        options.csvRequests = positiveInteger(flag, value(), 1);
        break;
      case "--requests":
        options.requests = positiveInteger(flag, value(), 1);
        break;
      case "--warmup":
        options.warmup = positiveInteger(flag, value(), 0);
        break;
      case "--static":
        options.staticPath = path(flag, value());
        break;
      case "--pages":
        options.pages = pathList(flag, value());
        break;
      default:
        throw new UsageError(`Unknown option "${argument}"`);
    }
  }
  if (only.size > 0) for (const part of PARTS) options[part] = only.has(part) && options[part];
  if (PARTS.every((part) => !options[part])) throw new UsageError("those options together leave nothing to run");
  return options;
}
