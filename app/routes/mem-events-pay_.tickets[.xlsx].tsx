import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { eventsExportFile } from "~/services/events-report.server";
import { xlsxDownload } from "~/services/xlsx.server";

/** GET /mem-events-pay/tickets.xlsx: the same tickets as tickets.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await eventsExportFile(context.store, { params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
