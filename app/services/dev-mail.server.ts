import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * The outbox reader (/dev/mail) is for local machines: it shows every e-mail the site
 * "sent", reset links included, to whoever asks, so production answers 404 (and a
 * production Worker cannot run without Resend anyway: app/services/env.server.ts).
 */
export function refuseOutsideDevelopment(context: AppLoadContext): void {
  if (context.env.isProduction) throw new Response("Not Found", { status: 404 });
}

/** Times on the outbox pages, formatted on the server so the browser shows the same text. */
export function outboxTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleString("en-GB", {
    timeZone: "Europe/London",
    dateStyle: "medium",
    timeStyle: "medium",
  });
}

export const DEV_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
