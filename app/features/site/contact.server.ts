import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { readAssociationContact } from "~/kernel/layout/association.server";
import type { ContactInput } from "./contact";
import { ContactMessageEmail, contactEmailSubject } from "~/features/site/emails/ContactMessageEmail";
import { createEmailService } from "~/kernel/email/email.server";
import { createRateLimiter } from "~/kernel/http/rate-limit.server";
import { CONTACT_RATE_RULES, contactRateChecks } from "~/kernel/http/rate-limits";

export { CONTACT_RATE_RULES };

export type ContactResult = { ok: true } | { ok: false; retryAfter: number };

/**
 * A valid Quick Contact Form message, from the visitor at `from.address` (signed in as
 * `from.senderId`, or not): check the abuse limits, store the message, and e-mail it to the
 * association's contact e-mail (the settings'), when one is set. The message is kept even when the e-mail cannot be sent (the
 * failure is in the outbox and the logs).
 */
export async function sendContactMessage(
  context: AppLoadContext,
  message: ContactInput,
  from: { address: string; senderId: string | null },
): Promise<ContactResult> {
  const limit = await createRateLimiter(context.store.rateLimits).hit(contactRateChecks(from.address, message.email));
  if (!limit.allowed) return { ok: false, retryAfter: limit.retryAfter };

  await context.store.contactMessages.create({ ...message, memberId: from.senderId });
  try {
    // To the contact e-mail of the settings now (docs/requirements.md §1.10, ADR 67). With none set the
    // message waits in the back office's inbox, where every message is kept.
    const { email: to } = await readAssociationContact(context);
    if (!to) return { ok: true };
    await createEmailService(context).send({
      to: [to],
      subject: contactEmailSubject(message.subject),
      // The association answers with a plain Reply.
      replyTo: message.email,
      react: createElement(ContactMessageEmail, { message }),
      purpose: "contact",
      memberId: from.senderId,
    });
  } catch (error) {
    // Rendering or recording failed (a provider failure is handled inside send): the message is stored.
    console.error("The contact e-mail could not be prepared:", error);
  }
  return { ok: true };
}
