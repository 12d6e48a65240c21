import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { STORE_UNAVAILABLE_MESSAGE } from "~/kernel/forms/store-errors";
import { isStoreUnavailable } from "~/kernel/forms/store-errors.server";
import { notFound } from "~/kernel/http/answers.server";
import { safeRedirect } from "~/kernel/http/safe-redirect";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { memberPagePath, resendReturnPath } from "~/features/payments/resend-receipt";
import { resendReceiptSchema } from "~/features/payments/resend-receipt-form";
import { resendReceipt } from "~/features/payments/resend-receipt.server";

/**
 * Send a receipt again (docs/requirements.md §4.11): the member page's button, accountants only. A resource
 * route (no page of its own): guard, parse, send (at most three a day per payment), and back to where the
 * button was with a toast. It writes (the outbox, the counter), so a store outage is answered here: back
 * with a message, nothing sent.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAccountant(request, context);
  const submission = parseWithZod(await request.formData(), { schema: resendReceiptSchema, disableAutoCoercion: true });
  // A resource route: the reply goes out as JSON itself, as the cookie notice's does.
  if (submission.status !== "success") return Response.json(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400 });
  const { redirectTo } = submission.value;
  try {
    const outcome = await resendReceipt(context, String(params.id));
    if (!outcome) throw notFound();
    return redirectWithToast(context, resendReturnPath(redirectTo, outcome.memberId), outcome.toast);
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    return redirectWithToast(context, safeRedirect(redirectTo, "/accounts"), { kind: "error", message: STORE_UNAVAILABLE_MESSAGE });
  }
}

/** Nothing to show: a GET (a bookmarked or reloaded address) goes to the payment's member page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const transaction = await context.store.transactions.getById(String(params.id));
  if (!transaction) throw notFound();
  return redirect(memberPagePath(transaction.userId));
}
