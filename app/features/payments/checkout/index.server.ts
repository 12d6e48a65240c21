import type { AppLoadContext } from "@remix-run/cloudflare";
import { CheckoutUnavailableError, type CheckoutGateway } from "./gateway";
import { practiceGateway } from "./practice-gateway.server";
import { stripeGateway } from "./stripe-gateway.server";

/**
 * The payment provider for this request: Stripe when STRIPE_SECRET_KEY is set; else the
 * local practice checkout (the embedded default). Production never gets the practice
 * checkout: without a key, payments are unavailable and say so.
 */
export function createCheckoutGateway(context: AppLoadContext): CheckoutGateway {
  const { env } = context;
  if (env.STRIPE_SECRET_KEY) return stripeGateway(env);
  if (env.isProduction) return unavailableGateway();
  return practiceGateway(context.store.practiceCheckouts, { isProduction: env.isProduction });
}

function unavailableGateway(): CheckoutGateway {
  const refuse = () => Promise.reject(new CheckoutUnavailableError("Online payment is not configured (STRIPE_SECRET_KEY is not set)."));
  return { kind: "stripe", createSession: refuse, retrieveSession: refuse, refund: refuse };
}
