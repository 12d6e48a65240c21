import { currentYear } from "~/kernel/dates/dates";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireAccountant } from "~/kernel/auth/auth.server";
import { csvDownload } from "~/features/office/csv.server";
import { renewalsExportFile } from "~/features/office/renewals-report.server";

/** GET /mem-renewals/pending.csv: the pending table of the subscriptions report, every row the search finds (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return csvDownload(await renewalsExportFile(context.store, { table: "pending", params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
