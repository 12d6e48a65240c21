import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_splitSqlQuery } from "wrangler";
import type { Ticket } from "~/kernel/store/records";
import { TICKET_QR_CONTENT_ID } from "~/features/tickets/emails/TicketConfirmationEmail";
import { qrPng } from "~/features/tickets/qr-png.server";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { ticketToken } from "~/features/tickets/ticket-token.server";
import { ROOT } from "../../../../scripts/lib";
import { startFakeResend, type FakeResend } from "../../../support/fake-resend";
import { newMember, newTicket } from "../../../support/fixtures";

/**
 * sendTicketConfirmation inside workerd, as the Worker runs it (the booking's onTicketPaid
 * hook will call it): the worker's resolve conditions, react-email's render, the PNG's
 * CompressionStream, the token's SubtleCrypto, fetch to a fake Resend and the outbox in
 * real D1. No route of the site is involved: the booking does not exist yet.
 */
const SECRET = "workerd-ticket-email-secret-0123456789";
const MAIL_FROM = "MMA <no-reply@example.org>";
let resend: FakeResend;
let mf: Miniflare;
let bundle: string;
let store: Store;
let ticket: Ticket;
let memberName: string;

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** The raw scanlines of one of our PNGs (IHDR width, inflated IDAT). */
function scanlines(png: Uint8Array): { width: number; raw: Buffer } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  const idat: Uint8Array[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === "IHDR") width = view.getUint32(offset + 8);
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return { width, raw: inflateSync(Buffer.concat(idat)) };
}

/**
 * Two optional dynamic imports the bundle must not leave open (miniflare cannot resolve a
 * string script's imports). react-email's import("react-dom/server.edge"), which React 18
 * does not have, becomes react-dom/server.browser: what its fallback loads, and what the
 * Worker's build renders with. Resend's import("@react-email/render") (for its `react`
 * option, which we never use) becomes a module that throws, as a missing module does.
 */
const missingOptionalImports: Plugin = {
  name: "missing-optional-imports",
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server\.edge$/ }, (args) =>
      build.resolve("react-dom/server.browser", { kind: args.kind, resolveDir: args.resolveDir }),
    );
    build.onResolve({ filter: /^@react-email\/render$/ }, (args) => (args.kind === "dynamic-import" ? { path: args.path, namespace: "missing" } : undefined));
    build.onLoad({ filter: /.*/, namespace: "missing" }, (args) => ({ contents: `throw new Error("Cannot find module '${args.path}'");`, loader: "js" }));
  },
};

beforeAll(async () => {
  resend = await startFakeResend();
  const result = await build({
    entryPoints: [path.join(ROOT, "test/integration/features/tickets/ticket-email-worker-entry.ts")],
    bundle: true,
    format: "esm",
    // "browser": qrcode's package.json "browser" map (its pure-JS entry, no pngjs), as vite resolves it for the Worker.
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    external: ["node:*"],
    plugins: [missingOptionalImports],
    write: false,
    logLevel: "silent",
  });
  bundle = result.outputFiles[0]!.text;
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)![1]!;
  mf = new Miniflare({ modules: true, script: bundle, compatibilityDate, compatibilityFlags: ["nodejs_compat"], d1Databases: ["DB"] });
  const db = await mf.getD1Database("DB");
  const dir = path.join(ROOT, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    await db.batch(unstable_splitSqlQuery(readFileSync(path.join(dir, file), "utf8")).map((sql) => db.prepare(sql)));
  }
  store = createD1Store(db);
  const member = await store.members.register(newMember({ fullName: "Emily Cratchit", membership: "Family" }));
  memberName = member.fullName;
  const created = await createTicketWithCode(store, {
    ...newTicket(member.id),
    email: "emily.cratchit@example.com",
    price: 4250,
    year: new Date().getUTCFullYear(),
  });
  await store.tickets.markPaid(created.id);
  ticket = (await store.tickets.getById(created.id))!;
});

afterAll(async () => {
  await mf?.dispose();
  await resend?.stop();
});

