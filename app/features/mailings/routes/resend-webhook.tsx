import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveResendWebhook } from "~/features/mailings/webhook/resend-events.server";

/**
 * Resend's webhook (email.bounced, email.complained; docs/requirements.md §13, ADR 73): a resource
 * route, POST only, JSON body (server.ts lets this path's body through as the Stripe webhook's).
 * Not wrapped in storeSafeAction (ADR 59): a store outage answers 500, so Svix delivers the event
 * again later, and the change is the same the second time.
 */
export const action = ({ request, context }: ActionFunctionArgs) => receiveResendWebhook(request, context);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
