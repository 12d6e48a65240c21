import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { notFound } from "~/kernel/http/answers.server";
import { claimSchedule } from "../screens/screens.server";

/** GET /accounts/gift-aid/claims/:id/schedule.ods: a recorded claim's schedule as it was claimed (docs/requirements.md §14). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const file = await claimSchedule(context, String(params.id), "ods");
  if (!file) throw notFound();
  return file;
}
