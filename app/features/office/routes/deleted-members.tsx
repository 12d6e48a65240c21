import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { MembersScreen } from "~/features/office/components/MembersScreen";
import { answerMemberButton, membersListPage } from "~/features/office/members-list-answers.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

export const meta: MetaFunction = () => privatePageMeta("Deleted Members | Dashboard");

/** The same screen as /accounts over the soft-deleted members. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  return membersListPage(context, request, accountant, "deleted");
}

/** A row button; while our records cannot be reached the page says so (503). */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  return answerMemberButton(context, request, accountant, "deleted");
}, storeErrorReply);

export default function DeletedMembers() {
  return <MembersScreen answer={useActionData<typeof action>()} />;
}
