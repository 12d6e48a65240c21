import { statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../scripts/lib";

/**
 * When and how large build/server/index.js is: if it changes during the run, someone
 * else built (npm test, npm start do), `wrangler dev` reloaded, and the figures may mix two builds.
 */
export function buildStamp(): string {
  try {
    const stat = statSync(path.join(ROOT, "build", "server", "index.js"));
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return "missing";
  }
}
