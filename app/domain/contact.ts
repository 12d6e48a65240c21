import { z } from "zod";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactErrors, type ContactField, type ContactValues } from "./contact-form";

/**
 * The Quick Contact Form (spec §5): five fields, each trimmed and required, with the
 * spec's messages. A format check for the e-mail and length caps are ours. Field names
 * are the form's own, so a plain HTML post parses as it is.
 *
 * Server-only in practice: only app/services/contact.server.ts imports it, so the
 * browser never downloads zod (docs/decisions/0010).
 */

/** A missing field (or a file where text belongs) reads as empty, so it gets the "Please enter" message. */
const asText = (value: unknown) => (typeof value === "string" ? value : "");

function requiredText(field: ContactField, required: string, label: string) {
  const max = CONTACT_LIMITS[field];
  return z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, { error: `${label} must be at most ${max.toLocaleString("en-GB")} characters` }),
  );
}

export const contactSchema = z.object({
  name: requiredText("name", "Please enter your name", "Your name"),
  lastname: requiredText("lastname", "Please enter your Lastname", "Your last name"),
  email: z.preprocess(
    asText,
    z
      .string()
      .trim()
      .min(1, { error: "Please enter your email", abort: true })
      .max(CONTACT_LIMITS.email, { error: `Your email must be at most ${CONTACT_LIMITS.email} characters`, abort: true })
      .pipe(z.email({ error: "Please enter a valid email" })),
  ),
  subject: requiredText("subject", "Please enter your subject", "The subject"),
  notes: requiredText("notes", "Please enter your note", "Your note"),
});

export type ContactInput = z.output<typeof contactSchema>;

export type ContactParse =
  | { ok: true; data: ContactInput }
  | { ok: false; errors: ContactErrors; values: ContactValues };

/** Parses a submitted form: the clean data, or one message per invalid field with the values as sent. */
export function parseContactForm(form: FormData | Record<string, unknown>): ContactParse {
  const raw = form instanceof FormData ? Object.fromEntries(CONTACT_FIELDS.map((f) => [f, form.get(f)])) : form;
  const result = contactSchema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  // Sent back into the form as typed; a value far over its cap is not echoed whole.
  const values = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, asText(raw[f]).slice(0, 2 * CONTACT_LIMITS[f])])) as ContactValues;
  return { ok: false, errors, values };
}
