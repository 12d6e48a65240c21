/**
 * The mailing queue's shape (docs/requirements.md §13, ADR 73). Pure: wrangler.toml's consumer
 * settings must agree with MAX_QUEUE_RETRIES (a unit test reads it).
 */

/** One queue message: one batch of one round of one mailing. */
export interface MailingMessage {
  mailingId: string;
  round: number;
  batch: number;
}

/** Recipients per message: Resend's batch API takes at most 100 e-mails a call. */
export const MAILING_BATCH_SIZE = 100;

/** Queue.sendBatch takes at most 100 messages a call. */
export const MAX_QUEUE_MESSAGES_PER_SEND = 100;

/** wrangler.toml's max_retries for the mailing queue: a message is tried 1 + this many times. */
export const MAX_QUEUE_RETRIES = 3;

/** Whether a message on its `attempts`-th try (1-based, as Queues counts) is on its last try. */
export function isLastTry(attempts: number): boolean {
  return attempts >= MAX_QUEUE_RETRIES + 1;
}

/**
 * How long the queue waits before a message's next try (docs/requirements.md §13, ADR 73): a
 * minute, doubling, at most 15 minutes, so a brief Resend outage or its rate limit does not use
 * every try within seconds. With MAX_QUEUE_RETRIES = 3 the last try comes 7 minutes after the first.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** (Math.max(1, attempts) - 1), 900);
}

/** A queue message's body as this site wrote it, or null for anything else (never trusted blindly). */
export function readMailingMessage(body: unknown): MailingMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const { mailingId, round, batch } = body as Record<string, unknown>;
  if (typeof mailingId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(mailingId)) return null;
  if (!Number.isSafeInteger(round) || (round as number) < 1 || !Number.isSafeInteger(batch) || (batch as number) < 1) return null;
  return { mailingId, round: round as number, batch: batch as number };
}
