import { currentYear } from "~/kernel/dates/dates";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireAccountant } from "~/kernel/auth/auth.server";
import { eventsExportFile } from "~/features/office/events-report.server";
import { xlsxDownload } from "~/features/office/xlsx.server";

/** GET /mem-events-pay/tickets.xlsx: the same tickets as tickets.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await eventsExportFile(context.store, { params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
