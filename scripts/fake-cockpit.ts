import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFakeCockpit } from "../test/support/fake-cockpit";

/**
 * `npm run cockpit:fake -- [data.json] [--port 8788] [--host 127.0.0.1] [--token T] [--verbose]`
 *
 * Serves the test suite's fake Cockpit v1 (test/support/fake-cockpit.ts) with the data of
 * a JSON file `{ "collections": { name: [entries] }, "singletons": { name: {...} }, "forms": [names] }`
 * (e.g. seed/cockpit-demo.json from `npm run cockpit:demo-data`), and prints the
 * CMS_API_URL and CMS_API_TOKEN that make `npm start` use it. Everything lives in memory:
 * what the site saves is gone when this stops (Ctrl-C).
 */

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: "8788" },
    host: { type: "string", default: "127.0.0.1" },
    token: { type: "string", default: process.env.CMS_API_TOKEN || "fake-cockpit-dev-token" },
    verbose: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log("Usage: npm run cockpit:fake -- [data.json] [--port 8788] [--host 127.0.0.1] [--token T] [--verbose]");
  process.exit(0);
}

interface DataFile {
  collections?: Record<string, object[]>;
  singletons?: Record<string, object>;
  forms?: string[];
}

function readData(file: string | undefined): DataFile {
  if (!file) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Could not read ${file} as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${file} must hold an object { collections, singletons }`);
  const data = parsed as DataFile;
  for (const [name, entries] of Object.entries(data.collections ?? {})) {
    if (!Array.isArray(entries)) throw new Error(`${file}: collections.${name} must be an array of entries`);
  }
  return data;
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not "${values.port}"`);
  process.exit(2);
}

try {
  const data = readData(positionals[0]);
  const fake = await startFakeCockpit({ ...data, token: values.token, port, host: values.host });
  const counts = Object.entries(fake.data.collections).map(([name, entries]) => `${name} ${entries.length}`);
  console.log(`Fake Cockpit listening (in memory; Ctrl-C to stop)${positionals[0] ? ` with ${positionals[0]}` : ""}`);
  console.log(`  collections: ${counts.join(", ")}`);
  console.log(`  singletons: ${Object.keys(fake.data.singletons).join(", ")}; forms: ${Object.keys(fake.data.forms).join(", ")}`);
  console.log(`CMS_API_URL=${fake.url}`);
  console.log(`CMS_API_TOKEN=${fake.token}`);
  if (values.verbose) {
    let seen = 0;
    setInterval(() => {
      for (const request of fake.requests.slice(seen))
        console.log(`${request.method} ${request.path}${request.body === undefined ? "" : ` ${JSON.stringify(request.body).slice(0, 200)}`}`);
      seen = fake.requests.length;
    }, 250).unref();
  }
  const stop = () => {
    void fake.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
