import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { transactionOfTicket } from "~/features/payments/refunds.server";
import { refundPath } from "~/features/payments/refunds";
import { notFound } from "~/kernel/http/answers.server";

/** The events report's "Refund" (its rows are tickets): on to the refund page of the ticket's paid transaction. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const transactionId = await transactionOfTicket(context, String(params.ticketId));
  if (!transactionId) throw notFound();
  return redirect(refundPath(transactionId));
}
