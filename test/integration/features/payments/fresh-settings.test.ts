import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettings } from "~/kernel/store/site-settings";
import { currentYear } from "~/kernel/dates/dates";
import { ANOTHER_TICKET_FIELD } from "~/features/tickets/ticket-booking";
import { ADMITTED_HEADER } from "~/features/door/door.server";
import { GENERAL_FIELDS } from "~/kernel/store/cockpit/shapes-content";
import { createD1Store } from "~/kernel/store/d1/index.server";
import type { Store } from "~/kernel/store/port";
import { createTicketWithCode } from "~/features/tickets/ticket-lookup.server";
import { DEMO_EVENT_ID, changeTickets, withDb } from "../../../support/book-ticket";
import { d1Events } from "~/kernel/store/d1/events.server";
import { ukToday } from "~/features/tickets";
import { cockpitDataFromD1 } from "../../../support/cockpit-mode";
import { startFakeCockpit, type FakeCockpit } from "../../../support/fake-cockpit";
import { newMember } from "../../../support/fixtures";
import { startSeededServer, type SeededServer } from "../../../support/seeded-server";
import { withServerStore } from "../../../support/server-store";
import { demoAccount, sessionCookieFor } from "../../../support/session";

/**
 * Fees, prices and the door's events are read from the store for every payment, booking
 * and admission, never from the visitors' content cache (fresh for a minute, kept for a
 * day while the CMS is down): the cache is warmed, the settings changed in the store, and
 * the very next renewal, booking and SAVE at the door follow the change. On D1, and on
 * Cockpit (a fake Cockpit holding the same data, as the site's store). Practice checkout.
 */

const YEAR = currentYear();
const EVENT = "Fresh Price Party";
const CODE = "FRSHHH22";
const accountant = demoAccount("treasurer").id;

