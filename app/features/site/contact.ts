import { z } from "zod";
import { CONTACT_LIMITS, type ContactField } from "./contact-form";
import { emailAddress } from "~/kernel/values/email-address-schema";

/**
 * The Quick Contact Form (docs/requirements.md §1.10): five fields, each trimmed and required, with the
 * messages it lists. A format check for the e-mail and length caps are ours. Field names
 * are the form's own, so a plain HTML post parses as it is.
 *
 * Server-only in practice: only the route's action parses with it (parseWithZod), so the
 * browser never downloads zod (docs/decisions/0010, 0028).
 */

/**
 * A missing field (or a file where text belongs) reads as empty, so it gets the "Please
 * enter" message. (parseWithZod turns an empty value into undefined before the string
 * schema sees it: the string's own error is the same message.)
 */
const asText = (value: unknown) => (typeof value === "string" ? value : "");

function requiredText(field: ContactField, required: string, label: string) {
  const max = CONTACT_LIMITS[field];
  return z.preprocess(
    asText,
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, { error: `${label} must be at most ${max.toLocaleString("en-GB")} characters` }),
  );
}

export const contactSchema = z.object({
  name: requiredText("name", "Please enter your name", "Your name"),
  lastname: requiredText("lastname", "Please enter your Lastname", "Your last name"),
  email: emailAddress({
    required: "Please enter your email",
    tooLong: `Your email must be at most ${CONTACT_LIMITS.email} characters`,
    invalid: "Please enter a valid email",
  }),
  subject: requiredText("subject", "Please enter your subject", "The subject"),
  notes: requiredText("notes", "Please enter your note", "Your note"),
});

export type ContactInput = z.output<typeof contactSchema>;
