import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveStripeWebhook } from "~/features/payments/stripe-events.server";

/**
 * Stripe's webhook (checkout.session.completed / expired): a resource route, POST only. Not
 * wrapped in storeSafeAction (ADR 59): a store outage answers 500, so Stripe delivers the
 * event again later, and settling it twice changes nothing (ADR 16).
 */
export const action = ({ request, context }: ActionFunctionArgs) => receiveStripeWebhook(request, context);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
