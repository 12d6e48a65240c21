import { d1Outbox } from "../d1/outbox.server";
import { d1Refunds } from "../d1/refunds.server";
import type { Store } from "../port";
import { cockpitActivity } from "./activity.server";
import type { BestEffortOptions } from "./best-effort.server";
import type { CockpitClient } from "./client.server";
import { cockpitContactInbox } from "./contact-inbox.server";
import { cockpitContactMessages } from "./contact.server";
import { cockpitContent } from "./content.server";
import { cockpitDocuments } from "./documents.server";
import { cockpitMembers } from "./members.server";
import { cockpitPersonalData } from "./personal-data.server";
import { cockpitTickets } from "./tickets.server";
import { cockpitTransactions } from "./transactions.server";
import { cockpitTicketPaymentMethods } from "./ticket-payment-methods.server";

/**
 * The store over Cockpit (selected by CMS_API_URL): the old site's collections in Cockpit,
 * in their shapes (ADR 22, docs/requirements.md §12.2). The site's own records that the old
 * site had no collection for (the outbox, like rate limits, practice checkouts and sessions)
 * stay in D1.
 */
export function createCockpitStore(
  client: CockpitClient,
  db: D1Database,
  options: { assetsBase?: string; media?: R2Bucket; cmsSite?: string } & BestEffortOptions = {},
): Store {
  const bestEffort: BestEffortOptions = options.verifyDelayMs === undefined ? {} : { verifyDelayMs: options.verifyDelayMs };
  return {
    kind: "cockpit",
    content: cockpitContent(client, options.assetsBase),
    documents: cockpitDocuments(client, db, options.assetsBase, options.media, options.cmsSite),
    contactMessages: { ...cockpitContactMessages(client), ...cockpitContactInbox(client, db) },
    members: cockpitMembers(client),
    transactions: { ...cockpitTransactions(client, bestEffort), ...cockpitTicketPaymentMethods(client) },
    tickets: cockpitTickets(client, bestEffort),
    outbox: d1Outbox(db),
    activity: cockpitActivity(client),
    personalData: cockpitPersonalData(client, db),
    refunds: d1Refunds(db),
  };
}
