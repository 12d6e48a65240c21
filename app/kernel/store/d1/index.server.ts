import { d1Donations } from "./donations.server";
import { d1Donors } from "./donors.server";
import { d1GiftAidClaims } from "./gift-aid-claims.server";
import { d1GiftAidDeclarations } from "./gift-aid-declarations.server";
import { d1GiftAidSettings } from "./gift-aid-settings.server";
import { d1MailPreferences } from "./mail-preferences.server";
import { d1BadAddresses } from "./bad-addresses.server";
import { d1WebhookReceipts } from "./webhook-receipts.server";
import { d1Events } from "./events.server";
import type { Store } from "../port";
import { d1Mailings } from "./mailings.server";
import { d1MailingDeliveries } from "./mailing-deliveries.server";
import { d1Activity } from "./activity.server";
import { d1ContactInbox } from "./contact-inbox.server";
import { d1ContactMessages, d1Content, d1Documents } from "./content.server";
import { d1Members } from "./members.server";
import { d1Outbox } from "./outbox.server";
import { d1PersonalData } from "./personal-data.server";
import { d1ContentVersion } from "./content-version.server";
import { d1PracticeCheckouts } from "./practice-checkouts.server";
import { d1RateLimits } from "./rate-limits.server";
import { d1RenewalReminders } from "./renewal-reminders.server";
import { d1MemberSessions } from "./member-sessions.server";
import { d1TwoStep } from "./two-step.server";
import { d1SignInCodes } from "./sign-in-codes.server";
import { d1Refunds } from "./refunds.server";
import { d1Tickets } from "./tickets.server";
import { d1Transactions } from "./transactions.server";
import { d1TicketPaymentMethods } from "./ticket-payment-methods.server";

/** The D1 store; `media` (the MEDIA bucket) holds the documents' files (ADR 40). */
export function createD1Store(db: D1Database, media?: R2Bucket): Store {
  return {
    kind: "d1",
    content: d1Content(db),
    documents: d1Documents(db, media),
    contactMessages: { ...d1ContactMessages(db), ...d1ContactInbox(db) },
    members: d1Members(db),
    transactions: { ...d1Transactions(db), ...d1TicketPaymentMethods(db) },
    tickets: d1Tickets(db),
    events: d1Events(db),
    outbox: d1Outbox(db),
    activity: d1Activity(db),
    personalData: d1PersonalData(db),
    refunds: d1Refunds(db),
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
