import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { svixSignature } from "~/features/mailings/webhook/svix.server";
import { client } from "../../../support/client";
import { parseHtml, pageText, textOf } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerD1 } from "../../../support/server-d1";
import { demoAccount } from "../../../support/session";
import { DEMO_FAMILY_FORM } from "../../../support/account-forms";

/**
 * Resend's webhook (docs/requirements.md §13): Svix-signed deliveries only (good, bad, replayed,
 * stale, unsigned), a bounce or a complaint found by Resend's e-mail id (a mailing's delivery or
 * an outbox e-mail), the address marked bad, a complaint's consent withdrawn; and the accountants'
 * "Bad addresses" list. A private server with its own webhook secret.
 */

const SECRET = `whsec_${Buffer.from("a test signing secret of thirty-two!").toString("base64")}`;
const MAILING = "c3c3c3c3c3c3c3c3c3c3c3c3";
const member = demoAccount("member");
const single = demoAccount("single");
const applicant = demoAccount("applicant");
const treasurer = demoAccount("treasurer");

let server: SeededServer;
beforeAll(async () => {
  server = await startSeededServer({
    vars: { RESEND_WEBHOOK_SECRET: SECRET },
    prepare: async (db) => {
      const now = Math.floor(Date.now() / 1000);
      const delivery = db.prepare(
        "INSERT INTO mailing_deliveries (mailing_id, member_id, email, first_name, status, batch, provider_id, updated_at) VALUES (?1, ?2, ?3, '', 'sent', 0, ?4, ?5)",
      );
      await db.batch([
        db
          .prepare(
            `INSERT INTO mailings (id, kind, subject, audience, status, created_by, updated_by, created_at, updated_at) VALUES (?1, 'newsletter', 'Spring newsletter', '{"kind":"active"}', 'sent', ?2, ?2, ?3, ?3)`,
          )
          .bind(MAILING, demoAccount("editor").id, now),
        delivery.bind(MAILING, member.id, member.email, "re_bounce_1", now),
        delivery.bind(MAILING, single.id, single.email, "re_complaint_1", now),
        delivery.bind(MAILING, treasurer.id, treasurer.email, "re_soft_1", now),
        db
          .prepare(
            "INSERT INTO outbox (id, recipients, subject, html, text, purpose, member_id, status, provider, provider_id, created_at, updated_at) VALUES ('d4d4d4d4d4d4d4d4d4d4d4d4', ?1, 'Your receipt', '', '', 'receipt', ?2, 'sent', 'resend', 're_outbox_1', ?3, ?3)",
          )
          .bind(JSON.stringify([applicant.email]), applicant.id, now),
      ]);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const db = <T>(use: (db: D1Database) => Promise<T>) => withServerD1(server.persistTo, use);
const deliveryStatus = (memberId: string) =>
  db(
    async (d) =>
      (await d.prepare("SELECT status FROM mailing_deliveries WHERE mailing_id = ?1 AND member_id = ?2").bind(MAILING, memberId).first<{ status: string }>())
        ?.status,
  );
const badAddresses = () =>
  db(async (d) => (await d.prepare("SELECT member_id, email, reason, mailing_id FROM bad_addresses ORDER BY member_id").all()).results);
const preferences = (memberId: string) =>
  db((d) => d.prepare("SELECT newsletters, newsletters_source FROM mail_preferences WHERE member_id = ?1").bind(memberId).first());

let ids = 0;
/** One delivery as Svix sends it: signed now (or at `at`) with `secret`, JSON body. */
async function deliver(event: unknown, options: { id?: string; at?: number; secret?: string; signature?: string; headers?: Record<string, string> } = {}) {
  const body = JSON.stringify(event);
  const id = options.id ?? `msg_${Date.now()}_${++ids}`;
  const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
  const signature = options.signature ?? `v1,${await svixSignature(options.secret ?? SECRET, id, timestamp, body)}`;
  return fetch(`${server.url}/webhooks/resend`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": timestamp, "svix-signature": signature, ...options.headers },
    body,
  });
}
const bounced = (emailId: string) => ({
  type: "email.bounced",
  created_at: new Date().toISOString(),
  data: { email_id: emailId, to: ["someone@example.org"] },
});
const complained = (emailId: string) => ({ type: "email.complained", created_at: new Date().toISOString(), data: { email_id: emailId } });

describe("the signature (Svix headers, RESEND_WEBHOOK_SECRET)", () => {
  it("refuses a bad signature, another secret's, a stale or future timestamp, and missing headers (400), changing nothing", async () => {
    const other = `whsec_${Buffer.from("somebody else's secret entirely!!").toString("base64")}`;
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await deliver(bounced("re_bounce_1"), { signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" }),
      await deliver(bounced("re_bounce_1"), { secret: other }),
      await deliver(bounced("re_bounce_1"), { at: now - 6 * 60 }),
      await deliver(bounced("re_bounce_1"), { at: now + 6 * 60 }),
      await fetch(`${server.url}/webhooks/resend`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bounced("re_bounce_1")),
      }),
    ];
    for (const response of refused) expect(response.status).toBe(400);
    expect(await deliveryStatus(member.id)).toBe("sent");
    expect(await badAddresses()).toEqual([]);
  });

  it("a GET is refused (405): only Svix's posts are read", async () => {
    expect((await fetch(`${server.url}/webhooks/resend`)).status).toBe(405);
  });
});

describe("bounces and complaints", () => {
  it("a signed bounce marks the mailing's delivery bounced and the address bad, found by Resend's id; a replay changes nothing", async () => {
    const first = await deliver(bounced("re_bounce_1"), { id: "msg_replayed" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: "bounced" });
    expect(await deliveryStatus(member.id)).toBe("bounced");
    expect(await badAddresses()).toEqual([{ member_id: member.id, email: member.email, reason: "bounced", mailing_id: MAILING }]);

    // The member's address is corrected meanwhile; the same delivery again must not mark anything.
    await db((d) => d.prepare("DELETE FROM bad_addresses").run());
    const replay = await deliver(bounced("re_bounce_1"), { id: "msg_replayed" });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ result: "replayed" });
    expect(await badAddresses()).toEqual([]);
    await deliver(bounced("re_bounce_1"));
  });

  it("a complaint marks the delivery complained, the address bad, and withdraws newsletter consent (source complaint)", async () => {
    const response = await deliver(complained("re_complaint_1"));
    expect(response.status).toBe(200);
    expect(await deliveryStatus(single.id)).toBe("complained");
    expect((await badAddresses()).filter((row) => (row as { member_id: string }).member_id === single.id)).toEqual([
      { member_id: single.id, email: single.email, reason: "complained", mailing_id: MAILING },
    ]);
    expect(await preferences(single.id)).toEqual({ newsletters: "no", newsletters_source: "complaint" });
  });

  it("a bounce of another e-mail (the outbox, by Resend's id) marks that member's address; unknown ids and other types are ignored (200)", async () => {
    expect(await (await deliver(bounced("re_outbox_1"))).json()).toMatchObject({ result: "bounced" });
    expect((await badAddresses()).some((row) => (row as { member_id: string }).member_id === applicant.id)).toBe(true);
    const unknown = await deliver(bounced("re_nobody"));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ result: "unknown-email" });
    const delivered = await deliver({ type: "email.delivered", data: { email_id: "re_bounce_1" } });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ result: "ignored" });
  });
});

