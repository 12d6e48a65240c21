import { data, type AppLoadContext } from "@remix-run/cloudflare";
import {
  NOT_CONFIRMED_MESSAGE,
  NOT_CONFIRMED_TITLE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_NOT_FOUND_TITLE,
  PAYMENT_SUCCESS_TITLE,
  SUCCESS_MESSAGES,
  UNAVAILABLE_MESSAGE,
  type PaymentPurpose,
} from "../domain/payment-pages";
import { PRIVATE_CACHE_CONTROL } from "./cache-control.server";
import { settleFromReturn } from "./settlement.server";

/**
 * The loaders of the four success pages: settle after verifying, then say what
 * happened. Visiting one by hand without a paid session changes nothing.
 */
export async function loadPaymentReturn(
  request: Request,
  context: AppLoadContext,
  params: { id?: string; memId?: string; ticketId?: string },
  purpose: PaymentPurpose,
) {
  const hint = new URL(request.url).searchParams.get("session_id");
  const { outcome } = await settleFromReturn(context, params.id ?? "", params.memId ?? "", hint && hint.length <= 255 ? hint : null, {
    ticketId: purpose === "ticket" ? (params.ticketId ?? "") : undefined,
  });
  // X-Settlement says what this request did (settled, already-settled, not-paid ...): for logs and tests.
  const headers = { "Cache-Control": PRIVATE_CACHE_CONTROL, "X-Robots-Tag": "noindex", "X-Settlement": outcome };
  switch (outcome) {
    case "settled":
    case "already-settled":
      return data({ title: PAYMENT_SUCCESS_TITLE, message: SUCCESS_MESSAGES[purpose], tone: "success" as const }, { headers });
    case "unknown":
      return data({ title: PAYMENT_NOT_FOUND_TITLE, message: PAYMENT_NOT_FOUND_MESSAGE, tone: "failed" as const }, { status: 404, headers });
    case "unavailable":
      return data({ title: NOT_CONFIRMED_TITLE, message: UNAVAILABLE_MESSAGE, tone: "pending" as const }, { status: 503, headers });
    default:
      return data({ title: NOT_CONFIRMED_TITLE, message: NOT_CONFIRMED_MESSAGE, tone: "pending" as const }, { headers });
  }
}
