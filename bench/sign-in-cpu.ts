import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build, hasBuild, ROOT } from "../scripts/lib";
import { DEMO_ACCOUNTS } from "../seed/demo-accounts";
import { d1Members } from "../app/kernel/store/d1/members.server";
import { commonPasswordSet } from "../app/kernel/auth/new-password";
import { onInterrupt } from "./interrupt";
import { seededServer } from "./seeded-server";

/**
 * npm run bench:sign-in-cpu [-- --sign-ins 60 --rounds 3 --no-build]
 *
 * The CPU time of one password sign-in in workerd (docs/deploy.md, ADR 72). Starts the built
 * worker in `wrangler dev` on a fresh demo database (as the tests do), finds the workerd
 * process under it, and reads its CPU time (/proc/<pid>/stat, utime + stime) before and after
 * N requests of each kind, one at a time:
 *   - baseline: GET /favicon.svg, a static file: what workerd spends on any request (HTTP, the assets);
 *   - page: GET /login, the page a member sees first;
 *   - password: POST /login as member@example.org, PBKDF2-SHA256 at 100,000 iterations (the real hash);
 *   - one-round: POST /login as single@example.org, whose stored hash was made with 1 iteration,
 *     so the same sign-in (rate limits, session, device cookie) costs one HMAC-SHA256 in place of
 *     100,000: what checking a hashed e-mail code costs.
 * Prints ms of CPU per request, per sign-in minus the baseline, and PBKDF2's own share.
 * workerd here also runs the local D1 (SQLite) that production runs elsewhere, so the sign-in
 * figures are upper bounds; PBKDF2's share (password minus one-round) is not affected.
 * Also times PBKDF2 in this Node process, and the common-password set's build (ADR 72).
 */

interface Options {
  signIns: number;
  rounds: number;
  build: boolean;
}

function readOptions(argv: string[]): Options {
  const options: Options = { signIns: 60, rounds: 3, build: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const count = () => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number, 1 or more`);
      return value;
    };
    if (arg === "--sign-ins") options.signIns = count();
    else if (arg === "--rounds") options.rounds = count();
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--cpu-sign-in")
      continue; // `npm run bench -- --cpu-sign-in` lands here too
    else throw new Error(`Unknown option ${arg}. Options: --sign-ins N (60), --rounds N (3), --no-build.`);
  }
  return options;
}

const TICKS_PER_SECOND = 100; // USER_HZ: /proc reports CPU time in hundredths of a second on Linux.

/** The ids of every process under `root` (its children, theirs…). */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const commandOf = (pid: number) => readFileSync(`/proc/${pid}/comm`, "utf8").trim();

/** utime + stime of a process (all its threads), in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of proc(5), counted from the state (field 3) here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The same hash format as app/kernel/auth/password.server.ts, with any number of iterations. */
async function pbkdf2Hash(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256));
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(bits)}`;
}

/** CPU ms of this Node process per PBKDF2-SHA256 derivation at 100,000 iterations. */
async function nodePbkdf2Ms(times: number): Promise<number> {
  await pbkdf2Hash("warm-up", 100_000);
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) await pbkdf2Hash("a-password-to-hash", 100_000);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / times;
}