async function send(ticketId: string, env: Record<string, string> = {}): Promise<{ logged: string[] }> {
  const response = await mf.dispatchFetch("http://worker/", {
    method: "POST",
    body: JSON.stringify({ ticketId, origin: "https://mosaic.example", env: { LINK_SIGNING_SECRET: SECRET, MAIL_FROM, ...env } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { logged: string[] };
}

const latestTicketEmails = async () => (await store.outbox.list({ pageSize: 50 })).rows.filter((e) => e.purpose === "ticket");

describe("sendTicketConfirmation in workerd", () => {
  it("bundles qrcode's pure-JS entry and no Node-only module (no pngjs, zlib or Buffer-based PNG)", () => {
    expect(bundle).toContain("CompressionStream");
    expect(bundle).not.toMatch(/pngjs|require\(["'](zlib|stream)["']\)/);
    expect(bundle).not.toMatch(/from\s*["'](node:)?(zlib|stream|fs)["']/);
  });

  it("sends the QR PNG inline through Resend, with the cid the HTML names, and the outbox records it sent", async () => {
    const { logged } = await send(ticket.id, { RESEND_API_KEY: "re_fake_key", RESEND_API_URL: resend.url });
    expect(logged).toEqual([]);
    expect(resend.requests).toHaveLength(1);
    const { authorization, body } = resend.requests[0]!;
    expect(authorization).toBe("Bearer re_fake_key");
    expect(body).toMatchObject({ from: MAIL_FROM, to: ["emily.cratchit@example.com"], subject: "Your tickets: Christmas Party" });
    expect(body.attachments).toHaveLength(1);
    const attachment = body.attachments![0]!;
    expect(attachment).toMatchObject({
      content_type: "image/png",
      content_id: TICKET_QR_CONTENT_ID,
      filename: expect.stringMatching(/^ticket-[2-9A-Z]{4}-[2-9A-Z]{4}\.png$/),
    });
    expect(body.html).toContain(`src="cid:${attachment.content_id}"`);
    for (const shown of [
      memberName,
      "Adult One",
      "Adult Two",
      "Kid One",
      "£42.50",
      `${ticket.code.slice(0, 4)}-${ticket.code.slice(4)}`,
      "https://mosaic.example/mem-account",
    ])
      expect(body.html).toContain(shown);

    // The PNG made in workerd draws exactly the QR of the ticket's signed token.
    const png = new Uint8Array(Buffer.from(attachment.content!, "base64"));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const expected = scanlines(await qrPng(await ticketToken({ LINK_SIGNING_SECRET: SECRET }, ticket)));
    const actual = scanlines(png);
    expect(actual.width).toBe(expected.width);
    expect(actual.raw.equals(expected.raw)).toBe(true);

    const [stored] = await latestTicketEmails();
    expect(stored).toMatchObject({
      status: "sent",
      provider: "resend",
      providerId: expect.stringMatching(/^fake-resend-/),
      to: ["emily.cratchit@example.com"],
    });
    expect(stored!.html).toContain(`src="data:image/png;base64,${attachment.content}"`);
  });

  it("a refusal from Resend is recorded as failed; the call still answers", async () => {
    resend.failWith({ status: 422, name: "validation_error", message: "The domain is not verified." });
    try {
      await send(ticket.id, { RESEND_API_KEY: "re_fake_key", RESEND_API_URL: resend.url });
    } finally {
      resend.failWith(null);
    }
    const [latest] = await latestTicketEmails();
    expect(latest).toMatchObject({ status: "failed", error: expect.stringContaining("The domain is not verified.") });
  });

  it("without Resend: stored in the outbox with the QR visible (data: URL); an unpaid ticket sends nothing", async () => {
    const before = resend.requests.length;
    await send(ticket.id);
    const [latest] = await latestTicketEmails();
    expect(latest).toMatchObject({ status: "stored", provider: "outbox" });
    expect(latest!.html).toMatch(/<img[^>]*src="data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+"/);
    expect(resend.requests.length).toBe(before);

    const unpaid = await createTicketWithCode(store, newTicket(ticket.userId));
    const count = (await latestTicketEmails()).length;
    const { logged } = await send(unpaid.id);
    expect(logged).toEqual([expect.stringContaining("is not paid")]);
    expect(await latestTicketEmails()).toHaveLength(count);
  });
});
