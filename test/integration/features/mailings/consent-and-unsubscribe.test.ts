import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "~/features/mailings/unsubscribe/unsubscribe-token.server";
import { client } from "../../../support/client";
import { parseHtml, pageText } from "../../../support/html";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerD1 } from "../../../support/server-d1";
import { withServerStore } from "../../../support/server-store";
import { demoAccount, devEnv } from "../../../support/session";
import { singleSignup, uniqueSignupEmail } from "../../../support/signup";
import { DEMO_FAMILY_FORM } from "../../../support/account-forms";

/**
 * Newsletter consent and one-click unsubscribe (docs/requirements.md §13, RFC 8058): consent given
 * at sign-up, on Edit Account and by an accountant is kept with its source; the unsubscribe link
 * changes nothing on GET, changes once on POST (from the page or a mail client anywhere), and a
 * link we did not make gets a clear 400 page. A private server: these tests change members' choices.
 */

let server: SeededServer;
const MAILING = "a1a1a1a1a1a1a1a1a1a1a1a1";
const NOTICE = "b2b2b2b2b2b2b2b2b2b2b2b2";
const member = demoAccount("member");
const single = demoAccount("single");

beforeAll(async () => {
  server = await startSeededServer({
    prepare: async (db) => {
      const now = Math.floor(Date.now() / 1000);
      const insert = db.prepare(
        `INSERT INTO mailings (id, kind, subject, audience, status, created_by, updated_by, created_at, updated_at) VALUES (?1, ?2, ?3, '{"kind":"active"}', 'sent', ?4, ?4, ?5, ?5)`,
      );
      await db.batch([
        insert.bind(MAILING, "newsletter", "Autumn newsletter", demoAccount("editor").id, now),
        insert.bind(NOTICE, "notice", "AGM notice", demoAccount("editor").id, now),
        db
          .prepare(
            "INSERT INTO mailing_deliveries (mailing_id, member_id, email, first_name, status, batch, provider_id, updated_at) VALUES (?1, ?2, ?3, 'Arun', 'sent', 0, NULL, ?4)",
          )
          .bind(MAILING, member.id, member.email, now),
      ]);
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

interface Preferences {
  newsletters: string | null;
  newsletters_source: string | null;
  notices: string;
}
const preferencesOf = (memberId: string) =>
  withServerD1(server.persistTo, (db) =>
    db.prepare("SELECT newsletters, newsletters_source, notices FROM mail_preferences WHERE member_id = ?1").bind(memberId).first<Preferences>(),
  );
const changesOf = (memberId: string) =>
  withServerD1(
    server.persistTo,
    async (db) =>
      (
        await db
          .prepare("SELECT topic, given, source, mailing_id FROM mail_preference_changes WHERE member_id = ?1 ORDER BY at, id")
          .bind(memberId)
          .all<{ topic: string; given: number; source: string; mailing_id: string | null }>()
      ).results,
  );
/** Through the site's own store: the members are in D1, or in the Cockpit run in its fake Cockpit. */
const memberIdByEmail = (email: string) => withServerStore(server, async (store) => (await store.members.findByEmail(email))!.id);

const tokenFor = (memberId: string, kind: "newsletter" | "notice", mailingId: string) =>
  unsubscribeToken(devEnv.LINK_SIGNING_SECRET, { memberId, kind, mailingId });

describe("newsletter consent is asked, unticked, and kept with its date and source", () => {
  it("sign-up shows the unticked box; ticked, the applicant's consent is recorded from sign-up", async () => {
    const page = parseHtml(await (await client(server).get("/signup")).text());
    const box = page.one('input[name="newsletters"]');
    expect(box?.attribs.type).toBe("checkbox");
    expect(box?.attribs.checked).toBeUndefined();
    expect(pageText(page.document)).toContain("Send me the association's newsletters");

    const yes = uniqueSignupEmail("news-yes");
    expect((await client(server).post("/signup", { ...singleSignup(yes), newsletters: "on" })).status).toBe(302);
    const yesId = await memberIdByEmail(yes);
    expect(await preferencesOf(yesId)).toMatchObject({ newsletters: "yes", newsletters_source: "sign-up" });
    expect(await changesOf(yesId)).toEqual([{ topic: "newsletters", given: 1, source: "sign-up", mailing_id: null }]);

    const no = uniqueSignupEmail("news-no");
    expect((await client(server).post("/signup", singleSignup(no))).status).toBe(302);
    expect(await preferencesOf(await memberIdByEmail(no))).toMatchObject({ newsletters: "no", newsletters_source: "sign-up" });
  });

  it("My Account says 'Not asked' for an existing member; Edit Account records a change from my-account, once", async () => {
    const account = client(server).as(single.id);
    const before = parseHtml(await (await account.get("/mem-account")).text());
    expect(pageText(before.document)).toMatch(/Newsletters\s+Not asked/);

    const form = parseHtml(await (await account.get("/amend-account")).text());
    expect(form.one('input[name="newsletters"]')?.attribs.checked).toBeUndefined();

    const details = {
      title: "Miss",
      fullName: "Sara Thomas",
      address: "7 Oxford Road",
      city: "Manchester",
      county: "",
      postcode: "M1 7ED",
      mobile: "07700900003",
      membership: "Single",
    };
    expect((await account.post("/amend-account", { ...details, newsletters: "on" })).status).toBe(302);
    expect(await preferencesOf(single.id)).toMatchObject({ newsletters: "yes", newsletters_source: "my-account" });
    // Saving again with the same choice writes no second change.
    expect((await account.post("/amend-account", { ...details, newsletters: "on" })).status).toBe(302);
    expect(await changesOf(single.id)).toEqual([{ topic: "newsletters", given: 1, source: "my-account", mailing_id: null }]);

    const after = parseHtml(await (await account.get("/mem-account")).text());
    expect(pageText(after.document)).toMatch(/Newsletters\s+Yes, since \d\d-\d\d-\d{4}/);
    const ticked = parseHtml(await (await account.get("/amend-account")).text());
    expect(ticked.one('input[name="newsletters"]')?.attribs.checked).toBeDefined();
  });

  it("an accountant's Edit Member shows the choice and sets it, with 'accountant' as the source", async () => {
    const accountant = client(server).as(demoAccount("treasurer").id);
    const page = await (await accountant.get(`/accounts/members/${member.id}/edit`)).text();
    expect(pageText(page)).toContain("The member's choice now: Not asked.");
    const form = { ...DEMO_FAMILY_FORM, email: member.email, status: "active", registrationPaid: "paid" };
    // Saved with the box unticked: the member was not asked, so "not asked" stays.
    expect((await accountant.post(`/accounts/members/${member.id}/edit`, form)).status).toBe(302);
    expect(await preferencesOf(member.id)).toBeNull();
    const response = await accountant.post(`/accounts/members/${member.id}/edit`, { ...form, newsletters: "on" });
    expect(response.status).toBe(302);
    expect(await preferencesOf(member.id)).toMatchObject({ newsletters: "yes", newsletters_source: "accountant" });
    // The back office's change is in the activity log, about the member.
    const log = pageText(await (await accountant.get("/accounts/activity")).text());
    expect(log).toContain("Deepa Menon recorded that member");
    expect(log).toMatch(/Arun Joseph[^.]* wants the newsletters\./);
  });
});

describe("one-click unsubscribe (/unsubscribe/:token)", () => {
  it("GET shows the member what they are unsubscribing from and one button, and changes nothing", async () => {
    const before = await preferencesOf(member.id);
    const response = await client(server).get(`/unsubscribe/${await tokenFor(member.id, "newsletter", MAILING)}`);
    expect(response.status).toBe(200);
    const page = parseHtml(await response.text());
    const text = pageText(page.document);
    expect(text).toContain("Hello Arun,");
    expect(text).toContain('This link came with the e-mail "Autumn newsletter".');
    expect(page.all('form[method="post"] button[type="submit"]').map((b) => pageText(b).trim())).toContain("Stop newsletters");
    expect(text).toContain("Membership notices");
    expect(text).toContain("To leave the association");
    expect(await preferencesOf(member.id)).toEqual(before);
  });

  it("a one-click POST from a mail client elsewhere (cross-site) withdraws newsletter consent, records the mailing, and is idempotent", async () => {
    const token = await tokenFor(member.id, "newsletter", MAILING);
    const oneClick = () =>
      fetch(`${server.url}/unsubscribe/${token}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" },
        body: "List-Unsubscribe=One-Click",
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(pageText(await first.text())).toContain("You will not receive any more newsletters.");
    expect(await preferencesOf(member.id)).toMatchObject({ newsletters: "no", newsletters_source: "unsubscribe", notices: "yes" });
    expect((await oneClick()).status).toBe(200);
    const unsubscribes = (await changesOf(member.id)).filter((c) => c.source === "unsubscribe");
    expect(unsubscribes).toEqual([{ topic: "newsletters", given: 0, source: "unsubscribe", mailing_id: MAILING }]);
  });

  it("a notice's link stops notices (the page's own button) and says membership e-mails still come", async () => {
    const token = await tokenFor(single.id, "notice", NOTICE);
    const page = pageText(await (await client(server).get(`/unsubscribe/${token}`)).text());
    expect(page).toContain("Stop membership notices");
    const response = await client(server).post(`/unsubscribe/${token}`, {});
    expect(response.status).toBe(200);
    const text = pageText(await response.text());
    expect(text).toContain("You will not receive any more membership notices or newsletters.");
    expect(text).toContain("renewal reminders, receipts for your payments and your tickets");
    // Stopping even the notices withdraws the newsletter consent given before (docs/requirements.md §13.8).
    expect(await preferencesOf(single.id)).toMatchObject({ notices: "no", newsletters: "no", newsletters_source: "unsubscribe" });
    const unsubscribes = (await changesOf(single.id)).filter((c) => c.source === "unsubscribe");
    expect(unsubscribes.sort((a, b) => a.topic.localeCompare(b.topic))).toEqual([
      { topic: "newsletters", given: 0, source: "unsubscribe", mailing_id: NOTICE },
      { topic: "notices", given: 0, source: "unsubscribe", mailing_id: NOTICE },
    ]);
  });

  it("a bad or forged token gets a clear page (400) on GET and POST, and nothing changes", async () => {
    const real = await tokenFor(demoAccount("editor").id, "newsletter", MAILING);
    const forged = `${real.slice(0, -4)}AAAA`;
    const otherSecret = await unsubscribeToken("another-secret-entirely-not-ours-0000", {
      memberId: demoAccount("editor").id,
      kind: "newsletter",
      mailingId: MAILING,
    });
    for (const token of ["not-a-token", forged, otherSecret, "a.b.c"]) {
      const get = await client(server).get(`/unsubscribe/${encodeURIComponent(token)}`);
      expect(get.status, token).toBe(400);
      expect(pageText(await get.text())).toContain("This link does not work");
      const post = await client(server).post(`/unsubscribe/${encodeURIComponent(token)}`, { "List-Unsubscribe": "One-Click" });
      expect(post.status, token).toBe(400);
      await post.body?.cancel();
    }
    expect(await preferencesOf(demoAccount("editor").id)).toBeNull();
  });
});

describe("membership notices stopped by a one-click unsubscribe can be started again", () => {
  it("My Account says they are stopped; Edit Account starts them again only when its box is ticked, recorded from my-account (docs/requirements.md §13)", async () => {
    const account = client(server).as(single.id);
    await withServerD1(server.persistTo, (db) =>
      db
        .prepare("INSERT INTO mail_preferences (member_id, notices, notices_at) VALUES (?1, 'no', 1) ON CONFLICT (member_id) DO UPDATE SET notices = 'no'")
        .bind(single.id)
        .run(),
    );
    const stopped = parseHtml(await (await account.get("/mem-account")).text());
    expect(pageText(stopped.document)).toMatch(/Membership notices\s+Stopped\. You can start them again on Edit Account\./);
    const form = parseHtml(await (await account.get("/amend-account")).text());
    const box = form.one('input[name="restartNotices"]');
    expect(box?.attribs.type).toBe("checkbox");
    expect(box?.attribs.checked).toBeUndefined();

    const details = {
      title: "Miss",
      fullName: "Sara Thomas",
      address: "7 Oxford Road",
      city: "Manchester",
      county: "",
      postcode: "M1 7ED",
      mobile: "07700900003",
      membership: "Single",
      newsletters: "on",
    };
    // Saved without the box: they stay stopped.
    expect((await account.post("/amend-account", details)).status).toBe(302);
    expect((await preferencesOf(single.id))?.notices).toBe("no");
    expect((await account.post("/amend-account", { ...details, restartNotices: "on" })).status).toBe(302);
    expect((await preferencesOf(single.id))?.notices).toBe("yes");
    expect((await changesOf(single.id)).filter((change) => change.topic === "notices" && change.given === 1)).toEqual([
      { topic: "notices", given: 1, source: "my-account", mailing_id: null },
    ]);
    // Coming again, the box and the line are gone.
    expect(parseHtml(await (await account.get("/amend-account")).text()).one('input[name="restartNotices"]')).toBeNull();
    expect(pageText(parseHtml(await (await account.get("/mem-account")).text()).document)).not.toContain("Membership notices");
  });
});

describe("Download my data and erasure cover the mail records", () => {
  it("the member's download holds their choices, changes and deliveries (mailing subject, status)", async () => {
    const response = await client(server).as(member.id).get("/account/data.json");
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      mail: {
        preferences: { newsletters: string };
        preferenceChanges: Array<{ source: string; mailing: string | null }>;
        deliveries: Array<{ mailing: string; status: string }>;
      };
    };
    expect(data.mail.preferences.newsletters).toBe("no");
    expect(data.mail.preferenceChanges.map((c) => [c.source, c.mailing]).sort()).toEqual([
      ["accountant", null],
      ["unsubscribe", "Autumn newsletter"],
    ]);
    expect(data.mail.deliveries).toEqual([expect.objectContaining({ mailing: "Autumn newsletter", status: "sent" })]);
  });

  it("erasing a member deletes their mail choices, changes, deliveries and bad addresses", async () => {
    const email = uniqueSignupEmail("erase-mail");
    await client(server).post("/signup", { ...singleSignup(email), newsletters: "on" });
    const id = await memberIdByEmail(email);
    await withServerD1(server.persistTo, (db) =>
      db.batch([
        db
          .prepare("INSERT INTO mailing_deliveries (mailing_id, member_id, email, status, batch, updated_at) VALUES (?1, ?2, ?3, 'bounced', 0, 1)")
          .bind(MAILING, id, email),
        db.prepare("INSERT INTO bad_addresses (member_id, email, reason, at) VALUES (?1, ?2, 'bounced', 1)").bind(id, email),
      ]),
    );
    const erase = await client(server).as(demoAccount("treasurer").id).post(`/accounts/members/${id}/erase`, {});
    expect(erase.status).toBeLessThan(400);
    const left = await withServerD1(server.persistTo, (db) =>
      Promise.all(
        ["mail_preferences", "mail_preference_changes", "mailing_deliveries", "bad_addresses"].map(
          async (table) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?1`).bind(id).first<{ n: number }>())!.n,
        ),
      ),
    );
    expect(left).toEqual([0, 0, 0, 0]);
  });
});
