import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contactForm from "~/features/site/contact-form";
import * as loginRules from "~/features/sign-in/login";
import { memberActionValue } from "~/features/office/member-action-value";
import { MEMBER_ACTIONS, type MemberAction } from "~/features/office/member-actions";
import {
  CHILD_NAME_FIELDS,
  CHILD_YEAR_FIELDS,
  MEMBER_DETAILS_MESSAGES,
  memberDetailsFieldSchemas,
  PERSON_FIELDS,
  SPOUSE_FIELDS,
} from "~/features/membership/member-details";
import * as passwordReset from "~/features/sign-in/password-reset";
import * as newPasswordRules from "~/kernel/auth/new-password";
import { ATTENDEE_BANDS, BAND_LIMITS, type Member } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { SIGNUP_FORM, SIGNUP_MESSAGES } from "~/features/membership/signup-form";
import * as storeErrors from "~/kernel/forms/store-errors";
import { PLAIN_MESSAGES } from "~/kernel/forms/plain-messages";
import * as ticketBooking from "~/features/tickets/ticket-booking";
import { countField, nameField } from "~/features/tickets/ticket-rules";
import { paymentLinkToken } from "~/features/payments/payment-link.server";
import { d1Members } from "~/kernel/store/d1/members.server";
import { client } from "../../support/client";
import { FAMILY_PARTY, withDb } from "../../support/book-ticket";
import { newMember } from "../../support/fixtures";
import { describeValue, formEdits, hostileBody, hostileUrlValue, pathSegment, valuesPosted, wellFormed, type FieldEdit } from "../../support/hostile-values";
import { latestResetLink } from "../../support/password-reset";
import { startSeededServer, type SeededServer } from "../../support/seeded-server";
import { demoAccount, devEnv } from "../../support/session";
import { familySignup, uniqueSignupEmail } from "../../support/signup";
import { TIMEOUTS } from "../../support/time-budget";

/**
 * Hostile input, property-based (docs/security.md, "zod on every action"): fast-check
 * generates hostile values (very long, control characters, broken Unicode, markup, SQL,
 * formulas, wrong types, huge numbers, far dates) and puts them in every form field of
 * every action (also sent twice, as a file, or left out) and in every route and query
 * parameter, on a private server. Every answer is below 500 and shows no stack trace; a
 * refused form post (JavaScript off: a plain POST) answers the form again with a message
 * the app uses; what a form accepted is stored within the schema's rules. The figures are
 * counted and asserted at the end.
 */

const SEED = 20_261_121;
const CONCURRENCY = 4;
/** Runs per target: the totals below are asserted, so a smaller figure fails the file. */
const FORM_RUNS = 150;
const PARAM_RUNS = 40;

let server: SeededServer;
const ids = { throwaway: [] as string[], applicant: "", family: "", treasurer: "" };
let resetPath = "";

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const members = d1Members(db);
      // Members the back-office actions may approve, delete or restore at will.
      for (let i = 0; i < 4; i++)
        ids.throwaway.push(
          (await members.register(newMember({ fullName: `Hostile Target ${i}`, active: false, registrationPaid: false, lastRenewedYear: null }))).id,
        );
    },
  });
  ids.applicant = demoAccount("applicant").id;
  ids.family = demoAccount("member").id;
  ids.treasurer = demoAccount("treasurer").id;
  // A real reset link, so its form's fields are reached, not only the invalid-link page.
  await client(server, { ip: "10.200.0.1" }).post("/forgot-password", { email: demoAccount("single").email });
  resetPath = (await latestResetLink(server.url, demoAccount("single").email)) ?? "";
}, TIMEOUTS.long);
afterAll(() => server?.stop());

// ---------------------------------------------------------------------------
// What a clear refusal looks like

