import type { CockpitEntry } from "~/kernel/store/cockpit/client.server";
import {
  documentToCockpit,
  eventToCockpit,
  galleryToCockpit,
  newsToCockpit,
  officeBearerToCockpit,
  pageToCockpit,
  previousTeamToCockpit,
  settingsToCockpit,
  slideToCockpit,
} from "~/kernel/store/cockpit/shapes-content";
import { USERLIST, memberToCockpit } from "~/kernel/store/cockpit/shapes-members";
import { TICKETS, ticketToCockpit } from "~/kernel/store/cockpit/shapes-tickets";
import { MEMBERTRANSACTIONS, transactionToCockpit } from "~/kernel/store/cockpit/shapes-transactions";
import { buildDemo, type DemoData } from "./demo";

/**
 * The demo site in Cockpit's shapes: the old site's collections and singletons as a Cockpit
 * holding the embedded default's demo would answer them (same ids, same times), for the
 * fake Cockpit (`npm run cockpit:fake -- seed/cockpit-demo.json`) and the contract tests.
 * Written through the adapter's own toCockpit functions (shapes-content.ts, and the member,
 * transaction and ticket shapes), so reading it back through the Cockpit adapter gives the
 * records the D1 seed writes.
 */

export interface CockpitDemo {
  collections: Record<string, CockpitEntry[]>;
  singletons: Record<string, Record<string, unknown>>;
}

/** The public content: every collection and singleton the public pages read, plus documents. */
export function cockpitDemoContent(demo: DemoData): CockpitDemo {
  return {
    collections: {
      homeBanner: demo.slides.map(slideToCockpit),
      officeBearers: demo.officeBearers.map((o) => officeBearerToCockpit(o, demo.now)),
      officeBearersHistory: demo.previousTeams.map(previousTeamToCockpit),
      eventCalender: demo.events.map(eventToCockpit),
      gallery: demo.galleries.map(galleryToCockpit),
      news: demo.news.map(newsToCockpit),
      documents: demo.documents.map(documentToCockpit),
    },
    singletons: {
      general: settingsToCockpit(demo.settings),
      aboutUs: pageToCockpit(demo.pages.aboutUs),
      aboutSchool: pageToCockpit(demo.pages.aboutSchool),
    },
  };
}

/** The demo accounts (seed/demo-accounts.ts, with their passwords) and their payments and tickets. */
export function cockpitDemoAccounts(demo: Pick<DemoData, "members" | "transactions" | "tickets">): CockpitDemo["collections"] {
  return {
    [USERLIST]: demo.members.map(memberToCockpit),
    [MEMBERTRANSACTIONS]: demo.transactions.map(transactionToCockpit),
    [TICKETS]: demo.tickets.map(ticketToCockpit),
  };
}

/** The whole demo in Cockpit's shapes, for one day (see buildDemo): content and accounts. */
export async function buildCockpitDemo(date = new Date()): Promise<CockpitDemo> {
  const demo = await buildDemo(date);
  const content = cockpitDemoContent(demo);
  return { collections: { ...content.collections, ...cockpitDemoAccounts(demo) }, singletons: content.singletons };
}