describe("temporary and permanent bounces (Resend's data.bounce.type)", () => {
  it("a temporary bounce marks only the copy bounced, never the address bad; a permanent one marks it (docs/requirements.md §13)", async () => {
    const soft = { ...bounced("re_soft_1"), data: { email_id: "re_soft_1", bounce: { type: "Transient", subType: "MailboxFull", message: "Mailbox full" } } };
    expect(await (await deliver(soft)).json()).toMatchObject({ result: "bounced" });
    expect(await deliveryStatus(treasurer.id)).toBe("bounced");
    const mine = async () => (await badAddresses()).filter((row) => (row as { member_id: string }).member_id === treasurer.id);
    expect(await mine()).toEqual([]);
    const hard = { ...bounced("re_soft_1"), data: { email_id: "re_soft_1", bounce: { type: "Permanent", subType: "General", message: "No such user" } } };
    expect(await (await deliver(hard)).json()).toMatchObject({ result: "bounced" });
    expect(await mine()).toEqual([{ member_id: treasurer.id, email: treasurer.email, reason: "bounced", mailing_id: MAILING }]);
    await db((d) => d.prepare("DELETE FROM bad_addresses WHERE member_id = ?1").bind(treasurer.id).run());
  });
});

describe("Bad addresses (/accounts/bad-addresses)", () => {
  it("lists each bad address with the member's name linking to their page, what happened and when", async () => {
    const response = await client(server).as(demoAccount("treasurer").id).get("/accounts/bad-addresses");
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    const rows = page.all("table tbody tr");
    const texts = rows.map((row) => pageText(row));
    expect(texts.some((t) => t.includes("Sara Thomas") && t.includes(single.email) && t.includes("Marked as spam"))).toBe(true);
    expect(texts.some((t) => t.includes("Arun Joseph") && t.includes(member.email) && t.includes("Bounced"))).toBe(true);
    const link = page.all("table tbody a").find((a) => textOf(a) === "Sara Thomas");
    expect(link?.attribs.href).toBe(`/accounts/members/${single.id}`);
    // The back office's menu leads here.
    expect(page.all("a").some((a) => a.attribs.href === "/accounts/bad-addresses" && textOf(a) === "Bad addresses")).toBe(true);
  });

  it("an address corrected in Edit Member leaves the list", async () => {
    const form = { ...DEMO_FAMILY_FORM, email: "arun.new@example.org", status: "active", registrationPaid: "paid" };
    expect((await client(server).as(demoAccount("treasurer").id).post(`/accounts/members/${member.id}/edit`, form)).status).toBe(302);
    expect((await badAddresses()).some((row) => (row as { member_id: string }).member_id === member.id)).toBe(false);
    const page = pageText(await (await client(server).as(demoAccount("treasurer").id).get("/accounts/bad-addresses")).text());
    expect(page).not.toContain("Arun Joseph");
    expect(page).toContain("Sara Thomas");
  });

  it("is for accountants only: an editor, a member and a visitor are turned away", async () => {
    for (const who of [demoAccount("editor").id, demoAccount("single").id, null]) {
      const response = await client(server).as(who).get("/accounts/bad-addresses");
      expect(response.status, String(who)).toBe(302);
      expect(response.headers.get("Location"), String(who)).not.toContain("/accounts/bad-addresses");
    }
  });

  it("says so when there is none", async () => {
    await db((d) => d.prepare("DELETE FROM bad_addresses").run());
    const page = pageText(await (await client(server).as(demoAccount("treasurer").id).get("/accounts/bad-addresses")).text());
    expect(page).toContain("No bad addresses");
  });
});

describe("without a secret configured", () => {
  it("an unsigned or signed delivery is never trusted (400)", async () => {
    const bare = await startSeededServer();
    try {
      const body = JSON.stringify(bounced("re_bounce_1"));
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(`${bare.url}/webhooks/resend`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "svix-id": "msg_x",
          "svix-timestamp": timestamp,
          "svix-signature": `v1,${await svixSignature(SECRET, "msg_x", timestamp, body)}`,
        },
        body,
      });
      expect(response.status).toBe(400);
    } finally {
      await bare.stop();
    }
  });
});
