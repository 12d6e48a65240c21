import type { AppLoadContext } from "@remix-run/cloudflare";
import { render } from "@react-email/components";
import type { ReactElement } from "react";
import { Resend } from "resend";
import type { OutboxEmail } from "../store/records";
import type { OutboxRepository } from "../store/port";
import { emailPlainText } from "./plain-text";

/**
 * The one way the site sends e-mail. Every e-mail is rendered from a react-email
 * template to HTML and plain text and recorded in the outbox:
 * - without RESEND_API_KEY (local machines): kept there with status "stored", to be
 *   read at /dev/mail;
 * - with it: "queued", then sent through Resend and marked "sent" (with Resend's id)
 *   or "failed" (with the error). A failed send never throws: the caller's work (a
 *   stored contact message, a registration) stands, and the failure is logged.
 *
 * In workerd, react-email's `render` (its "workerd" build) first tries
 * `import("react-dom/server.edge")`, which React 18 does not have; it catches that and
 * uses `react-dom/server`, which wrangler bundles with the worker conditions (the
 * browser build, with renderToReadableStream). So no alias is needed; the contact tests
 * render through exactly this path on wrangler dev.
 */

export interface EmailMessage {
  to: string[];
  subject: string;
  /** Where a reply goes (the visitor, for the contact form); sent to Resend, not kept in the outbox. */
  replyTo?: string;
  react: ReactElement;
  /** What the e-mail is for: contact, reset-password, payment-link ... (shown at /dev/mail). */
  purpose: string;
  /** The member it is about (their data rights find it by this id), or null: see OutboxEmail.memberId. */
  memberId: string | null;
  /**
   * Files sent with the e-mail. One with a contentId is inline: the HTML shows it with
   * <img src="cid:{contentId}"> (the ticket's QR PNG, docs/decisions/0020).
   */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
  contentId?: string;
}

/** Inline images up to this size are copied into the outbox's HTML as data: URLs (below). */
export const OUTBOX_INLINE_IMAGE_LIMIT = 8 * 1024;

/**
 * The HTML the outbox keeps: as sent, except that each cid: reference to a small inline
 * image attachment becomes a data: URL of its bytes, so /dev/mail and the accountants'
 * outbox show the image (a QR PNG is under 1 kB) with no extra column or route. Mail
 * clients block data: URLs, which is why the e-mail itself uses cid: (ADR 0020).
 * Other references are left as they are (the image's alt text shows).
 */
export function outboxHtml(html: string, attachments: EmailAttachment[] = []): string {
  let result = html;
  for (const { contentId, content, contentType } of attachments) {
    if (!contentId || !contentType.startsWith("image/") || content.length > OUTBOX_INLINE_IMAGE_LIMIT) continue;
    result = result.split(`"cid:${contentId}"`).join(`"data:${contentType};base64,${toBase64(content)}"`);
  }
  return result;
}

/**
 * The reverse of outboxHtml, for sending a stored e-mail again: each inline data: image
 * goes back to being an attachment referenced by cid:, as the first sending had it
 * (mail clients block data: URLs, so a re-sent ticket would lose its QR).
 */
export function attachmentsFromOutboxHtml(html: string): { html: string; attachments: ProviderAttachment[] } {
  const attachments: ProviderAttachment[] = [];
  const restored = html.replace(/"data:(image\/(?:png|gif|jpeg));base64,([A-Za-z0-9+/=]+)"/g, (_match, contentType: string, content: string) => {
    const contentId = `inline-${attachments.length + 1}`;
    attachments.push({ filename: `${contentId}.${contentType.slice("image/".length)}`, content, contentType, contentId });
    return `"cid:${contentId}"`;
  });
  return { html: restored, attachments };
}

/** Base64 of bytes without Buffer (workerd has btoa). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What Resend's API takes: base64 content, and contentId for an inline one. */
function providerAttachments(attachments: EmailAttachment[] | undefined) {
  if (!attachments?.length) return {};
  return {
    attachments: attachments.map(({ filename, content, contentType, contentId }) => ({
      filename,
      content: toBase64(content),
      contentType,
      ...(contentId ? { contentId } : {}),
    })),
  };
}

