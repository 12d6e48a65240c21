import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { periodSchema } from "../screens/screens";
import { periodSchedule } from "../screens/screens.server";

/**
 * GET /accounts/gift-aid/schedule.xlsx?from&to: the period's claimable payments in HMRC's schedule
 * layout (docs/requirements.md §14, ADR 74), exactly the rows the claim page lists. A period that
 * cannot be read is 400 with its message; no action, so a POST gets 405.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: periodSchema });
  if (submission.status !== "success") {
    const messages = Object.values(submission.error ?? {}).flat();
    return new Response(messages.join("\n") || "Choose a period.", {
      status: 400,
      headers: { ...privateHeaders(), "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return periodSchedule(context, submission.value, "xlsx");
}
