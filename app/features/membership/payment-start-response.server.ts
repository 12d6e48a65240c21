import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { PaymentStart } from "./membership-payments.server";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { limited } from "~/kernel/http/answers.server";
import { formMessageReply, type FormReply } from "~/kernel/forms";

/**
 * The answer to a member's payment start (Renew Now on /mem-account, the upgrade on
 * /amend-account), shared so both pages answer alike: a 303 to the checkout; already paid,
 * back to My Account with the message as a toast; over the limit, the page again with its
 * message and what was typed (429, Retry-After); the provider failing, back to `page` with the
 * message as a toast.
 */
export function paymentStartResponse(context: AppLoadContext, start: PaymentStart, page: string, typed: Record<string, string> | null = null) {
  switch (start.kind) {
    case "checkout":
      return redirect(start.url, 303);
    case "already-paid":
      return redirectWithToast(context, "/mem-account", { kind: "error", message: start.message });
    case "limited":
      return limited<FormReply>({ ...formMessageReply(start.message), initialValue: typed }, start.retryAfter);
    case "failed":
      return redirectWithToast(context, page, { kind: "error", message: start.message });
  }
}
