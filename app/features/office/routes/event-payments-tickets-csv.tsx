import { currentYear } from "~/kernel/dates/dates";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireAccountant } from "~/kernel/auth/auth.server";
import { csvDownload } from "~/features/office/csv.server";
import { eventsExportFile } from "~/features/office/events-report.server";

/** GET /mem-events-pay/tickets.csv: every ticket of the chosen event (docs/requirements.md §6.10) (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return csvDownload(await eventsExportFile(context.store, { params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