/** Every message text the domain modules export: a refusal must show one of them. */
function messagesOf(...modules: object[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string" && value.length >= 8 && /\s/.test(value)) found.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  modules.forEach(walk);
  return found;
}
const KNOWN_MESSAGES = messagesOf(
  contactForm,
  loginRules,
  passwordReset,
  newPasswordRules,
  storeErrors,
  ticketBooking,
  SIGNUP_MESSAGES,
  MEMBER_DETAILS_MESSAGES,
  PLAIN_MESSAGES,
  {
    invalid: SIGNUP_FORM.invalidMessage,
  },
);
const MESSAGE_PATTERNS = [
  /^Please (enter|choose|agree|check) /,
  /must be at most [\d,]+ characters/i,
  /Year of birth must be a year from \d+ to \d+/,
  /must be (from )?\d+( to \d+| or \d+)?\./,
];

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[entity]!);
const visibleText = (html: string) => decode(html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

/** The texts of the page's messages: the form's alert and the fields' errors. */
function shownMessages(html: string): string[] {
  const elements = html.matchAll(/<(p|div|span)\b[^>]*(?:role="alert"|class="[^"]*(?:form-error|field-error|door-message-error)[^"]*")[^>]*>([\s\S]*?)<\/\1>/g);
  return [...elements].map((match) => visibleText(match[2]!).trim()).filter(Boolean);
}

/** A refusal shows at least one message, and it is one the app uses (the wording of docs/requirements.md, or a rule's). */
function hasClearMessage(html: string): boolean {
  return shownMessages(html).some((text) => KNOWN_MESSAGES.some((message) => text.includes(message)) || MESSAGE_PATTERNS.some((pattern) => pattern.test(text)));
}

/** A stack trace anywhere in a body (frames, our paths, the database's errors). */
const STACK = /\n\s+at [^\n]*:\d+:\d+|node_modules|build\/server|D1_ERROR|SQLITE_/;
/** A framework's raw error in what the visitor reads. */
const RAW_ERROR = /Unexpected Server Error|TypeError|RangeError|SyntaxError|ReferenceError/;

// ---------------------------------------------------------------------------
// Sending, counting, checking

interface Probe {
  target: string;
  method: "GET" | "POST";
  path: string;
  /** Hostile values in this request (fields set, sent twice or as files; path and query values). */
  values: number;
  /** Fields left out. */
  missing: number;
  body?: { body: BodyInit; contentType?: string };
  userId?: string;
  /** A form page: a 4xx must show a message on the form. */
  form?: boolean;
  describe: string;
  /** Checks an accepted post (a redirect) against what was stored. */
  accepted?: (response: Response) => Promise<void>;
}

const timing = new Map<string, { requests: number; ms: number }>();
const tally = { requests: 0, values: 0, missing: 0, fields: new Set<string>(), accepted: 0, refused: 0 };
const failures: string[] = [];
let ip = 0;

/** A distinct client for every request (CF-Connecting-IP), so per-client limits count each hostile post once. */
function nextIp(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

async function send(probe: Probe): Promise<void> {
  const address = nextIp();
  tally.requests += 1;
  tally.values += probe.values;
  tally.missing += probe.missing;
  const where = `${probe.method} ${probe.path.slice(0, 120)} ${probe.describe}`;
  const start = Date.now();
  try {
    // A multipart body has no Content-Type here: fetch sets it, with the boundary.
    const response = await client(server)
      .as(probe.userId)
      .request(probe.method, probe.path, { ip: address, body: probe.body?.body, contentType: probe.body?.contentType ?? null });
    const body = await response.text();
    if (response.status >= 500) return void failures.push(`${response.status} ${where}: ${body.slice(0, 200)}`);
    if (STACK.test(body) || RAW_ERROR.test(visibleText(body))) return void failures.push(`stack trace ${response.status} ${where}`);
    // A body over 64 kB is refused before any route reads it, with its own plain message (docs/requirements.md §11.3).
    const tooLarge = response.status === 413 && body.startsWith("Payload Too Large");
    if (probe.form && response.status >= 400 && response.status !== 404 && response.status !== 405 && !tooLarge && !hasClearMessage(body)) {
      return void failures.push(`no message ${response.status} ${where}: ${visibleText(body).slice(0, 300)}`);
    }
    if (response.status >= 300 && response.status < 400) tally.accepted += 1;
    else if (response.status >= 400) tally.refused += 1;
    if (probe.accepted && response.status >= 300 && response.status < 400) await probe.accepted(response);
  } catch (error) {
    failures.push(`request failed ${where}: ${String(error)}`);
  } finally {
    const spent = timing.get(probe.target) ?? { requests: 0, ms: 0 };
    timing.set(probe.target, { requests: spent.requests + 1, ms: spent.ms + Date.now() - start });
  }
}

/** Runs the probes with a few at a time. */
async function runAll(probes: Probe[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) await send(probes[next++]!);
    }),
  );
}

const describeEdits = (edits: readonly FieldEdit[]) =>
  edits
    .map((edit) => (edit.op === "drop" ? `-${edit.field}` : `${edit.field}${edit.op === "set" ? "" : `(${edit.op})`}=${describeValue(edit.value)}`))
    .join(" ");

