import { currentYear } from "~/kernel/dates/dates";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { MembersScreen } from "~/features/office/components/MembersScreen";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { membersListBack } from "~/features/office/members-screen";
import { privatePageMeta } from "~/kernel/layout/private-page-meta";

import { recordActivity } from "~/kernel/activity/activity.server";
import { requireAccountant } from "~/kernel/auth/auth.server";
import { privateHeaders } from "~/kernel/http/response-headers";
import { applyMemberAction, loadMembersTable } from "~/features/office/members-table.server";
import { memberActionSchema } from "~/features/office/member-action-post";
import { storeErrorReply, storeSafeAction } from "~/kernel/forms/store-errors.server";
import { redirectWithToast } from "~/kernel/http/toast.server";

export const meta: MetaFunction = () => privatePageMeta("Deleted Members | Dashboard");

/** The same screen as /accounts over the soft-deleted members. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const accountant = await requireAccountant(request, context);
  const params = new URL(request.url).searchParams;
  return data(await loadMembersTable(context.store, { list: "deleted", params, accountantId: accountant.id, year: currentYear() }), {
    headers: privateHeaders(),
  });
}

/** A row button; while our records cannot be reached the page says so (503). */
export const action = storeSafeAction(async ({ request, context }: ActionFunctionArgs) => {
  const accountant = await requireAccountant(request, context);
  const url = new URL(request.url);
  const back = membersListBack("deleted", url);
  const submission = parseWithZod(await request.formData(), { schema: memberActionSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  const { do: chosen, confirmed } = submission.value;
  const outcome = await applyMemberAction(context, {
    list: "deleted",
    back,
    accountantId: accountant.id,
    intent: chosen.action,
    id: chosen.id,
    confirmed: confirmed === "1",
    origin: url.origin,
  });
  if (!("toast" in outcome)) return data(outcome, { headers: privateHeaders() });
  if (outcome.activity) await recordActivity(context, accountant, outcome.activity);
  return redirectWithToast(context, back, outcome.toast);
}, storeErrorReply);

export default MembersScreen;
