import { d1Donations } from "../d1/donations.server";
import { d1Donors } from "../d1/donors.server";
import { d1GiftAidClaims } from "../d1/gift-aid-claims.server";
import { d1GiftAidDeclarations } from "../d1/gift-aid-declarations.server";
import { d1GiftAidSettings } from "../d1/gift-aid-settings.server";
import { d1MailPreferences } from "../d1/mail-preferences.server";
import { d1BadAddresses } from "../d1/bad-addresses.server";
import { d1WebhookReceipts } from "../d1/webhook-receipts.server";
import { d1Events } from "../d1/events.server";
import { d1Outbox } from "../d1/outbox.server";
import { d1ContentVersion } from "../d1/content-version.server";
import { d1PracticeCheckouts } from "../d1/practice-checkouts.server";
import { d1RateLimits } from "../d1/rate-limits.server";
import { d1RenewalReminders } from "../d1/renewal-reminders.server";
import { d1MemberSessions } from "../d1/member-sessions.server";
import { d1TwoStep } from "../d1/two-step.server";
import { d1SignInCodes } from "../d1/sign-in-codes.server";
import { d1Refunds } from "../d1/refunds.server";
import type { Store } from "../port";
import { d1Mailings } from "../d1/mailings.server";
import { d1MailingDeliveries } from "../d1/mailing-deliveries.server";
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
 * site had no collection for (the outbox, the refunds, the rate limits, revoked sessions,
 * renewal reminders, the content version, practice checkouts, mailings, and Gift Aid's
 * declarations, claims, settings, donors and donations) stay in D1, through the same D1 repositories.
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
    tickets: cockpitTickets(client, db, bestEffort),
    events: d1Events(db),
    outbox: d1Outbox(db),
    activity: cockpitActivity(client),
    personalData: cockpitPersonalData(client, db),
    refunds: d1Refunds(db, { placesInD1: false }),
    rateLimits: d1RateLimits(db),
    memberSessions: d1MemberSessions(db),
    twoStep: d1TwoStep(db),
    signInCodes: d1SignInCodes(db),
    renewalReminders: d1RenewalReminders(db),
    contentVersion: d1ContentVersion(db),
    practiceCheckouts: d1PracticeCheckouts(db),
    // Member mailings (docs/requirements.md §13, ADR 73): D1 on both stores.
    mailings: d1Mailings(db),
    mailingDeliveries: d1MailingDeliveries(db),
    mailPreferences: d1MailPreferences(db),
    badAddresses: d1BadAddresses(db),
    webhookReceipts: d1WebhookReceipts(db),
    // Gift Aid and donations (docs/requirements.md §14, ADR 74): D1 on both stores.
    giftAidDeclarations: d1GiftAidDeclarations(db),
    giftAidClaims: d1GiftAidClaims(db),
    giftAidSettings: d1GiftAidSettings(db),
    donors: d1Donors(db),
    donations: d1Donations(db),
  };
}
