import type { AppLoadContext } from "@remix-run/cloudflare";
import { render, toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import { Resend } from "resend";
import type { OutboxEmail } from "../domain/records";
import type { OutboxRepository } from "./store/port";

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
}

export interface EmailService {
  send(message: EmailMessage): Promise<OutboxEmail>;
}

/** Sends one rendered e-mail; resolves with the provider's id or rejects with its error. */
export type EmailTransport = (email: { from: string; to: string[]; replyTo?: string; subject: string; html: string; text: string }) => Promise<string>;

export function resendTransport(apiKey: string, options: { baseUrl?: string } = {}): EmailTransport {
  const resend = new Resend(apiKey, options);
  return async (email) => {
    const { data, error } = await resend.emails.send(email);
    if (error || !data) throw new Error(error ? `${error.name}: ${error.message}` : "Resend answered without an id");
    return data.id;
  };
}

export function emailService(options: {
  outbox: OutboxRepository;
  from: string;
  /** No transport: the outbox is the destination. */
  transport?: EmailTransport;
  log?: (message: string, error: unknown) => void;
}): EmailService {
  const { outbox, from, transport, log = (message, error) => console.error(message, error) } = options;
  return {
    async send({ to, subject, replyTo, react, purpose }) {
      const html = await render(react);
      const text = toPlainText(html);
      const email = { to, subject, html, text, purpose };
      if (!transport) return outbox.add(email, "stored", "outbox");
      const queued = await outbox.add(email, "queued", "resend");
      try {
        const providerId = await transport({ from, to, subject, html, text, ...(replyTo ? { replyTo } : {}) });
        await outbox.markResult(queued.id, { status: "sent", providerId });
        return { ...queued, status: "sent", providerId };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`E-mail ${queued.id} (${purpose}) to ${to.join(", ")} could not be sent:`, error);
        await outbox.markResult(queued.id, { status: "failed", error: message });
        return { ...queued, status: "failed", error: message };
      }
    },
  };
}

/** The e-mail service for this request: Resend (at RESEND_API_URL if set) when RESEND_API_KEY is set, else the outbox only. */
export function createEmailService(context: AppLoadContext): EmailService {
  const { env } = context;
  return emailService({
    outbox: context.store.outbox,
    from: env.MAIL_FROM,
    transport: env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY, env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL.replace(/\/+$/, "") } : {}) : undefined,
  });
}
