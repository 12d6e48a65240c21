import type { ContactMessage } from "../records";
import type { ContactMessagesRepository } from "../port";
import type { CockpitClient, FormEntry } from "./client.server";
import { seconds } from "./shapes-loose";

/** The old site's contact form in Cockpit (docs/requirements.md §12.2). */
export const CONTACT_FORM = "contactus";

/**
 * The contact form goes to Cockpit's `contactus` form (docs/requirements.md §12.2): Cockpit stores it (when
 * the form saves entries) and mails it; it answers with the data only, no id. A mail
 * failure is a 200 that the client logs; an outage throws StoreUnavailableError, so the
 * contact page reports the failure and keeps what was typed.
 */
export function cockpitContactMessages(client: CockpitClient): Pick<ContactMessagesRepository, "create"> {
  return {
    async create(message) {
      const { name, lastname, email, subject, notes, memberId } = message;
      // The signed-in sender's id goes with the entry (Cockpit keeps any field a form is sent),
      // so data rights find the message by id; a visitor's has none.
      await client.submitForm(CONTACT_FORM, { name, lastname, email, subject, notes, ...(memberId ? { memberId } : {}) });
    },
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** Every message the contact form kept, oldest first, read back with forms/export. */
export async function readContactMessages(client: CockpitClient): Promise<ContactMessage[]> {
  return (await client.formEntries(CONTACT_FORM)).map(contactMessageFromCockpit);
}

/** One kept submission as a message: its Cockpit id and time, missing or odd fields as "". */
export function contactMessageFromCockpit(entry: FormEntry): ContactMessage {
  const data = entry.data && typeof entry.data === "object" && !Array.isArray(entry.data) ? entry.data : {};
  return {
    id: entry._id,
    name: text(data.name),
    lastname: text(data.lastname),
    email: text(data.email),
    subject: text(data.subject),
    notes: text(data.notes),
    memberId: text(data.memberId) || null,
    createdAt: seconds(entry._created),
  };
}
