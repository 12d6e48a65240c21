import Stripe from "stripe";

/** Web Crypto (SubtleCrypto): what the Worker has; Node's crypto module is not used. */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The event Stripe sent to /webhooks/stripe, once its `Stripe-Signature` header is
 * checked against STRIPE_WEBHOOK_SECRET (HMAC-SHA256 of `timestamp.payload`, at most
 * the SDK's 300 s old). `payload` must be the raw request body, unparsed. null for a
 * missing, malformed, wrong or old signature: the caller answers 400 and changes nothing.
 */
export async function verifyStripeWebhook(secret: string, payload: string, signatureHeader: string | null): Promise<Stripe.Event | null> {
  if (!secret || !signatureHeader) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(payload, signatureHeader, secret, undefined, cryptoProvider);
  } catch {
    return null;
  }
}
