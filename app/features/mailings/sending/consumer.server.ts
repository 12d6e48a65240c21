import type { AppLoadContext } from "@remix-run/cloudflare";
import { BATCH_PAUSE_MS } from "~/kernel/email/email.server";
import { isLastTry, readMailingMessage, retryDelaySeconds } from "./queue";
import { sendMailingBatch } from "./send.server";

/**
 * The mailing queue's consumer (server.ts `queue`, ADR 73): each message is one batch, sent in
 * turn (Resend takes 2 calls a second). A message whose batch threw is retried by the queue,
 * then kept in the dead-letter queue; every other message is acknowledged on its own.
 */
export async function consumeMailingQueue(context: AppLoadContext, batch: MessageBatch<unknown>, options: { pauseMs?: number } = {}): Promise<void> {
  const pauseMs = options.pauseMs ?? (context.env.RESEND_API_KEY ? BATCH_PAUSE_MS : 0);
  let first = true;
  for (const message of batch.messages) {
    const body = readMailingMessage(message.body);
    if (!body) {
      console.error(`Mailing queue: message ${message.id} is not a mailing batch; dropped.`);
      message.ack();
      continue;
    }
    if (!first && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    first = false;
    try {
      const outcome = await sendMailingBatch(context, body, { lastTry: isLastTry(message.attempts) });
      console.log(`Mailing ${body.mailingId}, round ${body.round}, batch ${body.batch}: ${outcome.sent} sent, ${outcome.failed} failed.`);
      message.ack();
    } catch (error) {
      const delaySeconds = retryDelaySeconds(message.attempts);
      console.error(
        `Mailing ${body.mailingId}, round ${body.round}, batch ${body.batch}: try ${message.attempts} failed, to be retried in ${delaySeconds} s:`,
        error,
      );
      message.retry({ delaySeconds });
    }
  }
}
