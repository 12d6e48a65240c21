import type { SiteSettings } from "~/kernel/store/site-settings";
import type { EventFields } from "~/kernel/store/records";
import { d1Events } from "~/kernel/store/d1/events.server";
import { ID_SPACE, seedId } from "../../seed/ids";
import { openServerPlatform } from "./server-d1";
import type { SeededServer } from "./seeded-server";
import { sessionCookieFor } from "./session";

/** Helpers of the /book-ticket tests (test/integration/features/tickets/book-ticket*.test.ts). */

export const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The value an input is rendered with, or null when there is no such input. */
export function inputValue(html: string, name: string): string | null {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) return null;
  return /value="([^"]*)"/.exec(tag)?.[1] ?? "";
}

/** The selected option of a select, or null when there is no such select. */
export function selectedOption(html: string, id: string): string | null {
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`, "s").exec(html)?.[1];
  if (select === undefined) return null;
  return /<option[^>]*value="(\d+)"[^>]*selected=""/.exec(select)?.[1] ?? /<option[^>]*selected=""[^>]*value="(\d+)"/.exec(select)?.[1] ?? null;
}

export function client(base: () => string) {
  return {
    async get(path: string, userId?: string) {
      return fetch(`${base()}${path}`, { redirect: "manual", headers: userId ? { Cookie: await sessionCookieFor(userId) } : {} });
    },
    async post(path: string, fields: Record<string, string>, userId?: string) {
      const headers: Record<string, string> = { Origin: base(), "Content-Type": "application/x-www-form-urlencoded" };
      if (userId) headers.Cookie = await sessionCookieFor(userId);
      return fetch(`${base()}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
    },
  };
}

/** The demo Family's party as the form pre-fills it (seed/demo-members.ts). */
export const FAMILY_PARTY = {
  numberOfAdults: "2",
  adultName1: "Arun Joseph",
  adultName2: "Meera Joseph",
  numberOfParents: "0",
  numberOfChildrenAbove13: "1",
  above13Child1: "Anna Joseph",
  numberOfChildrenAbove5: "1",
  above5Child1: "Ben Joseph",
  numberOfChildrenBelow5: "1",
  below5Child1: "Clara Joseph",
};

export async function withDb<T>(server: SeededServer, use: (db: D1Database) => Promise<T>): Promise<T> {
  const { db, dispose } = await openServerPlatform(server.persistTo);
  try {
    return await use(db);
  } finally {
    await dispose();
  }
}

/** Changes the ticket settings in a server's D1 before the worker starts (they are cached once it runs). */
/** The seeded event's id (seed/demo.ts demoEventRecord): the one event open for booking in a test run. */
export const DEMO_EVENT_ID = seedId(ID_SPACE.eventRecord, 1);

/** Changes the booking side of the seeded event (ADR 60), in D1 on both stores. */
export async function changeTickets(db: D1Database, change: Partial<SiteSettings["tickets"]>) {
  const events = d1Events(db);
  const event = (await events.get(DEMO_EVENT_ID))!;
  await events.update(DEMO_EVENT_ID, { ...event, tickets: { ...event.tickets, ...change } });
}

/** Changes the seeded event's other fields (its capacity, date, venue ...). */
export async function changeEvent(db: D1Database, change: Partial<Omit<EventFields, "tickets">>) {
  const events = d1Events(db);
  const event = (await events.get(DEMO_EVENT_ID))!;
  await events.update(DEMO_EVENT_ID, { ...event, ...change });
}
