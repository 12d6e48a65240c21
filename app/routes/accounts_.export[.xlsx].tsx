import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/services/auth.server";
import { membersDownload } from "~/services/member-csv.server";
import { xlsxDownload } from "~/services/xlsx.server";

/** GET /accounts/export.xlsx?…: the same members as /accounts/export.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await membersDownload(context.store, new URL(request.url).searchParams));
}
