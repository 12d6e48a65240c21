import { spawn } from "node:child_process";
import path from "node:path";
import { DEFAULT_PERSIST_TO, migrate, ROOT, wranglerEnv } from "./lib";
import { openLocalD1 } from "../seed/platform";
import { seedDatabase } from "../seed/seed";

/** npm run dev: the Vite dev server with live reload, on the same local D1 as npm start. */
migrate(DEFAULT_PERSIST_TO, { quiet: true });
const { db, dispose } = await openLocalD1();
try {
  await seedDatabase(db, { ifEmpty: true });
} finally {
  await dispose();
}
const child = spawn(path.join(ROOT, "node_modules", ".bin", "remix"), ["vite:dev", ...process.argv.slice(2)], {
  cwd: ROOT,
  env: wranglerEnv(),
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 0));
