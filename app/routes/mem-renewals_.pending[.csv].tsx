import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { csvDownload } from "~/services/csv.server";
import { renewalsExportFile } from "~/services/renewals-report.server";

/** GET /mem-renewals/pending.csv: the pending table of the subscriptions report, every row the search finds (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return csvDownload(await renewalsExportFile(context.store, { table: "pending", params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
