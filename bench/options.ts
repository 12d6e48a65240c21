/** Command-line options of `npm run bench` (pass them after `--`: `npm run bench -- --requests 50`). */

export interface BenchOptions {
  /** Build the app first (`--no-build` uses the existing build/). */
  build: boolean;
  /** Exit non-zero when a budget fails (`--no-fail` always exits 0 once the figures are in). */
  fail: boolean;
  pages: string[];
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
  /** Run the public pages part (`--only-admin` turns it off). */
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
}

export const DEFAULT_PAGES = ["/", "/blog", "/gallery", "/contact"];

export const USAGE = `Usage: npm run bench -- [options]

  --pages /a,/b      pages to measure (default: ${DEFAULT_PAGES.join(",")})
  --requests N       timed requests per page and for the static file (default: 200)
  --warmup N         untimed requests before them (default: 20)
  --static PATH      static file to compare the page timings with (default: /favicon.svg)
  --no-build         use the existing build/ instead of building first
  --no-fail          exit 0 even when a budget fails
  --render           time a fresh render on every request (a unique query string
                     bypasses the visitors' page cache; the content cache still works)
  --no-admin         skip the back-office part (second server, 10,000 members)
  --only-admin       run only the back-office part
  --no-cockpit       skip the Cockpit part (Cockpit requests per public page view,
                     one fresh server per page on the fake Cockpit with the demo)
  --only-cockpit     run only the Cockpit part
  --admin-members N  synthetic members on the back-office server (default: 10000)
  --admin-requests N timed requests per /accounts page (default: 30)
  --csv-requests N   timed requests of the full CSV export (default: 10)
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

/** Parses the arguments; `--flag value` and `--flag=value` both work. Returns null for --help. */
export function parseOptions(argv: string[]): BenchOptions | null {
  const options: BenchOptions = {
    build: true,
    fail: true,
    pages: DEFAULT_PAGES,
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
  };
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
      case "--no-admin":
        options.admin = false;
        break;
      case "--only-admin":
        options.public = false;
        options.cockpit = false;
        break;
      case "--no-cockpit":
        options.cockpit = false;
        break;
      case "--only-cockpit":
        options.public = false;
        options.admin = false;
        options.cockpit = true;
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
      case "--pages": {
        const pages = (value() ?? "").split(",").map((page) => page.trim()).filter(Boolean);
        if (pages.length === 0) throw new UsageError("--pages needs at least one path, e.g. --pages /,/blog");
        options.pages = [...new Set(pages.map((page) => path(flag, page)))];
        break;
      }
      default:
        throw new UsageError(`Unknown option "${argument}"`);
    }
  }
  if (!options.public && !options.admin && !options.cockpit) throw new UsageError("those options together leave nothing to run");
  return options;
}
