import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { renewalsExportFile } from "~/services/renewals-report.server";
import { xlsxDownload } from "~/services/xlsx.server";

/** GET /mem-renewals/renewed.xlsx: the same rows as renewed.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await renewalsExportFile(context.store, { table: "renewed", params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
