import { currentYear } from "~/kernel/dates/dates";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireAccountant } from "~/kernel/auth/auth.server";
import { renewalsExportFile } from "~/features/office/renewals-report.server";
import { xlsxDownload } from "~/features/office/xlsx.server";

/** GET /mem-renewals/pending.xlsx: the same rows as pending.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await renewalsExportFile(context.store, { table: "pending", params: new URL(request.url).searchParams, thisYear: currentYear() }));
}
