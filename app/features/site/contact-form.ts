/**
 * The Quick Contact Form's fields and limits, without the validation library, so the
 * contact page can use them in the browser (the schema itself is in contact.ts).
 */
import { EMAIL_ADDRESS_MAX_LENGTH } from "~/kernel/values/email-address";

export const CONTACT_FIELDS = ["name", "lastname", "email", "subject", "notes"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS = { name: 200, lastname: 200, email: EMAIL_ADDRESS_MAX_LENGTH, subject: 200, notes: 5000 } as const satisfies Record<
  ContactField,
  number
>;

export const CONTACT_SENT_MESSAGE = "Thank you for contacting us. We will get back you soon.";
export const CONTACT_RATE_LIMITED_MESSAGE = "Too many messages. Please try again later.";