/** Form probes: fast-check's edits (seeded, so a failure can be replayed) on a valid base post. */
function formProbes(
  target: string,
  spec: {
    path: () => string;
    fields: readonly string[];
    base: () => Record<string, string>;
    userId?: string;
    form?: boolean;
    runs?: number;
    accepted?: (base: Record<string, string>, edits: FieldEdit[]) => Probe["accepted"];
  },
): Probe[] {
  spec.fields.forEach((field) => tally.fields.add(`${target}:${field}`));
  const samples = fc.sample(fc.tuple(formEdits(spec.fields), fc.boolean()), { seed: SEED + target.length * 7919, numRuns: spec.runs ?? FORM_RUNS });
  return samples.map(([edits, multipart]) => {
    const base = spec.base();
    return {
      target,
      method: "POST",
      path: spec.path(),
      values: valuesPosted(edits),
      missing: edits.length - valuesPosted(edits),
      body: hostileBody(base, edits, multipart && edits.length % 2 === 0),
      userId: spec.userId,
      form: spec.form ?? true,
      describe: describeEdits(edits),
      accepted: spec.accepted?.(base, edits),
    };
  });
}

/** Path probes: a hostile value in each `:param` of a route pattern (GET, and POST when the route has an action). */
function pathProbes(
  target: string,
  pattern: string,
  options: { userId?: string; post?: boolean; runs?: number; fixed?: Record<string, string> } = {},
): Probe[] {
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  names.forEach((name) => tally.fields.add(`${target}:${name}`));
  // Each parameter hostile, or left as a well-formed id (e.g. a real member's) half the time.
  const slot = fc.option(hostileUrlValue, { freq: 2 });
  const samples = fc.sample(fc.tuple(fc.tuple(...names.map(() => slot)), fc.boolean()), {
    seed: SEED + pattern.length * 104_729,
    numRuns: options.runs ?? PARAM_RUNS,
  });
  return samples.map(([values, post]) => {
    const hostile = values.every((value) => value === null) ? [values[0] ?? { text: "" }, ...values.slice(1)] : values;
    const path = pattern.replace(/:(\w+)/g, (_, param: string) => {
      const value = hostile[names.indexOf(param)];
      return value ? pathSegment(value) : (options.fixed?.[param] ?? "000000000000000000000000");
    });
    const method = options.post && post ? "POST" : "GET";
    return {
      target,
      method,
      path,
      values: hostile.filter(Boolean).length,
      missing: 0,
      userId: options.userId,
      body: method === "POST" ? { body: "intent=pay", contentType: "application/x-www-form-urlencoded" } : undefined,
      describe: names.map((name, i) => (hostile[i] ? `${name}=${describeValue(hostile[i])}` : "")).join(" "),
    };
  });
}

/** Query probes: one to three hostile parameters (some sent twice) on a GET. */
function queryProbes(target: string, path: string, params: readonly string[], options: { userId?: string; runs?: number } = {}): Probe[] {
  params.forEach((name) => tally.fields.add(`${target}:?${name}`));
  const samples = fc.sample(formEdits(params, hostileUrlValue, 5), { seed: SEED + path.length * 15_485_863, numRuns: options.runs ?? PARAM_RUNS });
  return samples.map((edits) => {
    const { body } = hostileBody(
      {},
      edits.map((edit) => (edit.op === "file" ? { ...edit, op: "set" } : edit)),
    );
    return {
      target,
      method: "GET",
      path: `${path}?${String(body)}`,
      values: valuesPosted(edits),
      missing: 0,
      userId: options.userId,
      describe: describeEdits(edits),
    };
  });
}

// ---------------------------------------------------------------------------
// What an accepted post may store

const year = currentYear();
const detailSchemas = memberDetailsFieldSchemas(year);

