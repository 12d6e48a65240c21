import { spawn } from "node:child_process";
import path from "node:path";
import { DEFAULT_PERSIST_TO, migrate, ROOT, wranglerEnv } from "./lib";
import { openLocalPlatform } from "../seed/platform";
import { moveLocalDocumentFiles } from "./documents-to-r2/local";
import { seedDatabase } from "../seed/seed";

/** npm run dev: the Vite dev server with live reload, on the same local D1 as npm start. */
await moveLocalDocumentFiles(DEFAULT_PERSIST_TO);
migrate(DEFAULT_PERSIST_TO, { quiet: true });
const { db, media, dispose } = await openLocalPlatform();
try {
  await seedDatabase(db, { ifEmpty: true, media });
} finally {
  await dispose();
}
const child = spawn(path.join(ROOT, "node_modules", ".bin", "remix"), ["vite:dev", ...process.argv.slice(2)], {
  cwd: ROOT,
  env: wranglerEnv(),
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 0));