for (const kind of ["d1", "cockpit"] as const) {
  describe(`settings read fresh for payments and the door (${kind})`, () => {
    const people = {
      renewer: newMember({ fullName: "Fresh Renewer", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: YEAR - 1 }),
      booker: newMember({ fullName: "Fresh Booker", membership: "Single", active: true, registrationPaid: true, lastRenewedYear: YEAR }),
    };
    const ids = {} as Record<keyof typeof people, string>;
    let server: SeededServer;
    let cockpit: FakeCockpit | undefined;

    beforeAll(async () => {
      const vars: Record<string, string> = {};
      const date = new Date();
      server = await startSeededServer({
        vars,
        prepare: async (db) => {
          const store = createD1Store(db);
          await changeTickets(db, { type: "Individual", pattern: "A", title: EVENT, lastBookingDate: `${YEAR}-12-20`, singlePrice: 1000 });
          for (const key of Object.keys(people) as Array<keyof typeof people>) ids[key] = (await store.members.register(people[key])).id;
          const ticket = await createTicketWithCode(
            store,
            {
              userId: ids.booker,
              eventId: DEMO_EVENT_ID,
              title: EVENT,
              email: "fresh@example.org",
              membership: "Single",
              year: YEAR,
              price: 1000,
              attendees: [{ band: "adult", position: 1, name: "Fresh Booker" }],
            },
            () => CODE,
          );
          await store.tickets.markPaid(ticket.id);
          if (kind === "cockpit") {
            // The server's store is a fake Cockpit holding what was just seeded (read when
            // startSeededServer passes `vars` to the worker, after this).
            cockpit = await startFakeCockpit(await cockpitDataFromD1(db, date));
            Object.assign(vars, { CMS_API_URL: cockpit.url, CMS_API_TOKEN: cockpit.token });
          }
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await cockpit?.stop();
    });

    const store = <T>(work: (store: Store) => Promise<T>) => withServerStore({ ...server, cockpit }, work);

    /** Changes the settings in the store the server reads, as an editor would in the CMS (pence; Cockpit keeps pounds). */
    async function changeSettings(change: { singleRenewFee?: number; singlePrice?: number; title?: string }) {
      if (cockpit) {
        const general = cockpit.data.singletons.general!;
        if (change.singleRenewFee !== undefined) general[GENERAL_FIELDS.singleRenewFee] = change.singleRenewFee / 100;
        if (change.singlePrice !== undefined) general[GENERAL_FIELDS.singlePrice] = change.singlePrice / 100;
        if (change.title !== undefined) general[GENERAL_FIELDS.ticketTitle] = change.title;
        return;
      }
      await withDb(server, async (db) => {
        const row = await db.prepare("SELECT data FROM singletons WHERE name = 'general'").first<{ data: string }>();
        const settings = JSON.parse(row!.data) as SiteSettings;
        if (change.singleRenewFee !== undefined) settings.membership.singleRenewFee = change.singleRenewFee;
        if (change.singlePrice !== undefined) settings.tickets.singlePrice = change.singlePrice;
        if (change.title !== undefined) settings.tickets.title = change.title;
        await db.prepare("UPDATE singletons SET data = ? WHERE name = 'general'").bind(JSON.stringify(settings)).run();
      });
    }

    async function request(path: string, userId: string | null, fields?: Array<[string, string]>) {
      const headers: Record<string, string> = userId ? { Cookie: await sessionCookieFor(userId) } : {};
      if (!fields) return fetch(`${server.url}${path}`, { redirect: "manual", headers });
      return fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    }

    /** Every page that reads the settings through the content cache, so the old values are cached. */
    async function warmTheCache() {
      for (const [path, userId] of [
        ["/", null],
        ["/contact", null],
        ["/mem-account", ids.renewer],
        ["/book-ticket", ids.booker],
      ] as const) {
        expect((await request(path, userId)).status, path).toBe(200);
      }
    }

    it("a renewal fee changed in the store is charged by the next renewal", async () => {
      await warmTheCache();
      await changeSettings({ singleRenewFee: 1234 });
      const renew = await request("/mem-account", ids.renewer, []);
      expect(renew.status).toBe(303);
      expect(renew.headers.get("Location")).toMatch(/^\/practice-checkout\//);
      const pending = await store((s) => s.transactions.listByUser(ids.renewer, "pending"));
      expect(pending.map((t) => t.unitAmount * t.qty)).toEqual([1234]);
    });

    it("a ticket price changed on the event is charged by the next booking (events are read from D1, never a cache: ADR 60)", async () => {
      await warmTheCache();
      await withDb(server, (db) => changeTickets(db, { singlePrice: 1777 }));
      const book = await request("/book-ticket", ids.booker, [
        ["numberOfAdults", "1"],
        ["adultName1", "Fresh Booker"],
        [ANOTHER_TICKET_FIELD, "yes"],
      ]);
      expect(book.status, await book.clone().text()).toBe(303);
      const tickets = await store((s) => s.tickets.listByUser(ids.booker));
      expect(tickets.filter((t) => !t.paid).map((t) => t.price)).toEqual([1777]);
    });

    it("the door checks against the events the store holds now (docs/requirements.md §5.8)", async () => {
      await warmTheCache();
      expect((await request(`/scan-qr-code?code=${CODE}`, accountant)).status).toBe(200);
      // Another event, dated today, is added (events are in D1 on both stores): it is now the door's default.
      const today = ukToday(Math.floor(Date.now() / 1000));
      await withDb(server, async (db) => {
        const events = d1Events(db);
        const demo = (await events.get(DEMO_EVENT_ID))!;
        await events.create({ ...demo, date: today, tickets: { ...demo.tickets, title: "Another Party" } });
      });
      const refused = await request("/scan-qr-code", accountant, [
        ["code", CODE],
        ["person", "adult-1"],
      ]);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(`This ticket is for ${EVENT}`);
      // Its own event chosen, the ticket is admitted.
      const admitted = await request("/scan-qr-code", accountant, [
        ["code", CODE],
        ["event", DEMO_EVENT_ID],
        ["person", "adult-1"],
      ]);
      expect(admitted.status).toBe(302);
      expect(admitted.headers.get(ADMITTED_HEADER)).toBe("1");
    });
  });
}
