import type { BadAddress, ConsentSource, DeliveryStatus, MailPreferenceChange, MailPreferences, MailingDelivery } from "~/kernel/store/records";

/**
 * What "Download my data" holds of a member's mail (UK GDPR art. 15, docs/requirements.md §8.2,
 * §13): their choices, every change of them, the mailings sent to them and the addresses that
 * bounced. Pure: the service gathers the records, this shapes them. Times are Unix seconds, as
 * the rest of the download's.
 */
export interface MailData {
  preferences: {
    newsletters: "yes" | "no" | "not asked";
    newslettersSource: ConsentSource | null;
    newslettersAt: number | null;
    notices: "yes" | "no";
    noticesAt: number | null;
  };
  preferenceChanges: Array<{ topic: MailPreferenceChange["topic"]; given: boolean; source: ConsentSource; mailing: string | null; at: number }>;
  deliveries: Array<{ mailing: string; status: DeliveryStatus; at: number }>;
  badAddresses: Array<{ email: string; reason: BadAddress["reason"]; at: number }>;
}

export function mailData(input: {
  preferences: MailPreferences | null;
  changes: MailPreferenceChange[];
  deliveries: MailingDelivery[];
  badAddresses: BadAddress[];
  /** Each mailing's subject by its id (a mailing since deleted shows as "(a mailing)"). */
  subjects: Map<string, string>;
}): MailData {
  const p = input.preferences;
  const subject = (id: string) => input.subjects.get(id) ?? "(a mailing)";
  return {
    preferences: {
      newsletters: p?.newsletters ?? "not asked",
      newslettersSource: p?.newslettersSource ?? null,
      newslettersAt: p?.newslettersAt ?? null,
      notices: p?.notices ?? "yes",
      noticesAt: p?.noticesAt ?? null,
    },
    preferenceChanges: input.changes.map((c) => ({
      topic: c.topic,
      given: c.given,
      source: c.source,
      mailing: c.mailingId ? subject(c.mailingId) : null,
      at: c.at,
    })),
    // Never the provider's id, batch or error text: they are the sending's, not the member's.
    deliveries: input.deliveries.map((d) => ({ mailing: subject(d.mailingId), status: d.status, at: d.updatedAt })),
    badAddresses: input.badAddresses.map((b) => ({ email: b.email, reason: b.reason, at: b.at })),
  };
}

/** A member with no mail records: never asked, notices on, nothing sent. */
export const NO_MAIL_DATA: MailData = mailData({ preferences: null, changes: [], deliveries: [], badAddresses: [], subjects: new Map() });
