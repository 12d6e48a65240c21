import type { AppLoadContext } from "@remix-run/cloudflare";
import { verifySvix } from "./svix.server";

/**
 * POST /webhooks/resend (docs/requirements.md §13, ADR 73): Resend tells us an e-mail bounced or
 * its recipient marked it as spam. Verified first (Svix headers, RESEND_WEBHOOK_SECRET); without a
 * secret nothing is trusted. Each delivery is handled once (its svix-id). The e-mail is found by
 * Resend's own id, never by the address: an address may have changed owner since it was sent.
 */

const MAX_PAYLOAD_BYTES = 256 * 1024;

export type ResendEventResult = "bounced" | "complained" | "unknown-email" | "ignored" | "replayed";

interface ResendEvent {
  type?: unknown;
  data?: { email_id?: unknown; bounce?: { type?: unknown } | null } | null;
}

/** A delivery's receipt: whether it was handled already, and recording that it now is. */
export interface Receipt {
  seen(): Promise<boolean>;
  record(): Promise<unknown>;
}

export async function receiveResendWebhook(request: Request, context: AppLoadContext, now = new Date()): Promise<Response> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_PAYLOAD_BYTES) return new Response("Too large.", { status: 413 });
  const body = await request.text();
  if (body.length > MAX_PAYLOAD_BYTES) return new Response("Too large.", { status: 413 });
  const check = await verifySvix(context.env.RESEND_WEBHOOK_SECRET, request.headers, body, now);
  if (!check.ok) return new Response(check.reason === "not-configured" ? "Webhook not configured." : "Invalid signature.", { status: 400 });
  let event: ResendEvent;
  try {
    event = JSON.parse(body) as ResendEvent;
  } catch {
    return new Response("Invalid JSON.", { status: 400 });
  }
  const at = Math.floor(now.getTime() / 1000);
  const receipts = context.store.webhookReceipts;
  const result = await handleResendEvent(context, event, at, { seen: () => receipts.seen(check.id), record: () => receipts.firstTime(check.id, at) });
  return Response.json({ received: true, result });
}

/**
 * Whether a bounce means the address does not work. Resend's email.bounced carries
 * `data.bounce.type`: "Permanent" (no such mailbox, suppressed) or "Transient" / "Undetermined"
 * (a full mailbox, a server down for now). Only a permanent one marks the address bad, which
 * stops every mailing to it; without the field (older payloads, where email.bounced meant a
 * permanent rejection) it is taken as permanent (docs/requirements.md §13).
 */
export function isPermanentBounce(event: ResendEvent): boolean {
  const type = event.data?.bounce?.type;
  return typeof type !== "string" || type.toLowerCase() === "permanent";
}

/**
 * What one verified event did. The receipt is checked first (a replay changes nothing, even after
 * an address was corrected) and recorded only after the changes are made: a change that fails
 * leaves no receipt, so Svix's redelivery makes it then. Each change is safe to make twice (an
 * upsert, a conditional write), so two deliveries at once do no harm. Ignored events leave no receipt.
 */
export async function handleResendEvent(context: AppLoadContext, event: ResendEvent, at: number, receipt: Receipt): Promise<ResendEventResult> {
  const reason = event.type === "email.bounced" ? "bounced" : event.type === "email.complained" ? "complained" : null;
  if (!reason) return "ignored";
  const emailId = typeof event.data?.email_id === "string" ? event.data.email_id : null;
  if (!emailId) return "ignored";
  const { store } = context;
  const delivery = await store.mailingDeliveries.findByProviderId(emailId);
  const outboxEmail = delivery ? null : await store.outbox.findByProviderId(emailId);
  const memberId = delivery?.memberId ?? outboxEmail?.memberId ?? null;
  const email = delivery?.email ?? outboxEmail?.to[0] ?? null;
  if (!memberId || !email) return "unknown-email";
  if (await receipt.seen()) return "replayed";
  const mailingId = delivery?.mailingId ?? null;
  if (delivery) await store.mailingDeliveries.markResults(delivery.mailingId, [{ memberId, status: reason }], at);
  // A temporary bounce is this copy's only: the address still works, so it is not marked bad.
  if (reason === "complained" || isPermanentBounce(event)) await store.badAddresses.mark({ memberId, email, reason, mailingId, at });
  // A complaint is a "no" to newsletters (docs/requirements.md §13): notices still go, unless the address is bad.
  if (reason === "complained") await store.mailPreferences.setNewsletters(memberId, false, "complaint", mailingId, at);
  await receipt.record();
  return reason;
}
