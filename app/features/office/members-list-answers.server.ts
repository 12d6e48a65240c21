import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { recordActivity } from "~/kernel/activity/activity.server";
import type { Member } from "~/kernel/store/records";
import { currentYear } from "~/kernel/dates/dates";
import { ACTION_NOT_UNDERSTOOD } from "~/kernel/forms/back-office-messages";
import { privateHeaders } from "~/kernel/http/response-headers";
import { redirectWithToast } from "~/kernel/http/toast.server";
import { memberActionSchema } from "./member-action-post";
import { membersListBack, type MembersList } from "./members-screen";
import { applyMemberAction, loadMembersTable } from "./members-table.server";

/**
 * What /accounts and /deleted-members answer, once their route has guarded: the two lists are
 * one screen over the current or the soft-deleted members, so they answer alike.
 */

/** One page of the list, never cached. */
export async function membersListPage(context: AppLoadContext, request: Request, accountant: Member, list: MembersList) {
  const params = new URL(request.url).searchParams;
  const [view, staffTwoStep] = await Promise.all([
    loadMembersTable(context.store, { list, params, accountantId: accountant.id, year: currentYear() }),
    list === "current" ? context.store.twoStep.staffRequired() : true,
  ]);
  return data({ ...view, staffTwoStepOff: !staffTwoStep }, { headers: privateHeaders() });
}

/** A row button: a post not understood (400), a question first (no JavaScript), or the change and back to the same view with a toast. */
export async function answerMemberButton(context: AppLoadContext, request: Request, accountant: Member, list: MembersList) {
  const url = new URL(request.url);
  const back = membersListBack(list, url);
  const submission = parseWithZod(await request.formData(), { schema: memberActionSchema });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [ACTION_NOT_UNDERSTOOD] }), { status: 400, headers: privateHeaders() });
  const { do: chosen, confirmed } = submission.value;
  const outcome = await applyMemberAction(context, {
    list,
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
}
