import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Toast } from "~/kernel/http/toast";
import { attachmentsFromOutboxHtml, resendTransport } from "../../kernel/email/email.server";

/**
 * 'Send again' on a failed e-mail in the outbox (/accounts/emails/{id}): the stored
 * message, as it was recorded, through the provider once more; the row then says Sent
 * (with the provider's id) or Failed (with the new error). The row is claimed first
 * (failed → queued, one conditional write), so a double click or two accountants at once
 * send it once, and a Sent one is never sent again. The route guards and answers;
 * this sends and says what happened, or null when there is no such e-mail.
 */

export async function resendOutboxEmail(context: AppLoadContext, id: string | undefined): Promise<Toast | null> {
  const email = id && id.length <= 64 ? await context.store.outbox.get(id) : null;
  if (!email) return null;
  if (email.status !== "failed") return { kind: "info", message: "Only a failed e-mail can be sent again." };
  const { env } = context;
  if (!env.RESEND_API_KEY) return { kind: "error", message: "No e-mail provider is configured: nothing can be sent." };
  if (!(await context.store.outbox.claimFailed(email.id))) return { kind: "info", message: "This e-mail is already being sent again." };
  const transport = resendTransport(env.RESEND_API_KEY, env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL.replace(/\/+$/, "") } : {});
  let providerId: string;
  try {
    const { html, attachments } = attachmentsFromOutboxHtml(email.html);
    providerId = await transport({
      from: env.MAIL_FROM,
      to: email.to,
      subject: email.subject,
      html,
      text: email.text,
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`E-mail ${email.id} (${email.purpose}) could not be sent again:`, error);
    await context.store.outbox.markResult(email.id, { status: "failed", error: message });
    return { kind: "error", message: `It could not be sent: ${message}` };
  }
  try {
    await context.store.outbox.markResult(email.id, { status: "sent", providerId, error: null });
  } catch (error) {
    // It went: an error page here would invite another send. The row stays Queued.
    console.error(`E-mail ${email.id} was sent again (provider id ${providerId}) but its row could not be marked Sent:`, error);
  }
  return { kind: "success", message: `Sent again to ${email.to.join(", ")}.` };
}
