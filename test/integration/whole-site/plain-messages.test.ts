import type { Element } from "domhandler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, multipart, type FieldValue } from "../../support/client";
import { parseHtml, textOf, within } from "../../support/html";
import { ROUTES, canSee, type Actor, type RouteEntry } from "../../support/route-list";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../support/session";
import { TIMEOUTS } from "../../support/time-budget";

/**
 * Errors in plain words (docs/requirements.md §1.1, ADR 68): every form of every page in the route
 * list (test/support/route-list.ts, so a route added there is covered here too), drawn for someone
 * the page admits, is posted with each of its fields left out in turn and with all of them left
 * out, as a browser would post it otherwise (its hidden fields and its button kept,
 * empty fields given a plausible value so that each post misses one thing). Every message the
 * answer shows (field errors, the form's message, alerts, the toast after a redirect, a JSON
 * answer's texts) must be free of developer wording, and no answer may be a server error.
 * On a private server: some of these posts are accepted (a field that may be left out) and change its demo.
 */

/** Developer wording that must never reach a person (zod's, JavaScript's, the database's). */
const DEVELOPER_PHRASES: ReadonlyArray<[string, RegExp]> = [
  ["Invalid input", /invalid input/i],
  // zod's "expected string, received undefined" (money "was received" is plain English).
  ["expected", /\bexpected:? (a |an )?(string|number|boolean|object|array|date|int|bigint|nonoptional|one of|undefined)\b/i],
  ["received", /\breceived:? (undefined|null|NaN|string|number|boolean|object|array|"|')/i],
  ["undefined", /\bundefined\b/],
  ["null", /\bnull\b/],
  ["NaN", /\bNaN\b/],
  ["Required", /\bRequired\b/],
  ["zod", /\bzod/i],
  ["ZodError", /ZodError/],
  ["TypeError", /\w*Error:/],
  ["Cannot read", /Cannot read/i],
  ["[object Object]", /\[object \w+\]/],
  ["Unexpected", /\bUnexpected\b/],
  ["SQLITE", /SQLITE/i],
  ["D1_", /\bD1_/],
  ["stack trace", /\bat \S+ \(?\S+:\d+:\d+\)?|node_modules|build\/server/],
];

/** Where a page shows messages: the fields' errors, the form's message, alerts and the toast. */
const MESSAGE_SELECTOR = ".field-error, .form-error, [role=alert], [role=status], .toast, [class*=error], [class*=message], [id$=-error]";

const CONCURRENCY = 3;

/** Who draws each page: someone its access class admits (the demo Family member, the editor, the treasurer), or a visitor. */
const ACCOUNT_OF: Partial<Record<Actor, Parameters<typeof demoAccount>[0]>> = { member: "member", editor: "editor", accountant: "treasurer" };
function actorFor(entry: RouteEntry): Actor | null {
  if (entry.access === "dev") return null;
  if (entry.access === "public") return "visitor";
  for (const actor of ["member", "editor", "accountant", "visitor"] as const) if (canSee(entry, actor)) return actor;
  return null;
}

let server: SeededServer;
const cookies = new Map<Actor, string>();
let ipCount = 0;
/** A new client address for every post, so the per-address limits never answer in place of the form. */
const nextIp = () => `10.31.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

beforeAll(async () => {
  server = await startSeededServer();
  for (const [actor, key] of Object.entries(ACCOUNT_OF) as Array<[Actor, Parameters<typeof demoAccount>[0]]>) {
    cookies.set(actor, await sessionCookieFor(demoAccount(key).id));
  }
}, TIMEOUTS.long);
afterAll(() => server?.stop());

interface FoundForm {
  /** Where it posts (path and query). */
  action: string;
  actor: Actor;
  /** The page it was found on. */
  page: string;
  multipart: boolean;
  /** Hidden fields and the button: always sent. */
  fixed: Array<[string, FieldValue]>;
  /** What a person fills in, by name, with the value sent when it is not the one left out. */
  filled: Array<[string, FieldValue]>;
}

/** A plausible value for an empty field, so that each post misses only the field left out. */
function sample(control: Element): string {
  const type = (control.attribs.type ?? "text").toLowerCase();
  const name = control.attribs.name ?? "";
  if (type === "email" || /email/i.test(name)) return "someone@example.org";
  if (type === "number" || control.attribs.inputmode === "numeric") return control.attribs.min ?? "1";
  if (type === "date") return "2027-03-14";
  if (type === "time") return "18:00";
  if (type === "tel") return "07700 900123";
  if (type === "url") return "https://example.org";
  if (type === "password") return "not the password";
  return "Plain words";
}

function formsOf(html: string, pagePath: string, actor: Actor): FoundForm[] {
  const page = parseHtml(html);
  const found: FoundForm[] = [];
  for (const form of page.all("form")) {
    if ((form.attribs.method ?? "get").toLowerCase() !== "post") continue;
    const action = new URL(form.attribs.action ?? pagePath, `http://site${pagePath}`);
    const inside = within(form);
    const fixed: Array<[string, FieldValue]> = [];
    const filled = new Map<string, FieldValue>();
    for (const control of inside.all("input[name], select[name], textarea[name]")) {
      if (control.attribs.disabled !== undefined) continue;
      const name = control.attribs.name!;
      const type = (control.attribs.type ?? "").toLowerCase();
      if (["submit", "button", "image", "reset"].includes(type)) continue;
      if (type === "hidden") fixed.push([name, control.attribs.value ?? ""]);
      else if (type === "file") filled.set(name, { bytes: new Uint8Array(), name: "", type: "application/octet-stream" });
      else if (type === "checkbox" || type === "radio") {
        if (!filled.has(name) || control.attribs.checked !== undefined) filled.set(name, control.attribs.value ?? "on");
      } else if (control.name === "select") {
        const options = within(control).all("option");
        const chosen =
          options.find((option) => option.attribs.selected !== undefined && option.attribs.value !== "") ??
          options.find((option) => (option.attribs.value ?? textOf(option)) !== "");
        filled.set(name, chosen ? (chosen.attribs.value ?? textOf(chosen)) : "");
      } else {
        const value = control.name === "textarea" ? textOf(control) : (control.attribs.value ?? "");
        if (!filled.has(name)) filled.set(name, value.trim() === "" ? sample(control) : value);
      }
    }
    // The button a person presses: one that sends no name (the form's own Save or Send) if there is one, else the first.
    const buttons = inside.all("button, input[type=submit]").filter((b) => (b.attribs.type ?? "submit").toLowerCase() === "submit");
    const button = buttons.find((b) => b.attribs.name === undefined) ?? buttons[0];
    if (button?.attribs.name) fixed.push([button.attribs.name, button.attribs.value ?? ""]);
    const isMultipart = (form.attribs.enctype ?? "").toLowerCase() === "multipart/form-data";
    found.push({ action: action.pathname + action.search, actor, page: pagePath, multipart: isMultipart, fixed, filled: [...filled] });
  }
  return found;
}

