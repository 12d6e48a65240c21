import type { AppLoadContext } from "@remix-run/cloudflare";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { CONFIDENTIAL_BODY_NOTE, CONFIDENTIAL_PURPOSES, OUTBOX_PAGE_SIZE, emailStatusLabel, requestedOutboxPage } from "../domain/outbox";

/**
 * What the outbox pages show, read on the server: the accountants' /accounts/emails and
 * the development /dev/mail use the same two loaders (they differ only in their guard
 * and their link prefix) and the same components (app/components/outbox/).
 */

/** The accountants' outbox pages are personal: never cached, never indexed. */
export const OUTBOX_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex" };

/** Times on the outbox pages, formatted on the server (UK time) so the browser shows the same text. */
export function outboxTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleString("en-GB", {
    timeZone: "Europe/London",
    dateStyle: "medium",
    timeStyle: "medium",
  });
}

export interface OutboxRow {
  id: string;
  sentAt: string;
  to: string;
  subject: string;
  purpose: string;
  status: string;
  statusLabel: string;
  providerId: string | null;
  error: string | null;
}

export interface OutboxPage {
  emails: OutboxRow[];
  total: number;
  /** 1-based. */
  page: number;
  pages: number;
}

/** One page of the outbox, newest first (?page=N, 1-based; past the end shows the last page). */
export async function loadOutboxPage(request: Request, context: AppLoadContext): Promise<OutboxPage> {
  const asked = requestedOutboxPage(new URL(request.url).searchParams.get("page"));
  let page = asked;
  let result = await context.store.outbox.list({ limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(result.total / OUTBOX_PAGE_SIZE));
  if (page > pages) {
    page = pages;
    result = await context.store.outbox.list({ limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE });
  }
  const emails = result.rows.map((email) => ({
    id: email.id,
    sentAt: outboxTime(email.createdAt),
    to: email.to.join(", "),
    subject: email.subject,
    purpose: email.purpose,
    status: email.status,
    statusLabel: emailStatusLabel(email.status),
    providerId: email.providerId,
    error: email.error,
  }));
  return { emails, total: result.total, page, pages };
}

/**
 * One e-mail with its HTML and text; 404 when there is none with this id. With
 * `hideConfidential`, the body of a reset-link e-mail is replaced by a note.
 */
export async function loadOutboxEmail(context: AppLoadContext, id: string | undefined, options: { hideConfidential?: boolean } = {}) {
  const email = id && id.length <= 64 ? await context.store.outbox.get(id) : null;
  if (!email) throw new Response("Not Found", { status: 404 });
  const hidden = options.hideConfidential === true && CONFIDENTIAL_PURPOSES.includes(email.purpose);
  return {
    ...email,
    html: hidden ? `<p>${CONFIDENTIAL_BODY_NOTE}</p>` : email.html,
    text: hidden ? CONFIDENTIAL_BODY_NOTE : email.text,
    to: email.to.join(", "),
    sentAt: outboxTime(email.createdAt),
    updatedAt: outboxTime(email.updatedAt),
    statusLabel: emailStatusLabel(email.status),
  };
}

export type OutboxEmailView = Awaited<ReturnType<typeof loadOutboxEmail>>;
