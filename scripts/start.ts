import { readFileSync } from "node:fs";
import { build, DEFAULT_PERSIST_TO, migrate, startDevServer } from "./lib";
import { printDemoAccounts } from "./demo-banner";
import { openLocalPlatform } from "../seed/platform";
import { moveLocalDocumentFiles } from "./documents-to-r2/local";
import { seedDatabase } from "../seed/seed";

/**
 * npm start: build, migrate the local D1, seed the demo if the database is empty,
 * and serve the site with wrangler dev (workerd) on PORT (default 8787).
 */
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(2);
}

console.log("1/4 Building...");
build({ quiet: true });
console.log("2/4 Applying database migrations...");
await moveLocalDocumentFiles(DEFAULT_PERSIST_TO, (line) => console.log(`    ${line}`));
migrate(DEFAULT_PERSIST_TO, { quiet: true });
console.log("3/4 Checking demo data...");
const { db, media, dispose } = await openLocalPlatform();
try {
  await seedDatabase(db, { ifEmpty: true, media, log: (line) => console.log(`    ${line}`) });
} finally {
  await dispose();
}
console.log("4/4 Starting the server...");
// Configuration from the shell (e.g. `CMS_API_URL=... CMS_API_TOKEN=... npm start`) wins over
// .dev.vars, for the names .dev.vars.example lists.
const configNames = readFileSync(new URL("../.dev.vars.example", import.meta.url), "utf8")
  .split("\n")
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => Boolean(name));
const vars = Object.fromEntries(configNames.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
if (Object.keys(vars).length) console.log(`    from the shell: ${Object.keys(vars).join(", ")}`);
// Offline, wrangler warns on every start that it cannot fetch Request.cf; that is harmless noise.
const NOISE = /Request\.cf|ENOTFOUND workers\.cloudflare\.com|^\s+at (GetAddrInfoReqWrap|.*callbackTrampoline)/;
const server = await startDevServer({
  port,
  ip: process.env.HOST ?? "localhost",
  vars,
  log: (text) => {
    const lines = text.split("\n").filter((line) => !NOISE.test(line));
    if (lines.some((line) => line.trim() !== "")) process.stdout.write(lines.map((line) => `    ${line}`).join("\n"));
  },
});
printDemoAccounts(`http://localhost:${port}`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.process.on("exit", (code) => process.exit(code ?? 0));
