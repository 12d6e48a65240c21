import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveStripeWebhook } from "~/features/payments/stripe-events.server";

/** Stripe's webhook (checkout.session.completed / expired): a resource route, POST only. */
export const action = ({ request, context }: ActionFunctionArgs) => receiveStripeWebhook(request, context);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
