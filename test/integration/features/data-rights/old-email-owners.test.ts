import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/kernel/store/ids";
import { withServerD1 } from "../../../support/server-d1";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import type { MyData } from "~/features/data-rights/my-data";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * E-mails written before they carried a member id, on a site whose members are not beside
 * the outbox (Cockpit) or were not when the migration ran: the daily run looks each one's
 * recipient up among the members' own addresses through the store (migration 0022,
 * app/features/data-rights/email-owners.server.ts), and "Download my data" then has them. On
 * both stores, each on a server of its own: it runs the daily handler.
 */
const member = demoAccount("member");

for (const kind of ["d1", "cockpit"] as const) {
  describe(`older e-mails find their member in the daily run (${kind})`, () => {
    const ids = { own: newId(), spouse: newId(), stranger: newId() };
    let server: SeededServer;
    beforeAll(async () => {
      server = await startSeededServer({
        store: kind,
        prepare: async (db) => {
          // As the code before member ids wrote them, and as migration 0022 marked them (yesterday: within retention).
          const yesterday = Math.floor(Date.now() / 1000) - 24 * 60 * 60;
          const old = (id: string, to: string) =>
            db
              .prepare(
                "INSERT INTO outbox (id, recipients, subject, html, text, purpose, status, provider, created_at, updated_at, owner_unknown) VALUES (?, ?, 'Your receipt', '<p>Paid</p>', 'Paid', 'receipt', 'stored', 'outbox', ?, ?, 1)",
              )
              .bind(id, JSON.stringify([to]), yesterday, yesterday);
          await db.batch([old(ids.own, member.email.toUpperCase()), old(ids.spouse, "meera@example.org"), old(ids.stranger, "nobody@example.net")]);
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    const owners = () =>
      withServerD1(server.persistTo, async (db) => {
        const { results } = await db
          .prepare(`SELECT id, member_id, owner_unknown FROM outbox WHERE id IN (?, ?, ?)`)
          .bind(ids.own, ids.spouse, ids.stranger)
          .all<{ id: string; member_id: string | null; owner_unknown: number }>();
        return Object.fromEntries(results.map((row) => [row.id, [row.member_id, row.owner_unknown]]));
      });

    it("gives the e-mail to the member whose own address it went to, and the others to nobody, each asked once", async () => {
      expect(await owners()).toEqual({ [ids.own]: [null, 1], [ids.spouse]: [null, 1], [ids.stranger]: [null, 1] });
      expect(await server.scheduled(new Date())).toBe("ok");
      // The spouse's address is the demo Family's, typed by the member: never theirs.
      expect(await owners()).toEqual({ [ids.own]: [member.id, 0], [ids.spouse]: [null, 0], [ids.stranger]: [null, 0] });
      const download = await fetch(`${server.url}/account/data.json`, { headers: { Cookie: await sessionCookieFor(member.id) } });
      const emails = ((await download.json()) as MyData).emails.map((email) => email.id);
      expect(emails).toContain(ids.own);
      expect(emails).not.toContain(ids.spouse);
    });
  });
}
