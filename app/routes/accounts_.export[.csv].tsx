import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CSV_HEADER, memberListQuery, readMemberTableParams } from "~/domain/member-table";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { csvResponse } from "~/services/csv.server";
import { membersCsvFilename, membersCsvRecords } from "~/services/member-csv.server";

/**
 * GET /accounts/export.csv?…: the members table the accountant was looking at
 * (same search params as /accounts; `list=deleted` for /deleted-members), every
 * page, as a CSV download. A resource route (no component), and not nested in the
 * /accounts layout (the `_` after `accounts`). No action: a POST is answered 405 by Remix.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  const deleted = params.get("list") === "deleted";
  const { rows } = await context.store.members.list(memberListQuery(readMemberTableParams(params), deleted, true));
  return csvResponse(membersCsvFilename(deleted), CSV_HEADER, membersCsvRecords(rows, currentYear()));
}
