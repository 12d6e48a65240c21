import type { AppLoadContext } from "@remix-run/cloudflare";
import { notFound } from "~/kernel/http/answers.server";

/**
 * The outbox reader (/dev/mail) is for local machines: it shows every e-mail the site
 * "sent", reset links included, to whoever asks, so production answers 404 (and a
 * production Worker cannot run without Resend anyway: app/kernel/http/env.server.ts).
 * Accountants read the same outbox, signed in, at /accounts/emails.
 */
export function refuseOutsideDevelopment(context: AppLoadContext): void {
  if (context.env.isProduction) throw notFound();
}