export interface EmailService {
  /** True when e-mail leaves the site (a provider is configured); false: the outbox is the destination. */
  readonly delivers: boolean;
  send(message: EmailMessage): Promise<OutboxEmail>;
  /**
   * Many e-mails at once (the renewal reminder to every pending member): each one
   * rendered and recorded in the outbox as `send` does, then sent through the
   * provider's batch API, at most BATCH_LIMIT a call, and marked sent or failed from
   * its call's answer. Resolves with the outbox records, in the order given.
   */
  sendBatch(messages: EmailMessage[]): Promise<OutboxEmail[]>;
  /** One e-mail already rendered (a mailing's test copy, ADR 73), with its extra headers; recorded as `send` records. */
  sendRendered(email: RenderedEmail): Promise<OutboxEmail>;
}

/** An e-mail already rendered to HTML and text, with the headers it is sent with. */
export interface RenderedEmail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  purpose: string;
  memberId: string | null;
}

/** Resend's batch API takes at most 100 e-mails a call. */
export const BATCH_LIMIT = 100;
/** Resend allows 2 requests a second by default: batch calls are spaced by this much. */
export const BATCH_PAUSE_MS = 600;

/** Sends one rendered e-mail; resolves with the provider's id or rejects with its error. */
export type EmailTransport = (email: OutgoingEmail & { attachments?: ProviderAttachment[] }) => Promise<string>;

/** One rendered e-mail as a transport takes it (the batch API takes no attachments); `headers`: a mailing's List-Unsubscribe (ADR 73). */
export type OutgoingEmail = { from: string; to: string[]; replyTo?: string; subject: string; html: string; text: string; headers?: Record<string, string> };

/** An attachment as Resend's SDK takes it: content in base64. */
export type ProviderAttachment = { filename: string; content: string; contentType: string; contentId?: string };

/**
 * Sends up to BATCH_LIMIT rendered e-mails in one call; resolves with the provider's ids in the
 * same order, or rejects for the whole call. With an idempotency key (a mailing's batch, ADR 73)
 * the provider answers a repeated call with the first call's ids and sends nothing again.
 */
export type BatchTransport = (emails: OutgoingEmail[], options?: { idempotencyKey?: string }) => Promise<string[]>;

export function resendTransport(apiKey: string, options: { baseUrl?: string } = {}): EmailTransport {
  const resend = new Resend(apiKey, options);
  return async (email) => {
    const { data, error } = await resend.emails.send(email);
    if (error || !data) throw new Error(error ? `${error.name}: ${error.message}` : "Resend answered without an id");
    return data.id;
  };
}

/** Resend's POST /emails/batch, all or nothing ("strict" validation): one id per e-mail, in order. */
export function resendBatchTransport(apiKey: string, options: { baseUrl?: string } = {}): BatchTransport {
  const resend = new Resend(apiKey, options);
  return async (emails, options = {}) => {
    const { data, error } = await resend.batch.send(emails, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {});
    if (error || !data) throw new Error(error ? `${error.name}: ${error.message}` : "Resend answered without ids");
    const ids = data.data.map((entry) => entry.id);
    if (ids.length !== emails.length) throw new Error(`Resend answered ${ids.length} ids for ${emails.length} e-mails`);
    return ids;
  };
}

