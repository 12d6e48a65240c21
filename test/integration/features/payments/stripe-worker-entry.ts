/**
 * A tiny worker for test/integration/features/payments/stripe-gateway-workerd.test.ts only (never
 * part of the site): bundled with the Worker's resolve conditions and run in workerd, it
 * runs the Stripe gateway and webhook check on the JSON it is posted.
 */
import { CheckoutUnavailableError, type NewCheckoutSession } from "../../../../app/features/payments/checkout/gateway";
import { stripeGateway } from "../../../../app/features/payments/checkout/stripe-gateway.server";
import { verifyStripeWebhook } from "../../../../app/features/payments/checkout/stripe-webhook.server";

type Call =
  | { do: "create"; env: { STRIPE_SECRET_KEY: string; STRIPE_API_URL?: string }; session: NewCheckoutSession }
  | { do: "retrieve"; env: { STRIPE_SECRET_KEY: string; STRIPE_API_URL?: string }; id: string }
  | { do: "verify"; secret: string; payload: string; header: string | null };

export default {
  async fetch(request: Request): Promise<Response> {
    const call = (await request.json()) as Call;
    try {
      if (call.do === "verify") return Response.json({ event: await verifyStripeWebhook(call.secret, call.payload, call.header) });
      const gateway = stripeGateway(call.env);
      if (call.do === "create") return Response.json({ session: await gateway.createSession(call.session) });
      return Response.json({ session: await gateway.retrieveSession(call.id) });
    } catch (error) {
      const name = error instanceof CheckoutUnavailableError ? "CheckoutUnavailableError" : error instanceof Error ? error.name : "unknown";
      return Response.json({ error: { name, message: error instanceof Error ? error.message : String(error) } }, { status: 500 });
    }
  },
};