/** CPU milliseconds to build the common-password set from the shipped file, and its size. */
function commonSetCost(): { ms: number; size: number; bytes: number } {
  const text = readFileSync(path.join(ROOT, "app", "kernel", "auth", "common-passwords.txt"), "utf8");
  commonPasswordSet(text);
  const runs = 20;
  const before = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < runs; i++) size = commonPasswordSet(text).size;
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000 / runs, size, bytes: Buffer.byteLength(text) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (ms: number) => ms.toFixed(1).padStart(6);

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (options.build || !hasBuild()) build({ quiet: true });

  const member = DEMO_ACCOUNTS.find((account) => account.key === "member")!;
  const single = DEMO_ACCOUNTS.find((account) => account.key === "single")!;
  const server = seededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      const found = await members.findByEmail(single.email);
      if (!found) throw new Error(`The demo account ${single.email} is missing.`);
      await members.update(found.id, { passwordHash: await pbkdf2Hash(single.password, 1) });
    },
  });
  onInterrupt(() => server.stop());
  process.on("exit", () => server.killNow());

  try {
    const base = await server.start();
    const origin = new URL(base).origin;
    const workerd = descendants(process.pid).filter((pid) => commandOf(pid) === "workerd");
    if (workerd.length === 0) throw new Error("No workerd process was found under wrangler dev.");
    const cpu = () => workerd.reduce((sum, pid) => sum + cpuMs(pid), 0);

    const signIn = (email: string, password: string) =>
      fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password }),
      });
    const kinds: Array<{ name: string; request: () => Promise<Response>; status: number }> = [
      { name: "baseline: GET /favicon.svg (a static file: workerd's own cost of a request)", request: () => fetch(`${base}/favicon.svg`), status: 200 },
      { name: "page: GET /login", request: () => fetch(`${base}/login`), status: 200 },
      { name: "sign-in, PBKDF2 100,000 iterations", request: () => signIn(member.email, member.password), status: 302 },
      { name: "sign-in, 1 iteration (as a code check)", request: () => signIn(single.email, single.password), status: 302 },
    ];

    const perRequest: number[][] = kinds.map(() => []);
    for (const kind of kinds) {
      for (let i = 0; i < 5; i++) {
        const response = await kind.request(); // warm-up
        const body = await response.text();
        if (response.status !== kind.status) throw new Error(`${kind.name} answered ${response.status}, not ${kind.status}: ${body.slice(0, 300)}`);
      }
    }
    for (let round = 0; round < options.rounds; round++) {
      for (const [index, kind] of kinds.entries()) {
        const before = cpu();
        for (let i = 0; i < options.signIns; i++) {
          const response = await kind.request();
          const body = await response.text();
          if (response.status !== kind.status) throw new Error(`${kind.name} answered ${response.status}, not ${kind.status}: ${body.slice(0, 300)}`);
        }
        perRequest[index]!.push((cpu() - before) / options.signIns);
      }
    }
    const [baseline, page, password, oneRound] = perRequest.map(median) as [number, number, number, number];

    console.log(`\nCPU time of workerd (pid ${workerd.join(", ")}) per request, median of ${options.rounds} rounds of ${options.signIns}:`);
    for (const [index, kind] of kinds.entries())
      console.log(`  ${fixed(median(perRequest[index]!))} ms  ${kind.name}   (rounds: ${perRequest[index]!.map((ms) => ms.toFixed(1)).join(", ")})`);
    console.log(`\n  ${fixed(password - baseline)} ms  password sign-in minus baseline`);
    console.log(`  ${fixed(oneRound - baseline)} ms  one-iteration sign-in minus baseline (what an e-mail code's check costs)`);
    // Each round's own difference: the two kinds ran back to back, so the machine's load of the moment cancels best.
    const differences = perRequest[2]!.map((ms, round) => ms - perRequest[3]![round]!);
    console.log(
      `  ${fixed(median(differences))} ms  PBKDF2-SHA256 at 100,000 iterations alone (password minus one-iteration, median of the rounds' differences: ${differences.map((ms) => ms.toFixed(1)).join(", ")})`,
    );
    console.log(`  (the page itself: ${fixed(page)} ms)`);

    console.log(`\nIn this Node process: ${fixed(await nodePbkdf2Ms(10))} ms CPU per PBKDF2-SHA256 at 100,000 iterations.`);
    const set = commonSetCost();
    console.log(
      `The common-password set: ${set.size} passwords from ${(set.bytes / 1024).toFixed(0)} KiB, built in ${set.ms.toFixed(2)} ms of CPU (once per isolate).`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
