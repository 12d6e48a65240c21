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
import { privateHeaders } from "~/kernel/http/response-headers";
import { notFound, notFoundPage } from "~/kernel/http/answers.server";

export const headers: HeadersFunction = () => privateHeaders();

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
  if (access === "none") throw notFound(privateHeaders());
  const member = access === "self" ? viewer : isPlausibleRecordId(id) ? await context.store.members.getById(id) : null;
  if (!member) return notFoundPage({ sheet: null }, privateHeaders());
  return data({ sheet: applicationSheet(member) }, { headers: privateHeaders() });
}

export default function MemberDetails() {
  const { sheet } = useLoaderData<typeof loader>();
  return sheet ? <ApplicationSheetView sheet={sheet} /> : <AccountNotFound />;
}
