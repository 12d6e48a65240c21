import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountNotFound, ApplicationSheetView } from "~/features/membership/components/ApplicationSheet";
import {
  ACCOUNT_NOT_FOUND,
  APPLICATION_SHEET_TITLE,
  applicationSheet,
  applicationSheetAccess,
  isPlausibleRecordId,
} from "~/features/membership/application-sheet";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";
import { getUser } from "~/kernel/auth/auth.server";
import { PRIVATE_CACHE_CONTROL } from "~/kernel/http/cache-control.server";

const PRIVATE = { "Cache-Control": PRIVATE_CACHE_CONTROL };

export const headers: HeadersFunction = () => PRIVATE;

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.sheet ? APPLICATION_SHEET_TITLE : ACCOUNT_NOT_FOUND);

/**
 * The printable application sheet: an accountant may open any member's (deleted ones
 * too), a member only their own. Everyone else gets the ordinary 404, so the page never
 * tells whether an id exists (docs/requirements.md §2.2, §6.7).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const viewer = await getUser(request, context);
  const access = applicationSheetAccess(viewer, id);
  if (access === "none") throw new Response("Not Found", { status: 404, headers: PRIVATE });
  const member = access === "self" ? viewer : isPlausibleRecordId(id) ? await context.store.members.getById(id) : null;
  if (!member) return data({ sheet: null }, { status: 404, headers: PRIVATE });
  return data({ sheet: applicationSheet(member) }, { headers: PRIVATE });
}

export default function MemberDetails() {
  const { sheet } = useLoaderData<typeof loader>();
  return sheet ? <ApplicationSheetView sheet={sheet} /> : <AccountNotFound />;
}
