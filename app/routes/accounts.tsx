import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MembersScreen } from "~/components/admin/MembersScreen";
import { loadMembersTable, membersTableAction } from "~/services/members-table.server";
import { storeSafeAction } from "~/services/store-errors.server";
import { privatePageMeta } from "~/domain/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("Members | Dashboard");

/** The accountant's Dashboard: the members table (accountants only; the guard is in the service). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembersTable(request, context, "current");
/** A row action while our records cannot be reached: the page says so (503). */
export const action = storeSafeAction(({ request, context }: ActionFunctionArgs) => membersTableAction(request, context, "current"), (_form, formError) => ({ formError }));

export default MembersScreen;
