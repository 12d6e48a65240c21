import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { newAccountant, parseFirstAccountant, planFirstAccountant } from "../app/features/office/first-accountant";
import { generateResetKey, RESET_KEY_LIFETIME_SECONDS } from "../app/features/sign-in/password-reset";
import type { Member } from "../app/kernel/store/records";
import { hashPassword } from "../app/kernel/auth/password.server";
import { resetLink } from "../app/features/sign-in/password-reset.server";
import { newId, nowSeconds } from "../app/kernel/store/ids";
import { memberToRow } from "../app/kernel/store/d1/rows";
import { openLocalD1 } from "../seed/platform";
import { DEFAULT_PERSIST_TO, ROOT, wranglerEnv } from "./lib";

/**
 * npm run admin:create -- --email treasurer@example.org --name "Jane Smith" [--promote] [--remote] [--site-url https://…]
 *
 * Makes the first accountant of a database (docs/deploy.md, "First run"): on the local D1
 * that `npm start` uses (or `--persist-to DIR`), or with --remote on the production D1
 * through `wrangler d1 execute DB --remote`. The same SQL runs either way. No password is
 * typed or printed: the command prints a one-time link (the site's own reset link, valid
 * for an hour) where the person sets theirs. Running it again for the same e-mail changes
 * nothing but gives a fresh link. D1 only: on Cockpit, members live in Cockpit's `userlist`,
 * and an accountant is made there (set the entry's `role` to `accountant`).
 * It also turns on "Staff must use two-step verification" the first time (docs/decisions/0071),
 * and --promote clears the account's two-step set-up: the last accountant's way back in.
 */

const USAGE = `Usage: npm run admin:create -- --email <address> --name "<full name>" [--promote] [--remote] [--site-url <https://…>]`;

type Row = Record<string, unknown>;
interface Database {
  rows(sql: string): Promise<Row[]>;
  run(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A SQL literal: wrangler d1 execute takes no parameters, so values are written in, quoted. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

async function localDatabase(persistTo: string): Promise<Database> {
  const { db, dispose } = await openLocalD1(persistTo);
  return {
    rows: async (sql) => (await db.prepare(sql).all<Row>()).results,
    run: async (sql) => void (await db.prepare(sql).run()),
    close: dispose,
  };
}

/**
 * The production D1, through wrangler (its login or CLOUDFLARE_API_TOKEN). `--command`, not
 * `--file`: a remote --file is an import and answers no rows. Spawned without a shell, so
 * the statement reaches wrangler as written.
 */
function remoteDatabase(): Database {
  const execute = (sql: string): Row[] => {
    const result = spawnSync(path.join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--remote", "--json", "--command", sql], {
      cwd: ROOT,
      env: wranglerEnv(),
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout}${result.stderr}`);
    const answer = JSON.parse(result.stdout) as Array<{ results?: Row[] }>;
    return answer.flatMap((statement) => statement.results ?? []);
  };
  return {
    rows: async (sql) => execute(sql),
    run: async (sql) => void execute(sql),
    close: async () => {},
  };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    promote: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    "site-url": { type: "string" },
    "persist-to": { type: "string" },
  },
  strict: true,
});

const input = parseFirstAccountant({ email: values.email, name: values.name });
if (!input.ok) fail(`${input.message}\n${USAGE}`);
const siteUrl = values["site-url"] ?? process.env.SITE_URL ?? (values.remote ? undefined : `http://localhost:${process.env.PORT ?? 8787}`);
if (!siteUrl || !URL.canParse(siteUrl))
  fail(`Please give the site's address with --site-url (or SITE_URL), e.g. --site-url https://www.example.org, so the link points at it.\n${USAGE}`);
if (values.remote && values["persist-to"]) fail("--remote and --persist-to do not go together: --remote is the production database.");

const db = values.remote ? remoteDatabase() : await localDatabase(values["persist-to"] ?? DEFAULT_PERSIST_TO);
try {
  const tables = await db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'members'");
  if (!tables.length) {
    fail(
      values.remote
        ? "The production database has no members table: apply the migrations first (npx wrangler d1 migrations apply DB --remote)."
        : "The local database has no members table: apply the migrations first (npm run db:migrate).",
    );
  }
  const [found] = await db.rows(`SELECT id, full_name, role, active, deleted FROM members WHERE email = ${literal(input.email)}`);
  const existing = found
    ? { id: String(found.id), fullName: String(found.full_name), role: found.role as Member["role"], active: found.active === 1, deleted: found.deleted === 1 }
    : null;
  const plan = planFirstAccountant(existing, { name: input.name, promote: values.promote });
  if (plan.kind === "refuse") fail(plan.message);

  const now = nowSeconds();
  const key = generateResetKey();
  const expiresAt = now + RESET_KEY_LIFETIME_SECONDS;
  let id: string;
  if (plan.kind === "create") {
    id = newId();
    // A random password nobody is told: the account opens only through the link.
    const unusable = await hashPassword(`${generateResetKey()}${generateResetKey()}${generateResetKey()}`);
    const member = {
      ...newAccountant(input.email, input.name!, unusable),
      id,
      memberNumber: null,
      createdAt: now,
      resetKey: key,
      resetKeyExpiresAt: expiresAt,
    };
    const row = memberToRow(member, now);
    delete row.member_number;
    const columns = Object.keys(row);
    await db.run(
      `INSERT INTO members (member_number, ${columns.join(", ")}) VALUES ((SELECT COALESCE(MAX(member_number), 0) + 1 FROM members), ${columns.map((column) => literal(row[column])).join(", ")})`,
    );
  } else {
    id = plan.member.id;
    // Promote: the role and an active account, nothing else of theirs. Already: only a fresh key.
    const promote = plan.kind === "promote" ? "role = 'accountant', active = 1, " : "";
    await db.run(
      `UPDATE members SET ${promote}reset_key = ${literal(key)}, reset_key_expires_at = ${expiresAt}, updated_at = ${now} WHERE id = ${literal(id)}`,
    );
  }

  // A fresh production site makes staff use two-step verification (docs/decisions/0071): turned on
  // here the first time, and left as the accountants set it on any later run.
  await db.run(`INSERT INTO security_settings (name, value, changed_at, changed_by) VALUES ('staff_two_step', 1, ${now}, NULL) ON CONFLICT (name) DO NOTHING`);
  // --promote is also the last accountant's way back in after losing their phone and their
  // recovery codes (docs/operations.md): their two-step set-up goes with the fresh link.
  const clearedTwoStep = values.promote && (await db.rows(`SELECT 1 AS found FROM two_step WHERE member_id = ${literal(id)}`)).length > 0;
  if (values.promote) {
    await db.run(`DELETE FROM two_step WHERE member_id = ${literal(id)}`);
    await db.run(`DELETE FROM two_step_recovery_codes WHERE member_id = ${literal(id)}`);
  }

  const who = `${plan.kind === "create" ? input.name : plan.member.fullName} <${input.email}>`;
  console.log(
    { create: `Created the accountant ${who}.`, promote: `${who} is now an accountant.`, already: `${who} is already an accountant: nothing else changed.` }[
      plan.kind
    ],
  );
  if (clearedTwoStep) console.log("Their two-step verification was reset: they sign in with the new password and set it up again.");
  console.log(
    `To set a password, open this link within the hour (it works once; run the command again for a new one):\n\n  ${resetLink(siteUrl, { id }, key)}\n`,
  );
  console.log("Then sign in at /login and set up the site from the back office.");
} finally {
  await db.close();
}
