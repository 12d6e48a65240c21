import type { ContactMessagesRepository } from "../port";
import type { CockpitClient } from "./client.server";

/**
 * The contact form goes to Cockpit's `contactus` form (spec 1 §7): Cockpit stores it (when
 * the form saves entries) and mails it; it answers with the data only, no id. A mail
 * failure is a 200 that the client logs; an outage throws StoreUnavailableError, so the
 * contact page reports the failure and keeps what was typed.
 */
export function cockpitContactMessages(client: CockpitClient): ContactMessagesRepository {
  return {
    async create(message) {
      const { name, lastname, email, subject, notes } = message;
      await client.submitForm("contactus", { name, lastname, email, subject, notes });
    },
  };
}
