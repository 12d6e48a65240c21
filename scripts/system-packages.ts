import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "../test/support/browser";

/**
 * The system packages npm test needs (Debian's): chromium for the browser tests, PHP with
 * SQLite, GD and mbstring for the real Cockpit v1 (npm run test:cockpit-real). Like
 * `playwright install --with-deps`: installed when this user may (root or passwordless
 * sudo, apt-get present), saying so; otherwise npm test stops at once with the one line to run.
 */

/** PHP modules (as `php -m` names them) and the Debian package that brings each. */
const PHP_MODULES: Array<{ modules: string[]; apt: string }> = [
  { modules: ["pdo_sqlite", "sqlite3"], apt: "php-sqlite3" },
  { modules: ["gd"], apt: "php-gd" },
  { modules: ["mbstring"], apt: "php-mbstring" },
];

const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

/** The Debian packages missing on this machine, in install order. */
export function missingSystemPackages(): string[] {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push("chromium");
  const php = spawnSync("php", ["-m"], { encoding: "utf8" });
  if (php.status !== 0) return [...missing, "php-cli", ...PHP_MODULES.map((m) => m.apt)];
  const loaded = new Set(php.stdout.split("\n").map((line) => line.trim().toLowerCase()));
  for (const { modules, apt } of PHP_MODULES) if (!modules.every((m) => loaded.has(m))) missing.push(apt);
  return missing;
}

/** Installs what is missing, or returns the one-line instruction when this user cannot. */
export function ensureSystemPackages(): { ok: true } | { ok: false; instruction: string } {
  const missing = missingSystemPackages();
  if (missing.length === 0) return { ok: true };
  const instruction = `sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}`;
  const root = process.getuid?.() === 0;
  const sudo = !root && succeeds("sudo", ["-n", "true"]);
  if ((!root && !sudo) || !succeeds("sh", ["-c", "command -v apt-get"])) {
    return { ok: false, instruction: `✘ npm test needs system packages it cannot install as this user: ${instruction}` };
  }
  console.log(`▶ Installing the system packages the tests need: ${missing.join(" ")} (apt-get${sudo ? " via sudo" : ""})`);
  const prefix = sudo ? "sudo -n " : "";
  const install = spawnSync(
    "sh",
    ["-c", `${prefix}apt-get update -qq && ${prefix}env DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(" ")}`],
    { stdio: "inherit" },
  );
  const still = missingSystemPackages();
  if (install.status !== 0 || still.length > 0) {
    return {
      ok: false,
      instruction: `✘ Installing system packages failed; run: sudo apt-get update && sudo apt-get install -y ${(still.length ? still : missing).join(" ")}`,
    };
  }
  return { ok: true };
}
