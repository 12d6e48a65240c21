import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  NOT_CONFIRMED_MESSAGE,
  NOT_CONFIRMED_TITLE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_NOT_FOUND_TITLE,
  PAYMENT_SUCCESS_TITLE,
  SUCCESS_MESSAGES,
  UNAVAILABLE_MESSAGE,
  type PaymentPurpose,
} from "./payment-pages";
import { noIndexHeaders } from "~/kernel/http/response-headers";
import { settleFromReturn, type SettlementOutcome } from "./settlement.server";

/** What a return page says. */
export interface PaymentReturnPage {
  title: string;
  message: string;
  tone: "success" | "failed" | "pending";
}

/** The page, its status (404: no such payment; 503: our records could not be reached) and what the settlement did. */
export type PaymentReturn = { outcome: SettlementOutcome; status: 200 | 404 | 503; page: PaymentReturnPage };

/** Private, never indexed; X-Settlement says what this request did (settled, already-settled, not-paid ...): for logs and tests. */
export const paymentReturnHeaders = (outcome: SettlementOutcome) => ({ ...noIndexHeaders(), "X-Settlement": outcome });

/**
 * The loaders of the four success pages: settle after verifying, then say what
 * happened. Visiting one by hand without a paid session changes nothing.
 */
export async function loadPaymentReturn(
  request: Request,
  context: AppLoadContext,
  params: { id?: string; memId?: string; ticketId?: string },
  purpose: PaymentPurpose,
): Promise<PaymentReturn> {
  const hint = new URL(request.url).searchParams.get("session_id");
  const { outcome } = await settleFromReturn(context, params.id ?? "", params.memId ?? "", hint && hint.length <= 255 ? hint : null, {
    ticketId: purpose === "ticket" ? (params.ticketId ?? "") : undefined,
  });
  switch (outcome) {
    case "settled":
    case "already-settled":
      return { outcome, status: 200, page: { title: PAYMENT_SUCCESS_TITLE, message: SUCCESS_MESSAGES[purpose], tone: "success" } };
    case "unknown":
      return { outcome, status: 404, page: { title: PAYMENT_NOT_FOUND_TITLE, message: PAYMENT_NOT_FOUND_MESSAGE, tone: "failed" } };
    case "unavailable":
      return { outcome, status: 503, page: { title: NOT_CONFIRMED_TITLE, message: UNAVAILABLE_MESSAGE, tone: "pending" } };
    default:
      return { outcome, status: 200, page: { title: NOT_CONFIRMED_TITLE, message: NOT_CONFIRMED_MESSAGE, tone: "pending" } };
  }
}