export function emailService(options: {
  outbox: OutboxRepository;
  from: string;
  /** No transport: the outbox is the destination. */
  transport?: EmailTransport;
  /** Used by sendBatch when given; without it sendBatch sends one by one through `transport`. */
  batchTransport?: BatchTransport;
  /** Between two batch calls (tests pass 0). */
  batchPauseMs?: number;
  log?: (message: string, error: unknown) => void;
}): EmailService {
  const { outbox, from, transport, batchTransport, batchPauseMs = BATCH_PAUSE_MS, log = (message, error) => console.error(message, error) } = options;
  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const service: EmailService = {
    delivers: transport !== undefined,
    async send({ to, subject, replyTo, react, purpose, memberId, attachments }) {
      const html = await render(react);
      const text = emailPlainText(html);
      const email = { to, subject, html: outboxHtml(html, attachments), text, purpose, memberId };
      if (!transport) return outbox.add(email, "stored", "outbox");
      const queued = await outbox.add(email, "queued", "resend");
      try {
        const providerId = await transport({ from, to, subject, html, text, ...(replyTo ? { replyTo } : {}), ...providerAttachments(attachments) });
        await outbox.markResult(queued.id, { status: "sent", providerId });
        return { ...queued, status: "sent", providerId };
      } catch (error) {
        const message = errorText(error);
        log(`E-mail ${queued.id} (${purpose}) to ${to.join(", ")} could not be sent:`, error);
        await outbox.markResult(queued.id, { status: "failed", error: message });
        return { ...queued, status: "failed", error: message };
      }
    },

    async sendRendered({ to, subject, html, text, headers, purpose, memberId }) {
      const email = { to, subject, html, text, purpose, memberId, headers };
      if (!transport) return outbox.add(email, "stored", "outbox");
      const queued = await outbox.add(email, "queued", "resend");
      try {
        const providerId = await transport({ from, to, subject, html, text, headers });
        await outbox.markResult(queued.id, { status: "sent", providerId });
        return { ...queued, status: "sent", providerId };
      } catch (error) {
        const message = errorText(error);
        log(`E-mail ${queued.id} (${purpose}) to ${to.join(", ")} could not be sent:`, error);
        await outbox.markResult(queued.id, { status: "failed", error: message });
        return { ...queued, status: "failed", error: message };
      }
    },

    async sendBatch(messages) {
      // Resend's batch API takes no attachments: e-mails with attachments go one by one.
      if (!transport || !batchTransport || messages.some((message) => message.attachments?.length)) {
        const results: OutboxEmail[] = [];
        for (const message of messages) results.push(await service.send(message));
        return results;
      }
      const results: OutboxEmail[] = [];
      for (let start = 0; start < messages.length; start += BATCH_LIMIT) {
        if (start > 0 && batchPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, batchPauseMs));
        const chunk = messages.slice(start, start + BATCH_LIMIT);
        const rendered = await Promise.all(
          chunk.map(async ({ to, subject, replyTo, react, purpose, memberId }) => {
            const html = await render(react);
            return { to, subject, replyTo, purpose, memberId, html, text: emailPlainText(html) };
          }),
        );
        const queued = await outbox.addMany(
          rendered.map(({ to, subject, html, text, purpose, memberId }) => ({ to, subject, html, text, purpose, memberId })),
          "queued",
          "resend",
        );
        let answer: { ids: string[] } | { error: string };
        try {
          answer = {
            ids: await batchTransport(
              rendered.map(({ to, subject, replyTo, html, text }) => ({ from, to, subject, html, text, ...(replyTo ? { replyTo } : {}) })),
            ),
          };
        } catch (error) {
          log(`A batch of ${queued.length} e-mails (${rendered[0]?.purpose}) could not be sent:`, error);
          answer = { error: errorText(error) };
        }
        const marked = queued.map((email, index): OutboxEmail =>
          "ids" in answer ? { ...email, status: "sent", providerId: answer.ids[index]! } : { ...email, status: "failed", error: answer.error },
        );
        await outbox.markResults(marked.map(({ id, status, providerId, error }) => ({ id, status, providerId, error })));
        results.push(...marked);
      }
      return results;
    },
  };
  return service;
}

/** The e-mail service for this request: Resend (at RESEND_API_URL if set) when RESEND_API_KEY is set, else the outbox only. */
export function createEmailService(context: AppLoadContext): EmailService {
  const { env } = context;
  const options = env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL.replace(/\/+$/, "") } : {};
  return emailService({
    outbox: context.store.outbox,
    from: env.MAIL_FROM,
    transport: env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY, options) : undefined,
    batchTransport: env.RESEND_API_KEY ? resendBatchTransport(env.RESEND_API_KEY, options) : undefined,
  });
}
