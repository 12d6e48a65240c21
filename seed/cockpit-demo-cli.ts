import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildCockpitDemo } from "./cockpit-demo";

/**
 * `npm run cockpit:demo-data [-- <file> | -- -]`: writes today's demo in Cockpit's shapes
 * to seed/cockpit-demo.json (or the file given, or standard output for "-"), for
 * `npm run cockpit:fake -- seed/cockpit-demo.json`. Dates are relative to today, so the
 * file is made on demand, not kept in git.
 */
const target = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "cockpit-demo.json");
const demo = await buildCockpitDemo();
const json = `${JSON.stringify(demo, null, 2)}\n`;
if (target === "-") process.stdout.write(json);
else {
  writeFileSync(target, json);
  const counts = Object.entries(demo.collections).map(([name, entries]) => `${name} ${entries.length}`);
  console.log(`Wrote ${path.relative(process.cwd(), target) || target}: ${counts.join(", ")}; singletons ${Object.keys(demo.singletons).join(", ")}`);
}
