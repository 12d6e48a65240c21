import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { membersDownload } from "~/features/office/member-csv.server";
import { xlsxDownload } from "~/features/office/xlsx.server";

/** GET /accounts/export.xlsx?…: the same members as /accounts/export.csv, as an Excel file (no action, so a POST gets 405). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return xlsxDownload(await membersDownload(context.store, new URL(request.url).searchParams));
}
