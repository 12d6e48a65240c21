import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { requireAccountant } from "./auth.server";
import { attachmentsFromOutboxHtml, resendTransport } from "./email.server";
import { defaultStoreErrorAnswer, storeSafeAction } from "./store-errors.server";
import { redirectWithToast } from "./toast.server";

/**
 * 'Send again' on a failed e-mail in the outbox (/accounts/emails/{id}): the stored
 * message, as it was recorded, through the provider once more; the row then says Sent
 * (with the provider's id) or Failed (with the new error). The row is claimed first
 * (failed → queued, one conditional write), so a double click or two accountants at once
 * send it once, and a Sent one is never sent again.
 */
async function resendOutboxEmail(request: Request, context: AppLoadContext, id: string | undefined) {
  await requireAccountant(request, context);
  const email = id && id.length <= 64 ? await context.store.outbox.get(id) : null;
  if (!email) throw new Response("Not Found", { status: 404 });
  const back = `/accounts/emails/${email.id}`;
  if (email.status !== "failed") return redirectWithToast(context, back, { kind: "info", message: "Only a failed e-mail can be sent again." });
  const { env } = context;
  if (!env.RESEND_API_KEY) return redirectWithToast(context, back, { kind: "error", message: "No e-mail provider is configured: nothing can be sent." });
  if (!(await context.store.outbox.claimFailed(email.id))) {
    return redirectWithToast(context, back, { kind: "info", message: "This e-mail is already being sent again." });
  }
  const transport = resendTransport(env.RESEND_API_KEY, env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL.replace(/\/+$/, "") } : {});
  let providerId: string;
  try {
    const { html, attachments } = attachmentsFromOutboxHtml(email.html);
    providerId = await transport({ from: env.MAIL_FROM, to: email.to, subject: email.subject, html, text: email.text, ...(attachments.length ? { attachments } : {}) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`E-mail ${email.id} (${email.purpose}) could not be sent again:`, error);
    await context.store.outbox.markResult(email.id, { status: "failed", error: message });
    return redirectWithToast(context, back, { kind: "error", message: `It could not be sent: ${message}` });
  }
  try {
    await context.store.outbox.markResult(email.id, { status: "sent", providerId, error: null });
  } catch (error) {
    // It went: an error page here would invite another send. The row stays Queued.
    console.error(`E-mail ${email.id} was sent again (provider id ${providerId}) but its row could not be marked Sent:`, error);
  }
  return redirectWithToast(context, back, { kind: "success", message: `Sent again to ${email.to.join(", ")}.` });
}

export const resendOutboxEmailAction = storeSafeAction(
  ({ request, context, params }: ActionFunctionArgs) => resendOutboxEmail(request, context, params.id),
  defaultStoreErrorAnswer,
);