/** The stored member's details pass the same field rules again (trimmed, within limits, real years, 10–11 digits). */
function schemaBreaches(member: Member): string[] {
  const breaches: string[] = [];
  const check = (field: keyof typeof detailSchemas, value: unknown) => {
    if (!detailSchemas[field].safeParse(value).success) breaches.push(`${field}=${JSON.stringify(String(value).slice(0, 60))}`);
  };
  check("title", member.title);
  check("fullName", member.fullName);
  check("address", member.address);
  check("city", member.city);
  check("county", member.county ?? "");
  check("postcode", member.postcode);
  check("mobile", member.mobile);
  check("membership", member.membership);
  if (member.spouse) {
    check("spouseTitle", member.spouse.title);
    check("spouseName", member.spouse.name);
    check("spouseEmail", member.spouse.email);
    check("spouseMobile", member.spouse.mobile);
  }
  member.children.forEach((child, index) => {
    check(`childName${(index % 5) + 1}` as keyof typeof detailSchemas, child.name);
    check(`childYear${(index % 5) + 1}` as keyof typeof detailSchemas, String(child.birthYear));
  });
  if (member.children.length > 5) breaches.push(`children=${member.children.length}`);
  if (member.email !== member.email.trim().toLowerCase() || member.email.length > 254 || !member.email.includes("@")) breaches.push(`email=${member.email}`);
  return breaches;
}

/**
 * Accepted posts are checked after the run, in one go: opening the local database
 * while the worker writes to it would make the worker's own queries fail (SQLITE_BUSY).
 */
const acceptedChecks: Array<(members: ReturnType<typeof d1Members>) => Promise<void>> = [];

/** The member an accepted post wrote obeys the schema; a name that went in is what comes out (trimmed, nothing cut at a NUL). */
function storedMemberObeys(find: (members: ReturnType<typeof d1Members>) => Promise<Member | null>, edits: FieldEdit[], exactName: boolean): Probe["accepted"] {
  return async () => {
    acceptedChecks.push(async (members) => {
      const member = await find(members);
      if (!member) return void failures.push(`accepted but not stored: ${describeEdits(edits)}`);
      const breaches = schemaBreaches(member);
      if (breaches.length > 0) failures.push(`stored outside the schema (${breaches.join(", ")}): ${describeEdits(edits)}`);
      const sent = edits.find((edit) => edit.field === "fullName");
      if (!exactName || !sent || sent.op !== "set" || !("text" in sent.value)) return;
      const expected = wellFormed(sent.value.text).trim();
      if (member.fullName !== expected)
        failures.push(`fullName stored as ${JSON.stringify(member.fullName.slice(0, 60))}, posted ${describeValue(sent.value)}`);
    });
  };
}

// ---------------------------------------------------------------------------
// The targets

const SIGNUP_FIELDS = [...SIGNUP_FORM.sections.flatMap((section) => section.fields.map((field) => field.name)), "intent"];
const DETAILS_FIELDS = [
  ...PERSON_FIELDS,
  "membership",
  ...SPOUSE_FIELDS,
  "childCount",
  ...CHILD_NAME_FIELDS,
  ...CHILD_YEAR_FIELDS,
  "childPhotoConcent",
  "childPhotoShareConcent",
  "intent",
];
const PARTY_FIELDS = [
  ...ATTENDEE_BANDS.flatMap((band) => [countField(band), ...Array.from({ length: BAND_LIMITS[band].max }, (_, i) => nameField(band, i + 1))]),
  "intent",
];

function amendBase(): Record<string, string> {
  const {
    email: _e,
    password: _p,
    confirm_password: _c,
    agreeTerms: _a,
    giftAidConcent: _g,
    residentConcent: _r,
    paymentConcent: _pc,
    ...details
  } = familySignup("x@example.com");
  return { ...details, intent: "save" };
}

