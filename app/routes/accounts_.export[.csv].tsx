import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberListQuery, readMemberTableParams } from "~/domain/member-table";
import { currentYear } from "~/domain/renewal";
import { requireAccountant } from "~/services/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/services/cache-control.server";
import { membersCsv, membersCsvFilename } from "~/services/member-csv.server";

/**
 * GET /accounts/export.csv?…: the members table the accountant was looking at
 * (same search params as /accounts; `list=deleted` for /deleted-members), every
 * page, as a CSV download. Accountants only. A resource route (no component), and
 * not nested in the /accounts layout (the `_` after `accounts`). No action: a POST
 * is answered 405 by Remix.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  const deleted = params.get("list") === "deleted";
  const state = readMemberTableParams(params);
  const { rows } = await context.store.members.list(memberListQuery(state, deleted, true));
  const body = membersCsv(rows, currentYear());
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${membersCsvFilename(deleted)}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
