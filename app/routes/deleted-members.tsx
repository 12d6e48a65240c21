import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MembersScreen } from "~/components/admin/MembersScreen";
import { loadMembersTable, membersTableAction } from "~/services/members-table.server";

export const meta: MetaFunction = () => [{ title: "Deleted Members | Dashboard" }, { name: "robots", content: "noindex" }];

/** The same screen as /accounts over the soft-deleted members (accountants only). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembersTable(request, context, "deleted");
export const action = ({ request, context }: ActionFunctionArgs) => membersTableAction(request, context, "deleted");

export default MembersScreen;