function allProbes(): Probe[] {
  const accountant = ids.treasurer;
  const memberDo = (action: MemberAction, id: string) => memberActionValue(action, id);
  return [
    // Public forms
    ...formProbes("signup", {
      path: () => "/signup",
      fields: SIGNUP_FIELDS,
      base: () => familySignup(uniqueSignupEmail("hostile")),
      accepted: (base, edits) => storedMemberObeys((members) => members.findByEmail(base.email!.toLowerCase()), edits, true),
    }),
    ...formProbes("signup-update", {
      path: () => "/signup",
      fields: SIGNUP_FIELDS,
      base: () => ({ ...familySignup(uniqueSignupEmail("update")), intent: "update-fields" }),
      runs: 80,
    }),
    ...formProbes("contact", {
      path: () => "/contact",
      fields: ["name", "lastname", "email", "subject", "notes"],
      base: () => ({ name: "Ada", lastname: "Lovelace", email: uniqueSignupEmail("contact"), subject: "Hello", notes: "A question about membership." }),
    }),
    ...formProbes("login", {
      path: () => "/login",
      fields: ["email", "password", "redirectTo"],
      base: () => ({ email: uniqueSignupEmail("login"), password: "not the password", redirectTo: "/mem-account" }),
    }),
    ...formProbes("forgot-password", { path: () => "/forgot-password", fields: ["email"], base: () => ({ email: uniqueSignupEmail("forgot") }), runs: 150 }),
    ...formProbes("reset-password", {
      path: () => resetPath,
      fields: ["password", "confirmPassword"],
      base: () => ({ password: "correct horse battery", confirmPassword: "correct horse battery" }),
      runs: 150,
    }),
    ...formProbes("cookie-consent", { path: () => "/cookie-consent", fields: ["redirectTo"], base: () => ({ redirectTo: "/" }), form: false, runs: 60 }),
    // Member forms
    ...formProbes("amend-account", {
      path: () => "/amend-account",
      fields: DETAILS_FIELDS,
      base: amendBase,
      userId: ids.family,
      // Concurrent saves of one member: only the last one stays, so only the rules are checked.
      accepted: (_base, edits) => storedMemberObeys((members) => members.getById(ids.family), edits, false),
    }),
    ...formProbes("book-ticket-update", {
      path: () => "/book-ticket",
      fields: PARTY_FIELDS,
      base: () => ({ ...FAMILY_PARTY, intent: "update" }),
      userId: ids.family,
      runs: 120,
    }),
    ...formProbes("book-ticket", { path: () => "/book-ticket", fields: PARTY_FIELDS, base: () => ({ ...FAMILY_PARTY }), userId: ids.family }),
    ...formProbes("mem-account-renew", { path: () => "/mem-account", fields: ["intent"], base: () => ({}), userId: ids.family, form: false, runs: 30 }),
    ...formProbes("payment-reg-fee", { path: () => paymentPath, fields: ["intent"], base: () => ({}), form: false, runs: 30 }),
    // Back office
    ...formProbes("accounts-action", {
      path: () => "/accounts",
      fields: ["do", "confirmed"],
      base: () => ({ do: memberDo(MEMBER_ACTIONS[ip % MEMBER_ACTIONS.length]!, ids.throwaway[ip % ids.throwaway.length]!), confirmed: "1" }),
      userId: accountant,
      form: false,
    }),
    ...formProbes("deleted-members-action", {
      path: () => "/deleted-members",
      fields: ["do", "confirmed"],
      base: () => ({ do: memberDo("restore", ids.throwaway[0]!), confirmed: "1" }),
      userId: accountant,
      form: false,
      runs: 80,
    }),
    ...formProbes("accounts-payments", {
      path: () => "/accounts/payments",
      fields: ["id"],
      base: () => ({ id: "000000000000000000000000" }),
      userId: accountant,
      form: false,
      runs: 80,
    }),
    ...formProbes("mem-renewals-action", {
      path: () => "/mem-renewals",
      fields: ["intent", "confirmed"],
      base: () => ({ intent: "notify" }),
      userId: accountant,
      form: false,
      runs: 60,
    }),
    ...formProbes("scan-qr-code", {
      path: () => "/scan-qr-code",
      fields: ["code", "person"],
      base: () => ({ code: "ABCDEFGH", person: "adult:1" }),
      userId: accountant,
      form: false,
    }),
    ...formProbes("emails-resend", {
      path: () => `/accounts/emails/000000000000000000000000`,
      fields: ["intent", "id"],
      base: () => ({ intent: "resend" }),
      userId: accountant,
      form: false,
      runs: 30,
    }),
    ...formProbes("practice-checkout", {
      path: () => "/practice-checkout/000000000000000000000000",
      fields: ["intent"],
      base: () => ({ intent: "pay" }),
      form: false,
      runs: 30,
    }),
    // Query strings
    ...queryProbes("members-table", "/accounts", ["q", "status", "membership", "fee", "sort", "dir", "page", "size"], { userId: accountant, runs: 60 }),
    ...queryProbes("deleted-members", "/deleted-members", ["q", "status", "membership", "fee", "sort", "dir", "page", "size"], { userId: accountant }),
    ...queryProbes("members-csv", "/accounts/export.csv", ["q", "status", "membership", "fee", "sort", "dir", "page", "size", "list"], {
      userId: accountant,
      runs: 60,
    }),
    ...queryProbes("mem-events-pay", "/mem-events-pay", ["year", "event", "page", "size"], { userId: accountant, runs: 60 }),
    ...queryProbes("tickets-csv", "/mem-events-pay/tickets.csv", ["year", "event"], { userId: accountant }),
    ...queryProbes("mem-renewals", "/mem-renewals", ["year", "rpage", "rsize", "ppage", "psize"], { userId: accountant, runs: 60 }),
    ...queryProbes("renewals-pending-csv", "/mem-renewals/pending.csv", ["year"], { userId: accountant, runs: 40 }),
    ...queryProbes("renewals-renewed-csv", "/mem-renewals/renewed.csv", ["year"], { userId: accountant, runs: 40 }),
    ...queryProbes("emails-page", "/accounts/emails", ["page"], { userId: accountant, runs: 40 }),
    ...queryProbes("payments-page", "/accounts/payments", ["page"], { userId: accountant, runs: 40 }),
    ...queryProbes("dev-mail-page", "/dev/mail", ["page"], { runs: 30 }),
    ...queryProbes("scan-lookup", "/scan-qr-code", ["code"], { userId: accountant }),
    ...queryProbes("login-redirect", "/login", ["redirectTo"], { runs: 40 }),
    ...queryProbes("payment-success-session", `/payment-success/000000000000000000000000/${ids.family}`, ["session_id"], { userId: ids.family, runs: 40 }),
    // Route parameters
    ...pathProbes("blog-details", "/blog-details/:id"),
    ...pathProbes("gallery", "/gallery/:id"),
    ...pathProbes("documents", "/documents/:id", { userId: ids.family }),
    ...pathProbes("member-details", "/member-details/:id", { userId: accountant }),
    ...pathProbes("emails-detail", "/accounts/emails/:id", { userId: accountant, post: true }),
    ...pathProbes("dev-mail-detail", "/dev/mail/:id"),
    ...pathProbes("payment-success", "/payment-success/:id/:memId", { userId: ids.family, fixed: { memId: ids.family } }),
    ...pathProbes("reg-payment-success", "/reg-payment-success/:id/:memId", { userId: ids.applicant }),
    ...pathProbes("upgrade-pay-success", "/upgrade-pay-success/:id/:memId", { userId: ids.family }),
    ...pathProbes("payment-cancel", "/payment-cancel/:id", { userId: ids.family }),
    ...pathProbes("practice-checkout-id", "/practice-checkout/:id", { post: true }),
    ...pathProbes("ticket-success", "/ticket-success/:ticketId/:memId", { userId: ids.family }),
    ...pathProbes("ticket-payment-success", "/ticket-payment-success/:ticketId/:transactionId/:memId", { userId: ids.family }),
    ...pathProbes("reset-link", "/reset-account-password/:id/:key", { post: true }),
    ...pathProbes("payment-link", "/payment-reg-fee/:token", { post: true }),
    ...pathProbes("any-page", "/:splat"),
  ];
}

