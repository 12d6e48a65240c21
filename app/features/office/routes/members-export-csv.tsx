import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { csvDownload } from "~/features/office/csv.server";
import { membersDownload } from "~/features/office/member-csv.server";

/**
 * GET /accounts/export.csv?…: the members table the accountant was looking at
 * (same search params as /accounts; `list=deleted` for /deleted-members), every
 * page, as a CSV download. A resource route (no component), and not nested in the
 * /accounts layout (the `_` after `accounts`). No action: a POST is answered 405 by Remix.
 * Its Excel twin is accounts_.export[.xlsx].tsx.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  return csvDownload(await membersDownload(context.store, new URL(request.url).searchParams));
}
