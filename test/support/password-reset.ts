import type { MemberPatch } from "~/kernel/store/records";
import { hashPassword } from "~/kernel/auth/password.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { client } from "./client";
import { newMember } from "./fixtures";
import { startSeededServer, type SeededServer } from "./seeded-server";

/** Helpers of the sign-in and password-reset tests (HTTP and browser). */

export const MESSAGES = {
  empty: "Empty field is not allowed!",
  incorrect: "Username or password incorrect, please contact the association for help.",
  underReview: "Your account is under review. Please contact us.",
  loggedIn: "You are now logged in.",
  tooMany: "Too many attempts. Please try again later.",
  notFound: "Email not found!",
  checkEmail: "Please check your email!",
  invalidLink: "This link is invalid.",
  changed: "You have changed your password. Try login with new password.",
  mismatch: "Passwords do not match.",
  tooShort: "Your password must be at least 8 characters.",
} as const;

export const RESET_SUBJECT = "MMA: reset password";
export const CHANGED_SUBJECT = "MMA: your password has been updated";

export interface TestAccount {
  key: string;
  email: string;
  password: string;
  patch?: MemberPatch;
}

export interface AccountsServer extends SeededServer {
  /** The id of each prepared account, by its key. */
  ids: Record<string, string>;
}

/** A private server (own D1) with these extra accounts, each active unless the patch says otherwise. */
export async function startServerWithAccounts(accounts: TestAccount[], options: { store?: "d1" | "cockpit" } = {}): Promise<AccountsServer> {
  const ids: Record<string, string> = {};
  const server = await startSeededServer({
    store: options.store,
    prepare: async (db) => {
      const members = d1Members(db);
      for (const account of accounts) {
        const created = await members.register(newMember({ email: account.email, passwordHash: await hashPassword(account.password), active: true }));
        if (account.patch) await members.update(created.id, account.patch);
        ids[account.key] = created.id;
      }
    },
  });
  return { ...server, ids };
}

/** A same-origin form post with a raw `Cookie` header (`client` with `cookie`). */
export function formPost(base: string, path: string, fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) {
  return client(base, options).post(path, fields);
}

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[entity]!);

/** The e-mails in the outbox to this address with this subject, newest first: their HTML and plain text. */
export async function outboxTo(base: string, to: string, subject: string): Promise<Array<{ html: string; text: string }>> {
  const list = await (await fetch(`${base}/dev/mail`)).text();
  const rows = [...list.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a [^>]*href="(\/dev\/mail\/[0-9a-f]{24})"[^>]*>([^<]*)<\/a>/g)];
  const matching = rows.filter(([, rowTo, , rowSubject]) => decode(rowTo!).includes(to) && decode(rowSubject!) === subject);
  return Promise.all(
    matching.map(async ([, , href]) => {
      const page = await (await fetch(`${base}${href}`)).text();
      const frame = /<iframe[^>]*\ssrcDoc="([^"]*)"/i.exec(page);
      const text = /<pre class="dev-mail-text">([^<]*)<\/pre>/.exec(page)?.[1] ?? "";
      return { html: decode(frame?.[1] ?? ""), text: decode(text) };
    }),
  );
}

/** The reset link of the newest reset e-mail to this address, as a path. */
export async function latestResetLink(base: string, to: string): Promise<string | null> {
  const [newest] = await outboxTo(base, to, RESET_SUBJECT);
  const match = newest && /https?:\/\/[^\s"<>]+\/reset-account-password\/[^/\s"<>]+\/[A-Za-z0-9]{10}/.exec(newest.text);
  return match ? new URL(match[0]).pathname : null;
}

/** A fresh e-mail, so rate-limit counters never meet across tests. */
export function uniqueAddress(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