/** The texts of the answer a person reads: its messages (after a redirect: the toast on the next page), or a JSON answer's strings. */
async function shownTexts(response: Response, actor: Actor): Promise<{ status: number; texts: string[]; body: string }> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("Location");
    if (!location || !location.startsWith("/")) return { status: response.status, texts: [], body: "" };
    // The toast travels in its own cookie, read on the page the redirect leads to.
    const toast = (response.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]!).join("; ");
    const next = await client(server).get(location, { cookie: [cookies.get(actor), toast].filter(Boolean).join("; ") });
    const html = await next.text();
    return { status: response.status, texts: parseHtml(html).all(".toast").map(textOf), body: html };
  }
  const body = await response.text();
  if (type.includes("json")) {
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") texts.push(value);
      else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    try {
      walk(JSON.parse(body));
    } catch {
      texts.push(body);
    }
    return { status: response.status, texts, body };
  }
  if (!type.includes("html")) return { status: response.status, texts: [body.slice(0, 500)], body };
  return { status: response.status, texts: parseHtml(body).all(MESSAGE_SELECTOR).map(textOf).filter(Boolean), body };
}

async function inTurns<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from(
      { length: CONCURRENCY },
      async () =>
        void (await (async () => {
          while (next < items.length) await work(items[next++]!);
        })()),
    ),
  );
}

describe("every form, with each field left out, answers in plain words", () => {
  it(
    "shows no developer wording and no server error",
    async () => {
      // Every page of the route list, drawn for someone it admits; its post forms, once each (the shell's too).
      const pages = Object.values(ROUTES)
        .filter((entry) => entry.html && (entry.status ?? 200) === 200)
        .map((entry) => ({ entry, actor: actorFor(entry) }))
        .filter((page): page is { entry: RouteEntry; actor: Actor } => page.actor !== null);
      const forms = new Map<string, FoundForm>();
      await inTurns(pages, async ({ entry, actor }) => {
        const response = await client(server).get(entry.path, { cookie: cookies.get(actor) });
        expect(response.status, `${actor} GET ${entry.path}`).toBe(200);
        for (const form of formsOf(await response.text(), entry.path, actor)) {
          const key = `${form.action} ${form.filled.map(([name]) => name).join(",")}`;
          if (form.filled.length > 0 && !forms.has(key)) forms.set(key, form);
        }
      });

      // Each field left out in turn, then all of them.
      const posts = [...forms.values()].flatMap((form) => [
        ...form.filled.map(([name]) => ({ form, missing: [name] })),
        ...(form.filled.length > 1 ? [{ form, missing: form.filled.map(([name]) => name) }] : []),
      ]);
      const problems: string[] = [];
      const refusedWithMessage = new Set<string>();
      await inTurns(posts, async ({ form, missing }) => {
        const pairs = [...form.filled.filter(([name]) => !missing.includes(name)), ...form.fixed];
        const fields = form.multipart ? multipart(pairs) : pairs;
        const response = await client(server).post(form.action, fields, { cookie: cookies.get(form.actor), ip: nextIp() });
        const { status, texts, body } = await shownTexts(response, form.actor);
        const where = `${form.actor} POST ${form.action} (from ${form.page}) without ${missing.join(", ")}: ${status}`;
        if (status >= 500) problems.push(`${where}: ${parseHtml(body).text("main").slice(0, 200)}`);
        for (const text of texts) {
          for (const [phrase, pattern] of DEVELOPER_PHRASES) if (pattern.test(text)) problems.push(`${where}: "${text.slice(0, 200)}" (${phrase})`);
        }
        if (status >= 400 && texts.length > 0) refusedWithMessage.add(form.action.split("?")[0]!);
      });

      expect(problems).toEqual([]);
      // It reached the forms: the members' and the back office's, the studio's and the public ones.
      expect(forms.size).toBeGreaterThanOrEqual(25);
      for (const path of ["/contact", "/signup", "/login", "/amend-account", "/account/password", "/studio/settings", "/studio/events/new"]) {
        expect([...refusedWithMessage], path).toContain(path);
      }
      expect([...refusedWithMessage].some((path) => /^\/accounts\/members\/[^/]+\/reject$/.test(path))).toBe(true);
    },
    TIMEOUTS.long,
  );
});
