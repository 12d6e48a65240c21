import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { xlsxDownload } from "~/features/office/index.server";
import { loadDonations } from "~/features/donations/donations-report.server";
import { donationsExportFile } from "~/features/donations/donations-report";
import { donationsPeriod } from "~/features/donations/donations";

/** GET /accounts/donations.xlsx?from&to: the same rows as donations.csv, as an Excel file (docs/requirements.md §14), no action (a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const period = donationsPeriod(new URL(request.url).searchParams, Math.floor(Date.now() / 1000));
  return xlsxDownload(donationsExportFile(await loadDonations(context, period), period));
}
