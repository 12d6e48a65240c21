import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { csvResponse } from "~/services/csv.server";
import { eventsCsvFile } from "~/services/events-report.server";

/** GET /mem-events-pay/tickets.csv: every ticket of the chosen year and event (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const file = await eventsCsvFile(context.store, { params: new URL(request.url).searchParams, thisYear: currentYear() });
  return csvResponse(file.filename, file.header, file.records);
}