let paymentPath = "";
const started = Date.now();

describe("hostile input (fast-check, seed " + SEED + ")", () => {
  it(
    "never answers 5xx or a stack trace, refuses with a message on the form, and stores only what the schema allows",
    async () => {
      expect(resetPath, "a reset link from the outbox").toMatch(/^\/reset-account-password\//);
      paymentPath = `/payment-reg-fee/${await paymentLinkToken(devEnv, ids.applicant)}`;
      const probes = allProbes();
      await runAll(probes);
      await withDb(server, async (db) => {
        for (const check of acceptedChecks) await check(d1Members(db));
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.info(
        `hostile input: ${tally.values} hostile values (+${tally.missing} fields left out) in ${tally.requests} requests over ${tally.fields.size} fields and parameters; ` +
          `${tally.accepted} redirected, ${tally.refused} refused; ${seconds} s`,
      );
      if (process.env.HOSTILE_TIMING)
        console.info(
          [...timing]
            .sort((a, b) => b[1].ms - a[1].ms)
            .map(([t, v]) => `${t} ${v.requests} ${v.ms}ms`)
            .join("\n"),
        );
      expect(failures.slice(0, 30)).toEqual([]);
      expect(tally.values).toBeGreaterThanOrEqual(5_000);
      expect(tally.fields.size).toBeGreaterThanOrEqual(100);
    },
    TIMEOUTS.long,
  );
});

describe("the valid bases", () => {
  it("the Edit Account base passes the schema, so a refusal is the hostile value's doing", () => {
    const base = amendBase();
    for (const field of [...PERSON_FIELDS, "membership"] as const) expect(detailSchemas[field].safeParse(base[field]).success, field).toBe(true);
  });
});
