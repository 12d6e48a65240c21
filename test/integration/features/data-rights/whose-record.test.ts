import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyData } from "~/features/data-rights/my-data";
import type { Store } from "~/kernel/store/port";
import { DEMO_FAMILY_FORM } from "../../../support/account-forms";
import { formPost } from "../../../support/password-reset";
import { withServerStore } from "../../../support/server-store";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/** The Family demo member's Edit Account form with the spouse's e-mail replaced. */
const memberFormWithSpouseEmail = (spouseEmail: string) => ({ ...DEMO_FAMILY_FORM, spouseEmail });

let sequence = 0;

/**
 * Whose is this record (docs/security.md): a member's data rights find e-mails and messages
 * by the member's id, written on each when it was made, never by an address. A spouse's
 * e-mail address is typed freely and nobody verifies it: setting it to another person's
 * address gave the download that person's reset link (account takeover) and made erasure
 * delete their mail. On both stores (a fake Cockpit as the site's store for the second), each
 * on a private server of its own: it changes members and erases one.
 */
for (const kind of ["d1", "cockpit"] as const) {
  describe(`whose is this record (${kind})`, () => {
    let server: SeededServer;
    beforeAll(async () => {
      server = await startSeededServer({ store: kind });
    });
    afterAll(async () => {
      await server?.stop();
    });

    const post = (path: string, fields: Record<string, string>, cookie?: string) =>
      formPost(server.url, path, fields, { ip: `198.51.100.${++sequence}`, cookie });
    const myData = async (cookie: string): Promise<{ status: number; body: string; data: MyData | null }> => {
      const response = await fetch(`${server.url}/account/data.json`, { redirect: "manual", headers: { Cookie: cookie } });
      const body = await response.text();
      return { status: response.status, body, data: response.status === 200 ? (JSON.parse(body) as MyData) : null };
    };
    /** The store the server keeps now: D1, or the fake Cockpit with D1 beside it. */
    const inStore = <T>(work: (store: Store) => Promise<T>) => withServerStore(server, work);

    const member = demoAccount("member");

    describe("a member who types someone else's address as their spouse's", () => {
      it("cannot read the treasurer's reset link through Download my data (the reported takeover, replayed)", async () => {
        const treasurer = demoAccount("treasurer");
        const memberCookie = await sessionCookieFor(member.id);
        // 1. The member sets the treasurer's address as the spouse's, nothing else changed.
        expect((await post("/amend-account", memberFormWithSpouseEmail(treasurer.email), memberCookie)).status).toBe(302);
        // 2. Anyone asks for a reset of the treasurer's password.
        expect((await post("/forgot-password", { email: treasurer.email })).status).toBe(302);
        // 3. The member downloads their data: nothing sent to the treasurer, and no reset link at all.
        const { status, body, data } = await myData(memberCookie);
        expect(status).toBe(200);
        expect(data!.household.spouse?.email).toBe(treasurer.email);
        expect(data!.emails.filter((email) => email.to.includes(treasurer.email))).toEqual([]);
        expect(body).not.toContain("/reset-account-password/");
        // The reset e-mail was written as the treasurer's, so it is in nobody else's download.
        const sent = await inStore(async (store) => (await store.outbox.list({ page: 0, pageSize: 50 })).rows);
        const reset = sent.find((email) => email.purpose === "reset-password" && email.to.includes(treasurer.email));
        expect(reset?.memberId).toBe(treasurer.id);
        expect(body).not.toContain(reset!.id);
      });
    });

    describe("member A sets member B's address as her spouse's; B's mail stays B's", () => {
      const a = demoAccount("member");
      const b = demoAccount("single");

      it("A's download holds none of B's e-mails or messages, and erasing A removes nothing of B's", async () => {
        const aCookie = await sessionCookieFor(a.id);
        const bCookie = await sessionCookieFor(b.id);
        expect((await post("/amend-account", memberFormWithSpouseEmail(b.email), aCookie)).status).toBe(302);

        // B receives a reset link and writes to the association signed in; the association answers.
        expect((await post("/forgot-password", { email: b.email })).status).toBe(302);
        const message = { name: "Sara", lastname: "Thomas", email: b.email, subject: "Hall booking for B", notes: "Is the hall free?" };
        expect((await post("/contact", message, bCookie)).status).toBe(302);
        // B's payment link, receipt, ticket and the contact reply, as their services write them:
        // to B's address, about B.
        await inStore(async (store) => {
          for (const purpose of ["payment-link", "receipt", "ticket-confirmation", "contact-reply"]) {
            await store.outbox.add(
              { to: [b.email], subject: `B's ${purpose}`, html: `<p>${purpose}</p>`, text: `${purpose} https://mma.example/x/token`, purpose, memberId: b.id },
              "stored",
              "outbox",
            );
          }
        });
        const bBefore = await inStore(async (store) => ({
          emails: (await store.personalData.outboxAbout(b.id)).map((email) => email.id).sort(),
          messages: (await store.personalData.contactMessagesBy(b.id)).map((m) => m.id),
        }));
        expect(bBefore.emails.length).toBeGreaterThanOrEqual(5);
        expect(bBefore.messages).toHaveLength(1);

        // A's download: nothing to B's address, nothing about B, not B's message.
        const { data } = await myData(aCookie);
        expect(data!.emails.filter((email) => email.to.includes(b.email))).toEqual([]);
        expect(data!.emails.map((email) => email.id).filter((id) => bBefore.emails.includes(id))).toEqual([]);
        expect(data!.contactMessages.filter((m) => m.email === b.email)).toEqual([]);

        // B's own download has them, with every link removed.
        const own = await myData(bCookie);
        expect(own.data!.emails.map((email) => email.id).sort()).toEqual(bBefore.emails);
        expect(own.data!.contactMessages.map((m) => m.subject)).toEqual(["Hall booking for B"]);
        expect(own.body).not.toMatch(/https?:\/\//);

        // The treasurer erases A: B's e-mails and message are all still there.
        const erased = await post(`/accounts/members/${a.id}/erase`, {}, await sessionCookieFor(demoAccount("treasurer").id));
        expect(erased.status).toBe(302);
        const bAfter = await inStore(async (store) => ({
          emails: (await store.personalData.outboxAbout(b.id)).map((email) => email.id).sort(),
          messages: (await store.personalData.contactMessagesBy(b.id)).map((m) => m.id),
          inbox: (await store.contactMessages.listInbox({ page: 0, pageSize: 50 })).rows.map((m) => m.subject),
        }));
        expect(bAfter.emails).toEqual(bBefore.emails);
        expect(bAfter.messages).toEqual(bBefore.messages);
        expect(bAfter.inbox).toContain("Hall booking for B");
      });
    });
  });
}
