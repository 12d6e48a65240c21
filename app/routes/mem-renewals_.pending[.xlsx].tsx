import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { renewalsExportFile } from "~/services/renewals-report.server";
import { xlsxDownload } from "~/services/xlsx.server";

/** GET /mem-renewals/pending.xlsx: the same rows as pending.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await renewalsExportFile(context.store, { table: "pending", params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
