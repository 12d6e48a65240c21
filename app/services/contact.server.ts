import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { ASSOCIATION } from "../domain/association";
import { parseContactForm } from "../domain/contact";
import { CONTACT_RATE_LIMITED_MESSAGE, type ContactErrors, type ContactValues } from "../domain/contact-form";
import { ContactMessageEmail, contactEmailSubject } from "../emails/ContactMessageEmail";
import { createEmailService } from "./email.server";
import { clientKey, createRateLimiter } from "./rate-limit.server";
import { CONTACT_RATE_RULES } from "../domain/rate-limits";

export { CONTACT_RATE_RULES };


export type ContactResult =
  | { ok: true }
  | { ok: false; status: 400; errors: ContactErrors; values: ContactValues; formError?: undefined }
  | { ok: false; status: 429; errors: ContactErrors; values: ContactValues; formError: string; retryAfter: number };

/**
 * The Quick Contact Form's post: validate, check the abuse limits, store the message,
 * and e-mail it to the association's info address. The message is kept even when the
 * e-mail cannot be sent (the failure is in the outbox and the logs).
 */
export async function submitContactForm(request: Request, context: AppLoadContext): Promise<ContactResult> {
  const parsed = parseContactForm(await request.formData());
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors, values: parsed.values };
  const message = parsed.data;

  const limit = await createRateLimiter(context.env.DB).hit([
    { rule: CONTACT_RATE_RULES.perIp, subject: clientKey(request) },
    { rule: CONTACT_RATE_RULES.perEmail, subject: message.email.toLowerCase() },
  ]);
  if (!limit.allowed) {
    return { ok: false, status: 429, errors: {}, values: message, formError: CONTACT_RATE_LIMITED_MESSAGE, retryAfter: limit.retryAfter };
  }

  await context.store.contactMessages.create(message);
  try {
    await createEmailService(context).send({
      to: [ASSOCIATION.contact.infoEmail],
      subject: contactEmailSubject(message.subject),
      // The association answers with a plain Reply.
      replyTo: message.email,
      react: createElement(ContactMessageEmail, { message }),
      purpose: "contact",
    });
  } catch (error) {
    // Rendering or recording failed (a provider failure is handled inside send): the message is stored.
    console.error("The contact e-mail could not be prepared:", error);
  }
  return { ok: true };
}
