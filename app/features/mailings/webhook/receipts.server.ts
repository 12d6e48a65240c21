import type { AppLoadContext } from "@remix-run/cloudflare";

/** How long a webhook delivery's id is kept: Svix refuses signatures older than five minutes, so a week is ample. */
export const WEBHOOK_RECEIPT_DAYS = 7;

/** The daily run's cleanup (docs/requirements.md §13): receipts older than a week; how many went. */
export function deleteOldWebhookReceipts(context: AppLoadContext, at: Date): Promise<number> {
  return context.store.webhookReceipts.deleteOlderThan(Math.floor(at.getTime() / 1000) - WEBHOOK_RECEIPT_DAYS * 24 * 60 * 60);
}
