import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatPence } from "~/kernel/values/money";
import { PRACTICE_MESSAGES, type PracticeIntent } from "~/features/payments/practice-checkout-form";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { noIndexHeaders } from "~/kernel/http/response-headers";
import { refuseOutsideDevelopment } from "~/features/mail/index.server";
import { cancelPracticeSession, completePracticeSession, practiceCheckoutPath, readPracticeSession, type PracticeOptions } from "./practice-gateway.server";
import { notFound } from "~/kernel/http/answers.server";

/**
 * What /practice-checkout/<id> shows and does (the route only wires these up). Like
 * Stripe's hosted page it needs no sign-in: the unguessable session id is the key, and
 * the page shows only what the session holds. Production answers 404.
 */

export { PRACTICE_MESSAGES } from "~/features/payments/practice-checkout-form";

export interface PracticeCheckoutView {
  id: string;
  state: "open" | "complete" | "expired";
  description: string;
  items: { price: string; quantity: number }[];
  total: string;
  customerEmail: string;
  /** For a paid session: where Pay led (when that is on this site), to go there again. */
  successHref: string | null;
}

function options(context: AppLoadContext): PracticeOptions {
  return { isProduction: context.env.isProduction };
}

/**
 * A return URL (with `{CHECKOUT_SESSION_ID}` filled in, as Stripe does) if it is a path on
 * this site or a URL on the origin the request came to; null for anything else, so the
 * page is never an open redirect.
 */
export function sameOriginReturnUrl(template: string, sessionId: string, requestUrl: string): string | null {
  const url = template.replaceAll("{CHECKOUT_SESSION_ID}", sessionId);
  if (url.startsWith("/")) return safeRedirect(url, "") || null;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const ours = new URL(requestUrl);
  if (parsed.origin !== ours.origin || parsed.username || parsed.password) return null;
  return parsed.href;
}

function readSession(context: AppLoadContext, id: string) {
  refuseOutsideDevelopment(context);
  return readPracticeSession(context.store.practiceCheckouts, id, options(context));
}

/**
 * An unknown id: the site's 404 page, drawn by the root error boundary. Thrown rather than
 * rendered here, so this page does not pull the status pages out of the root chunk (every
 * public page would load them separately). A 404 is never cached (only 200s are).
 */
export async function loadPracticeCheckout(request: Request, context: AppLoadContext, id: string): Promise<PracticeCheckoutView> {
  const session = await readSession(context, id);
  if (!session) throw notFound(noIndexHeaders());
  return {
    id: session.id,
    state: session.status,
    description: session.description,
    // A one-off price (a donation) has no price id: the page names it by what it is and costs.
    items: session.lineItems.map(({ price, quantity, priceData }) => ({
      price: priceData ? `${priceData.productName} (${formatPence(priceData.unitAmount)})` : price,
      quantity,
    })),
    total: formatPence(session.amountTotal ?? 0),
    customerEmail: session.customerEmail,
    successHref: session.status === "complete" ? sameOriginReturnUrl(session.successUrl, session.id, request.url) : null,
  };
}

/**
 * The action's guard: the session the unguessable id names (like Stripe's hosted page, no
 * sign-in); an unknown id is the site's 404, whatever was posted. Production answers 404.
 */
export async function requirePracticeSession(context: AppLoadContext, id: string) {
  const session = await readSession(context, id);
  if (!session) throw notFound(noIndexHeaders());
  return session;
}

export type PracticeSession = Awaited<ReturnType<typeof requirePracticeSession>>;

/** Where Pay or Cancel leads (303), or why it cannot go on (nothing changed). */
export type PracticeOutcome = { kind: "go"; to: string } | { kind: "refused"; message: string };

/**
 * Pay or Cancel. Pay completes an open session and goes to its success URL; Cancel
 * expires it unpaid and goes to its cancel URL (Stripe's placeholder filled in). A
 * session that is no longer open changes no more: the page shows what it is.
 * A return URL off this site is refused before anything changes.
 */
export async function actOnPracticeCheckout(
  context: AppLoadContext,
  { session, intent, requestUrl }: { session: PracticeSession; intent: PracticeIntent; requestUrl: string },
): Promise<PracticeOutcome> {
  const target = sameOriginReturnUrl(intent === "pay" ? session.successUrl : session.cancelUrl, session.id, requestUrl);
  if (!target) return { kind: "refused", message: PRACTICE_MESSAGES.badReturn };

  const sessions = context.store.practiceCheckouts;
  const after =
    intent === "pay"
      ? await completePracticeSession(sessions, session.id, options(context))
      : await cancelPracticeSession(sessions, session.id, options(context));
  const landed = intent === "pay" ? after?.status === "complete" : after?.status === "expired" && after.paymentStatus === "unpaid";
  // A second Pay of a paid session lands on the success URL again; anything else shows the page as it now is.
  return { kind: "go", to: landed ? target : practiceCheckoutPath(session.id) };
}
